// The demo's win/loss interviews (issue #57): about 150 interviews of closed demo deals, each a transcript of 10–40
// turns (the interviewer and the buyer taking turns) written as WebVTT, SRT, JSON turns or plain text, read and
// analysed by the very code an upload runs (the InterviewAnalyser the seed is handed: search-api/interviews/service.ts
// interviewAnalyser), so the suggested reasons are the tagger's. The buyer speaks of the reasons the deal's reps gave, and of its rival by name; a share of the
// interviews was reviewed (the suggestions confirmed, some passages quoted), so the deals' buyer-said reasons, the
// reports and the quote library have the buyer's words. Deterministic for a given `now`.
import { sql } from 'drizzle-orm';
import { rowsOf, type Exec } from '../client.ts';
import { syncVoiceReasons } from '../deals.ts';
import type { DealOutcome } from '../../contracts/deals.ts';
import type { TranscriptFormat } from '../../contracts/winLoss.ts';
import { insertPassages, type AnalysedPassage, type StoredPassage } from '../interviews.ts';
import { DAY, type Rng } from './random.ts';

export const DEMO_INTERVIEWS = 150;
/** Shares of the interviews a curator reviewed, and of a reviewed interview's tagged passages put in the quote library. */
const REVIEWED = 0.6;
const QUOTED = 0.4;

const INTERVIEWERS = ['Priya Raman', 'Sam Ortiz', 'Lena Fischer', 'Tomás Alvarez'];
const BUYERS = ['Marcus Lee', 'Dana Wu', 'Jordan Blake', 'Aisha Karim', 'Felix Brandt', 'Noor Haddad', 'Chris Novak', 'Elena Petrova', 'Owen Price', 'Mei Tanaka'];

/** What a buyer says for each demo reason ({rival}: the deal's rival). */
const SAYS: Record<string, string[]> = {
  'Price and total cost': ['Honestly the pricing was a big part of it. Your per seat cost came in under what we had budgeted.', 'When we modelled the three year cost you were clearly the cheaper option compared with {rival}.'],
  'Ease of use': ['Our analysts found it intuitive from day one, nobody needed a training course.', 'It was just easy. The finance team built their own reports in the first week.'],
  'Time to value': ['We were up and running in about two weeks, which mattered with the board meeting coming.', 'Onboarding was smooth and the first dashboard was live within a week.'],
  'Executive relationship': ['Your CEO called our CFO personally, and that relationship made us comfortable.', 'We trust the account team, they have been straight with us for years.'],
  'Embedded analytics': ['We needed to embed the dashboards inside our product for our own customers, and you made that simple.', 'White labeling the charts in our customer portal was the deciding requirement.'],
  'AI assistant': ['The AI assistant was the moment in the demo, people could ask questions in plain English.', 'Our managers love the copilot, they just type what they want to see.'],
  'Governance and security': ['Security signed off quickly because of the SOC 2 report and the row level permissions.', 'Governance was the requirement for us, lineage and the audit trail out of the box.'],
  'Customer references': ['The reference call with a company like ours was what convinced our CIO.', 'Talking to customers like us who had done the same migration helped a lot.'],
  'Integrations and connectors': ['{rival} had a native connector to our ERP and you did not. That integration was non-negotiable.', 'Your API could not push data back into our CRM, which our ops team needed.'],
  Price: ['Frankly you were too expensive, the quote was well above {rival}.', 'The price went up between the first proposal and the final one, and that hurt.'],
  'Missing feature': ['You were missing scheduled exports, and that feature was on our must-have list.', 'There was a gap around row based alerting. {rival} does that today.'],
  'Incumbent vendor': ['In the end we stayed with our incumbent, the switching effort was just too much this year.', 'We already had {rival} through the enterprise agreement, so the status quo won.'],
  'Performance at scale': ['Dashboards were slow on our larger tables, and at our scale that was a real worry.', 'During the proof of concept queries timed out on the billion rows dataset.'],
  'Procurement and legal': ['Procurement and legal could not agree on the liability terms in your contract.', 'Our lawyers spent six weeks on redlines and the quarter ran out.'],
  'No budget': ['The budget for the project was cut in the spring, so nothing got bought.', 'There was a spending freeze across the company after the reorg.'],
  'Weak champion': ['Our champion left in March and nobody internally picked it up.', 'Honestly there was no advocate for you inside, the sponsor was never engaged.'],
};
const QUESTIONS = [
  'Thanks for making time. Can you walk me through how the evaluation started?',
  'Who else was involved in the decision on your side?',
  'What made the difference in the end?',
  'How did {rival} compare in the final round?',
  'Was there anything else that weighed on the decision?',
  'How did the proof of concept go?',
  'If you could change one thing about our offer, what would it be?',
  'How did the demo land with your team?',
  'What would you tell another team choosing a tool like this?',
  'Is there anything we should have asked and did not?',
];
const FILLER = [
  'We looked at four tools over about two months, with a small working group.',
  'The data team ran the technical side and finance owned the business case.',
  'It was a fairly standard process, a long list, then a short list of two.',
  'The demo went fine, people asked a lot of questions about the dashboards.',
  'I think we were clear about what we needed from the start.',
  'Our CFO signed off on the final recommendation.',
  'Not really, I think I have covered the main points.',
  'We will revisit the decision when the contract comes up again.',
];
const FORMATS: TranscriptFormat[] = ['vtt', 'srt', 'json', 'text'];

/** A transcript file read and analysed: its format, its words and its passages. */
export type AnalysedTranscript = { format: TranscriptFormat; words: number; passages: AnalysedPassage[] };
/** Reads and analyses a company's transcripts (its taxonomy and rivals read once, when made). */
export type InterviewAnalyser = (
  db: Exec,
  companyId: number,
) => Promise<(file: Buffer, opts: { format?: string; fileName?: string }, interview: { interviewer: string; buyerSpeakers: string[]; outcome: DealOutcome | null }) => Promise<AnalysedTranscript>>;

type Turn = { speaker: string; text: string };
type DealRow = { id: number; outcome: DealOutcome; closedOn: string; persona: string | null; rival: string | null; reasons: string[] };

const clock = (ms: number, sep: '.' | ',') => {
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}${sep}${pad(ms % 1000, 3)}`;
};

/** The turns as a file of the format, with timings where the format has them. */
export function transcriptFile(format: TranscriptFormat, turns: Turn[]): string {
  const timed = turns.map((t, i) => ({ ...t, from: i * 9_000, to: i * 9_000 + 8_000 }));
  if (format === 'vtt') return `WEBVTT\n\n${timed.map((t) => `${clock(t.from, '.')} --> ${clock(t.to, '.')}\n<v ${t.speaker}>${t.text}</v>`).join('\n\n')}\n`;
  if (format === 'srt') return `${timed.map((t, i) => `${i + 1}\n${clock(t.from, ',')} --> ${clock(t.to, ',')}\n${t.speaker}: ${t.text}`).join('\n\n')}\n`;
  if (format === 'json') return JSON.stringify(timed.map((t) => ({ speaker: t.speaker, start: t.from / 1000, end: t.to / 1000, text: t.text })));
  return timed.map((t) => `${t.speaker}: ${t.text}`).join('\n\n');
}

function conversation(rng: Rng, deal: DealRow, interviewer: string, buyer: string): Turn[] {
  const rival = deal.rival ?? 'the other vendor';
  const fill = (s: string) => s.replaceAll('{rival}', rival);
  const said = deal.reasons.flatMap((r) => (SAYS[r] ? [rng.pick(SAYS[r])] : []));
  const pairs = rng.int(5, 20);
  const answers = rng.shuffle([...said, ...Array.from({ length: Math.max(0, pairs - said.length) }, () => rng.pick(FILLER))]);
  return answers.flatMap((answer, i) => [
    { speaker: interviewer, text: fill(QUESTIONS[Math.min(i, QUESTIONS.length - 1)]) },
    { speaker: buyer, text: fill(answer) },
  ]);
}

export async function seedInterviews(db: Exec, input: { companyId: number; curatorId: number; now: Date; rng: Rng; analyser: InterviewAnalyser }): Promise<{ interviews: number; passages: number; quoted: number }> {
  const { companyId, curatorId, now, rng } = input;
  const candidates = await rowsOf<DealRow>(
    db,
    sql`SELECT d.id, d.outcome, d.closed_on::text AS "closedOn", d.buyer_persona AS persona, r.name AS rival,
          coalesce((SELECT array_agg(w.name ORDER BY w.name) FROM deal_reasons dr JOIN win_loss_reasons w ON w.id = dr.reason_id
                    WHERE dr.deal_id = d.id AND w.kind = d.outcome), '{}') AS reasons
        FROM deals d LEFT JOIN rivals r ON r.id = d.primary_rival_id
        WHERE d.company_id = ${companyId} AND d.outcome IN ('win', 'loss') ORDER BY d.closed_on DESC, d.id`,
  );
  const deals = rng.sampleInOrder(candidates, Math.min(DEMO_INTERVIEWS, candidates.length));
  const analyse = await input.analyser(db, companyId);
  // Everything is read and analysed first, then written in three statements (one a table): a seed of statements by
  // interview took seconds.
  const planned = await Promise.all(
    deals.map(async (deal, i) => {
      const interviewer = INTERVIEWERS[i % INTERVIEWERS.length];
      const buyer = rng.pick(BUYERS);
      const format = FORMATS[i % FORMATS.length];
      const heldOn = new Date(Math.min(now.getTime() - DAY, Date.parse(deal.closedOn) + rng.int(5, 30) * DAY)).toISOString().slice(0, 10);
      const turns = conversation(rng, deal, interviewer, buyer);
      const reviewed = rng.chance(REVIEWED);
      const quoteDraws = turns.map(() => rng.chance(QUOTED));
      const transcript = await analyse(Buffer.from(transcriptFile(format, turns)), { format }, { interviewer, buyerSpeakers: [buyer], outcome: deal.outcome });
      return { deal, interviewer, buyer, format, heldOn, reviewed, quoteDraws, transcript, passages: transcript.passages };
    }),
  );
  const col = <T>(f: (p: (typeof planned)[number]) => T) => sql.param(planned.map(f));
  const ids = await rowsOf<{ id: number; dealId: number }>(
    db,
    sql`INSERT INTO interviews (company_id, deal_id, interviewed_on, interviewer, buyer_role, buyer_speakers, transcript_format, transcript_name, word_count, created_by)
        SELECT ${companyId}, x.deal_id, x.held_on, x.interviewer, x.role, ARRAY[x.buyer], x.format, 'interview-' || x.n || '.' || x.ext, x.words, ${curatorId}
        FROM unnest(${col((p) => p.deal.id)}::int[], ${col((p) => p.heldOn)}::date[], ${col((p) => p.interviewer)}::text[],
                    ${col((p) => p.deal.persona ?? 'Head of Data')}::text[], ${col((p) => p.buyer)}::text[], ${col((p) => p.format)}::text[],
                    ${col((p) => (p.format === 'text' ? 'txt' : p.format))}::text[], ${col((p) => p.transcript.words)}::int[])
          WITH ORDINALITY AS x(deal_id, held_on, interviewer, role, buyer, format, ext, words, n)
        RETURNING id, deal_id AS "dealId"`,
  );
  // A deal has one demo interview: its id names the interview.
  const idOf = new Map(ids.map((r) => [r.dealId, r.id]));
  // A reviewed interview: the curator confirmed the suggestions of the buyer's passages and quoted some tagged ones.
  const stored: StoredPassage[] = planned.flatMap((p) =>
    p.passages.map((x, i) => {
      const confirmed = p.reviewed && x.isBuyer;
      return { ...x, interviewId: idOf.get(p.deal.id)!, reasonIds: confirmed ? x.suggestedReasonIds : null, quoted: confirmed && x.suggestedReasonIds.length > 0 && p.quoteDraws[i] };
    }),
  );
  await insertPassages(db, companyId, stored);
  await syncVoiceReasons(db, companyId, deals.map((d) => d.id));
  return { interviews: deals.length, passages: stored.length, quoted: stored.filter((p) => p.quoted).length };
}
