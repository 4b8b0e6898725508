// The demo's win/loss surveys (issue #57): a survey sent two months ago whose links have run out (answered or
// expired), one sent last week still collecting answers (mailed, opened, answered, some reminded), and a draft over
// recently closed deals. About a third of the contacts mailed answered, picking reasons of their deal's outcome and
// saying a sentence in their own words, which land on the deals as buyer-said reasons and quotes.
// Deterministic for a given `now`, except the token hashes: they hash random tokens nobody keeps, so no demo link
// can be worked out from this code.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Exec } from '../client.ts';
import { syncVoiceReasons } from '../deals.ts';
import { DAY, type Rng } from './random.ts';

const VENDORS = ['Only us', 'Two or three', 'Four or more'];
const QUESTIONS = [
  { id: 'process', type: 'rating', text: 'How would you rate our sales process?', scale: 5, required: true },
  { id: 'reasons', type: 'reasons', text: 'What mattered most in your decision?', required: true },
  { id: 'vendors', type: 'single', text: 'How many vendors did you consider?', options: VENDORS, required: false },
  { id: 'words', type: 'text', text: 'In your own words: what decided it?', required: false },
];

const QUOTES: Record<'win' | 'loss', string[]> = {
  win: [
    'Your team understood our reporting problem better than anyone else we spoke to.',
    'The total cost over three years was clearly lower, and finance noticed.',
    'We had dashboards running in the trial week; the others needed a consultant.',
    'Our analysts liked the assistant: it answered questions in plain language.',
    'Security review went quickly because the governance features were already there.',
    'Talking to two of your customers in our industry settled it.',
    'Your account executive kept our executives informed without pushing.',
    'Embedding the charts in our own portal was the deciding requirement.',
  ],
  loss: [
    'We needed a native connector to our ERP and you did not have one.',
    'The price was fine, but the other vendor bundled training and support.',
    'Our IT team already runs the incumbent tool and did not want a second one.',
    'Performance on our largest tables was not where it needed to be in the trial.',
    'Legal could not agree on the data processing terms in time.',
    'The budget was cut in the last quarter and the project was paused.',
    'A feature we need for scheduled exports is still on your roadmap.',
    'Our champion left mid-process and nobody picked the project up.',
  ],
};

const FIRST = ['Anna', 'Ben', 'Carla', 'David', 'Elena', 'Farid', 'Grace', 'Hugo', 'Ines', 'Jonas', 'Kara', 'Liam', 'Maya', 'Noah', 'Olivia', 'Pavel', 'Rosa', 'Sam', 'Tara', 'Victor'];
const LAST = ['Adler', 'Brooks', 'Costa', 'Dubois', 'Evans', 'Fischer', 'Garcia', 'Hansen', 'Ito', 'Jensen', 'Kowalski', 'Larsen', 'Moreau', 'Novak', 'Okafor', 'Patel', 'Quinn', 'Rossi', 'Silva', 'Weber'];

type ClosedDeal = { id: number; account_name: string | null; outcome: 'win' | 'loss'; closed_on: string; rep_reasons: number[] };

type Contact = {
  dealId: number;
  email: string;
  name: string;
  expiresAt: Date;
  sentAt: Date | null;
  remindedAt: Date | null;
  reminders: number;
  openedAt: Date | null;
  answeredAt: Date | null;
  answer: { answers: Record<string, unknown>; reasonIds: number[]; quote: string | null } | null;
};

export type SurveySeedInput = { companyId: number; curatorId: number; now: Date; rng: Rng };

export async function seedSurveys(db: Exec, input: SurveySeedInput): Promise<{ surveys: number; contacts: number; answers: number }> {
  const { companyId, curatorId, now, rng } = input;
  const t = now.getTime();
  const closed = await rowsOf<ClosedDeal>(
    db,
    sql`SELECT d.id, d.account_name, d.outcome, d.closed_on::text AS closed_on,
          coalesce((SELECT array_agg(r.reason_id ORDER BY r.reason_id) FROM deal_reasons r WHERE r.deal_id = d.id AND r.said_by = 'rep'), '{}') AS rep_reasons
        FROM deals d WHERE d.company_id = ${companyId} AND d.outcome IN ('win', 'loss') AND d.closed_on <= ${new Date(t).toISOString().slice(0, 10)}::date
        ORDER BY d.closed_on DESC, d.id`,
  );
  const taxonomy = await rowsOf<{ id: number; kind: 'win' | 'loss' }>(db, sql`SELECT id, kind FROM win_loss_reasons WHERE company_id = ${companyId} ORDER BY id`);
  const reasonsOf = { win: taxonomy.filter((r) => r.kind === 'win').map((r) => r.id), loss: taxonomy.filter((r) => r.kind === 'loss').map((r) => r.id) };
  const closedBetween = (fromDaysAgo: number, toDaysAgo: number) =>
    closed.filter((d) => {
      const at = Date.parse(d.closed_on);
      return at >= t - fromDaysAgo * DAY && at <= t - toDaysAgo * DAY;
    });

  const contactOf = (d: ClosedDeal) => {
    const first = rng.pick(FIRST);
    const last = rng.pick(LAST);
    const domain = (d.account_name ?? 'customer').toLowerCase().replace(/[^a-z0-9]+/g, '') || 'customer';
    return { email: `${first}.${last}@${domain}.example`.toLowerCase(), name: `${first} ${last}` };
  };

  /** A contact mailed at `sentAt`: answered with `pAnswer` within the days their link ran, else opened or not. */
  const mailed = (d: ClosedDeal, sentAt: Date, expiresInDays: number, remindAfterDays: number, maxReminders: number, pAnswer: number): Contact => {
    const expiresAt = new Date(sentAt.getTime() + expiresInDays * DAY);
    const runs = Math.min(t, expiresAt.getTime()) - sentAt.getTime();
    const answeredAt = rng.chance(pAnswer) ? new Date(sentAt.getTime() + Math.floor(rng.next() * runs * 0.8)) : null;
    // Reminders went out every remindAfterDays until the answer (or the link's end), up to maxReminders.
    const until = answeredAt?.getTime() ?? Math.min(t, expiresAt.getTime());
    const reminders = Math.min(maxReminders, Math.max(0, Math.floor((until - sentAt.getTime()) / (remindAfterDays * DAY))));
    const remindedAt = reminders ? new Date(sentAt.getTime() + reminders * remindAfterDays * DAY) : null;
    const openedAt = answeredAt ? new Date(answeredAt.getTime() - rng.int(2, 30) * 60_000) : rng.chance(0.35) ? new Date(sentAt.getTime() + Math.floor(rng.next() * runs * 0.5)) : null;
    let answer: Contact['answer'] = null;
    if (answeredAt) {
      const offered = reasonsOf[d.outcome];
      const picked = new Set<number>();
      // Buyers often name what the rep logged, and something of their own.
      const logged = d.rep_reasons.filter((id) => offered.includes(id));
      if (logged.length && rng.chance(0.6)) picked.add(rng.pick(logged));
      while (picked.size < rng.int(1, 3)) picked.add(rng.pick(offered));
      const quote = rng.chance(0.7) ? rng.pick(QUOTES[d.outcome]) : null;
      const answers: Record<string, unknown> = { process: d.outcome === 'win' ? rng.int(3, 5) : rng.int(1, 4), reasons: [...picked], vendors: rng.pick(VENDORS) };
      if (quote) answers.words = quote;
      answer = { answers, reasonIds: [...picked], quote };
    }
    return { dealId: d.id, ...contactOf(d), expiresAt, sentAt, remindedAt, reminders, openedAt: openedAt && openedAt < now ? openedAt : null, answeredAt, answer };
  };

  const quarterSent = new Date(t - 60 * DAY);
  const weekSent = new Date(t - 8 * DAY);
  const surveys = [
    {
      name: 'Decision survey – last quarter',
      intro: 'Thank you for considering Northwind Analytics. Five questions, about three minutes.',
      sentAt: quarterSent,
      settings: [21, 4, 2] as const,
      contacts: rng.sample(closedBetween(160, 62), 140).map((d) => mailed(d, quarterSent, 21, 4, 2, 0.36)),
    },
    {
      name: 'Decision survey – this month',
      intro: 'Your honest view helps us improve, whichever way you decided.',
      sentAt: weekSent,
      settings: [14, 3, 2] as const,
      contacts: rng.sample(closedBetween(55, 9), 100).map((d) => mailed(d, weekSent, 14, 3, 2, 0.33)),
    },
    {
      name: 'Decision survey – next wave',
      intro: 'Your honest view helps us improve, whichever way you decided.',
      sentAt: null,
      settings: [14, 3, 2] as const,
      contacts: closedBetween(8, 0)
        .slice(0, 10)
        .map((d): Contact => ({ dealId: d.id, ...contactOf(d), expiresAt: new Date(t + 14 * DAY), sentAt: null, remindedAt: null, reminders: 0, openedAt: null, answeredAt: null, answer: null })),
    },
  ];

  let contacts = 0;
  let answers = 0;
  for (const s of surveys) {
    const [{ id }] = await rowsOf<{ id: number }>(
      db,
      sql`INSERT INTO surveys (company_id, name, intro, questions, state, expires_in_days, remind_after_days, max_reminders, created_by, created_at, sent_at)
          VALUES (${companyId}, ${s.name}, ${s.intro}, ${JSON.stringify(QUESTIONS)}::jsonb, ${s.sentAt ? 'sent' : 'draft'}, ${s.settings[0]}, ${s.settings[1]},
                  ${s.settings[2]}, ${curatorId}, ${new Date((s.sentAt ?? now).getTime() - 2 * DAY).toISOString()}::timestamptz, ${s.sentAt?.toISOString() ?? null}::timestamptz)
          RETURNING id`,
    );
    const c = s.contacts;
    if (!c.length) continue;
    const at = (d: Date | null) => d?.toISOString() ?? null;
    await db.execute(
      sql`INSERT INTO survey_recipients (company_id, survey_id, deal_id, email, name, token_hash, expires_at, sent_at, reminded_at, reminders, opened_at, answered_at, answer)
          SELECT ${companyId}, ${id}, x.deal_id, x.email, x.name, x.token_hash, x.expires_at, x.sent_at, x.reminded_at, x.reminders, x.opened_at, x.answered_at, x.answer
          FROM unnest(${sql.param(c.map((r) => r.dealId))}::int[], ${sql.param(c.map((r) => r.email))}::text[], ${sql.param(c.map((r) => r.name))}::text[],
                      ${sql.param(c.map(() => crypto.createHash('sha256').update(crypto.randomBytes(24)).digest('hex')))}::text[],
                      ${sql.param(c.map((r) => at(r.expiresAt)))}::timestamptz[], ${sql.param(c.map((r) => at(r.sentAt)))}::timestamptz[],
                      ${sql.param(c.map((r) => at(r.remindedAt)))}::timestamptz[], ${sql.param(c.map((r) => r.reminders))}::int[],
                      ${sql.param(c.map((r) => at(r.openedAt)))}::timestamptz[], ${sql.param(c.map((r) => at(r.answeredAt)))}::timestamptz[],
                      ${sql.param(c.map((r) => (r.answer ? JSON.stringify(r.answer) : null)))}::jsonb[])
            AS x(deal_id, email, name, token_hash, expires_at, sent_at, reminded_at, reminders, opened_at, answered_at, answer)`,
    );
    contacts += c.length;
    answers += c.filter((r) => r.answer).length;
  }
  await syncVoiceReasons(db, companyId, [...new Set(surveys.flatMap((s) => s.contacts.filter((c) => c.answer).map((c) => c.dealId)))]);
  return { surveys: surveys.length, contacts, answers };
}
