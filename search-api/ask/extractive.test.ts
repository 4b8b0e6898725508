import { describe, expect, it } from 'vitest';
import { askMetrics, nearDuplicatePairs } from '../../bench/relevance-ask.ts';
import { answerTextToHtml, citedRefs } from '../../contracts/ask.ts';
import { assumedRival } from './answering.ts';
import { format } from '../strings/index.ts';
import { extractiveAnswer, MAX_RIVAL_GROUPS, nearDuplicate, sentences } from './extractive.ts';
import type { Passage } from './retrieval.ts';
import { featuredRivals, namedRivals, weightedPick, type RivalRow } from './rivals.ts';

const passage = (id: number, text: string, extra: Partial<Passage> = {}): Passage => ({
  docType: 'card',
  id,
  title: `Card ${id}`,
  url: `/profile/1?viewCard=${id}`,
  text,
  rivalIds: [1],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  ...extra,
});

const NOTHING_FOUND = format('en', 'ask.nothingFound');

const RIVALS = new Map([
  [1, 'Acme'],
  [2, 'Beacon'],
  [3, 'Cobalt'],
  [4, 'Dynamo'],
]);
const card = (id: number, rival: number, title: string, text: string) => passage(id, text, { title, rivalIds: [rival], url: `/profile/${rival}?viewCard=${id}` });

/** The paragraphs of an answer: rival headings ("**Acme**") and quoted sentences with their [n]. */
const paragraphs = (text: string) => text.split('\n\n');
const headings = (text: string) => paragraphs(text).filter((p) => /^\*\*[^*]+\*\*$/.test(p));
const quotes = (text: string) => paragraphs(text).filter((p) => !/^\*\*[^*]+\*\*$/.test(p));

describe('the extractive answer', () => {
  const passages = [
    passage(1, 'Acme charges per seat and bills annually. Their support team is based in Ohio.'),
    passage(2, 'Weather was nice at the offsite this year, everyone enjoyed it.'),
    passage(3, 'Acme pricing has a hidden platform fee on top of every seat. Acme also resells hardware.'),
    passage(4, 'How does Acme pricing per seat compare with ours? Source: acme.test/pricing'),
  ];

  it('uses only sentences of the passages, each followed by the [n] of its passage, citing only those', () => {
    const a = extractiveAnswer('How does Acme pricing per seat work?', passages);
    const parts = a.text.split('\n\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) {
      const [, sentence, ref] = p.match(/^(.*) \[(\d+)\]$/)!;
      expect(a.cited[Number(ref) - 1].text).toContain(sentence);
    }
    expect(a.cited.map((p) => p.id).sort()).toEqual([1, 3]);
    expect(a.text).not.toMatch(/Weather/);
    // Questions and label lines are never quoted.
    expect(a.text).not.toMatch(/\?|Source:/);
  });

  it('takes the best sentence of different passages before a second one of the same', () => {
    const a = extractiveAnswer('Acme pricing seat', passages);
    const refs = a.text.split('\n\n').map((p) => p.match(/\[(\d+)\]$/)![1]);
    expect(new Set(refs.slice(0, 2)).size).toBe(2);
  });

  it('says nothing was found when no sentence matches', () => {
    expect(extractiveAnswer('quantum gravity', passages)).toEqual({ text: NOTHING_FOUND, cited: [] });
    expect(extractiveAnswer('Acme pricing', [])).toEqual({ text: NOTHING_FOUND, cited: [] });
  });

  it('writes its own words in the asker’s language: that nothing was found, and headings of sources without a named rival', () => {
    expect(extractiveAnswer('quantum gravity', passages, { language: 'de' }).text).toBe(
      'Dazu habe ich in den Inhalten, die Sie sehen können, nichts gefunden. Versuchen Sie es mit anderen Worten, oder fragen Sie nach einem bestimmten Wettbewerber.',
    );
    const unnamed = [
      card(80, 9, 'Pricing', 'Their pricing is $30 per user per month, billed annually.'),
      passage(81, 'Market pricing for analytics tools is $25 to $60 per user per month.', { rivalIds: [] }),
    ];
    expect(headings(extractiveAnswer('How does pricing work?', unnamed, { rivalNames: RIVALS }).text).sort()).toEqual(['**Another competitor**', '**Other sources**']);
    expect(headings(extractiveAnswer('How does pricing work?', unnamed, { rivalNames: RIVALS, language: 'de' }).text).sort()).toEqual([
      '**Ein anderer Wettbewerber**',
      '**Weitere Quellen**',
    ]);
  });

  it('splits text into sentences and drops fragments', () => {
    expect(sentences('Short. This sentence is long enough to keep. Is this a question we should skip? And this one too, it is fine.\nTiny')).toEqual([
      'This sentence is long enough to keep.',
      'And this one too, it is fine.',
    ]);
  });

  it('keeps a quotation and an abbreviation within their sentence', () => {
    expect(sentences('Say: "On year one that may be true. Can we look at three years instead?" For 300 users the cost is $585k versus $310k.')).toEqual([
      'Say: "On year one that may be true. Can we look at three years instead?"',
      'For 300 users the cost is $585k versus $310k.',
    ]);
    expect(sentences('Pine & Co. (18 users) said the price was four times higher for their small team.')).toHaveLength(1);
    // A lead-in is not a statement; a label's short value stays with the sentence after it.
    expect(sentences('Acme prices per seat, billed every year. List prices as of this quarter:\nHIPAA: no. Acme will not sign a business associate agreement.')).toEqual([
      'Acme prices per seat, billed every year.',
      'HIPAA: no. Acme will not sign a business associate agreement.',
    ]);
  });
});

describe('what the extractive answer picks', () => {
  // The demo's "How we lose" cards: the same sentence for every rival, with another number.
  const losses = [25, 31, 35, 36, 32].map((pct, i) =>
    card(10 + i, (i % 4) + 1, `How we lose to ${RIVALS.get((i % 4) + 1)}`, `Price-only evaluations (${pct}% of our losses to them).\nWe fail to reach the economic buyer before the security review.`),
  );
  const objection = card(
    20,
    1,
    'Objection: "Acme is cheaper"',
    'What you hear: "Acme came in 30% under you."\nSay: "On year one that may be true. Can we look at three years with everyone who reads dashboards?"\nFor 300 users the three-year list cost is about $585k for Acme versus $310k for us, because our viewers are free.',
  );
  const win = card(21, 2, 'How we win against Beacon', 'Lead with governed self-service, which Beacon lacks on every plan.\nCompare the three-year cost including viewers, SSO and services.');

  it('answers "how do we beat them on price" with talk tracks and pricing comparisons, not loss reasons', () => {
    const a = extractiveAnswer('How do we beat them on price?', [...losses, objection, win], { rivalNames: RIVALS });
    const said = quotes(a.text).join('\n');
    expect(said).toMatch(/Say: "On year one/);
    expect(said).toMatch(/\$585k/);
    expect(said).toMatch(/Compare the three-year cost/);
    // At most one of the five near-identical loss sentences, and never as the lead.
    expect(said.match(/Price-only evaluations/g)?.length ?? 0).toBeLessThanOrEqual(1);
    expect(quotes(a.text)[0]).not.toMatch(/Price-only/);
    expect(nearDuplicatePairs(a.text)).toEqual([]);
  });

  it('never puts two near-duplicates in one answer', () => {
    const a = extractiveAnswer('Why do we lose on price-only evaluations?', losses, { rivalNames: RIVALS });
    expect(a.text.match(/Price-only evaluations/g)).toHaveLength(1);
    expect(nearDuplicatePairs(a.text)).toEqual([]);
  });

  it('tells near-duplicates by their words with numbers masked', () => {
    expect(nearDuplicate('Price-only evaluations (25% of our losses to them).', 'Price-only evaluations (31% of our losses to them).')).toBe(true);
    expect(nearDuplicate('Typical first-year discount: 15% off list.', 'Typical first-year discount: 40% off list')).toBe(true);
    expect(nearDuplicate('Price-only evaluations (25% of our losses to them).', 'Lead with governed self-service, which Beacon lacks.')).toBe(false);
    // Different facts about the same subject are not duplicates.
    expect(
      nearDuplicate('HIPAA: business associate agreement available only on Business Critical.', 'HIPAA: a business associate agreement is available, but only on the Scale plan with private cloud.'),
    ).toBe(false);
  });

  it('answers "how do we win" from the win card and talk tracks in the card’s order, never with a loss', () => {
    const ps = [
      card(1, 1, 'How we win against Acme', 'Lead with governed self-service on the prospect’s data.\nRun a proof of value within ten days on their own data.'),
      card(2, 1, 'Pricing talk track vs Acme', 'Acknowledge: "Acme can look cheaper on the first-year quote."\nReframe: compare the three-year cost including viewers and SSO.\nProve: share the TCO card and a customer story that moved to us.'),
      card(3, 1, 'Acme customer win announced', 'Pine Foods selected Acme for finance reporting. We lost this deal in the security review.'),
      card(4, 1, 'How we lose to Acme', 'Price-only evaluations (30% of our losses to them).'),
    ];
    for (const q of ['How do we win against Acme?', 'Why does Northwind win deals against Acme?']) {
      const a = extractiveAnswer(q, ps, { subject: { id: 1, name: 'Acme' }, rivalNames: RIVALS, companyName: 'Northwind Analytics' });
      expect(a.text, q).not.toBe(NOTHING_FOUND);
      expect(a.cited.map((p) => p.id), q).toEqual(expect.arrayContaining([1, 2]));
      expect(a.text, q).not.toMatch(/\b(lost|losses)\b/);
      const steps = ['Acknowledge', 'Reframe', 'Prove'].map((s) => a.text.indexOf(`${s}:`)).filter((i) => i >= 0);
      expect(steps, q).toEqual([...steps].sort((x, y) => x - y));
    }
  });

  it('answers "landmines" with the questions a card lists, and reads a SWOT grid cell by cell', () => {
    const landmines = card(1, 1, 'Landmine questions to ask against Acme', 'Which plan includes SSO and SCIM for all your users?\nHow does Acme show where an AI answer came from?');
    expect(extractiveAnswer('Landmines to lay against Acme', [landmines], { subject: { id: 1, name: 'Acme' } }).text).toMatch(/^Which plan includes SSO and SCIM for all your users\? \[1\]/);
    // Elsewhere a question in a card is not an answer.
    expect(extractiveAnswer('Acme SSO plan', [landmines]).text).toBe(NOTHING_FOUND);
    const swot = card(2, 1, 'SWOT summary: Acme', 'Internal — Helpful: Strengths: Natural-language querying that demos well; Harmful: Weaknesses: Row-level security only on the top tier');
    expect(extractiveAnswer('What are Acme weaknesses?', [swot], { subject: { id: 1, name: 'Acme' } }).text).toBe('Row-level security only on the top tier [1]');
  });

  it('answers "can they run on-prem" with their deployment, stated as a short fact', () => {
    const a = extractiveAnswer('Can Acme be deployed on-premises?', [card(1, 1, 'Acme deployment options', 'Deployment: SaaS only (US).')], { subject: { id: 1, name: 'Acme' } });
    expect(a.text).toBe('Deployment: SaaS only (US). [1]');
  });

  it('answers "do they have X" with the sentence saying whether they have it', () => {
    const a = extractiveAnswer('Does Acme have HIPAA?', [
      card(30, 1, 'Healthcare market', 'HIPAA questions come up at every healthcare conference we attend this year.'),
      card(31, 1, 'Compliance', 'HIPAA: no. Acme will not sign a business associate agreement with customers.'),
    ], { subject: { id: 1, name: 'Acme' }, rivalNames: RIVALS });
    expect(quotes(a.text)[0]).toMatch(/^HIPAA: no\./);
  });

  it('groups an answer spanning several rivals by rival, best rivals first, at most three', () => {
    const passages = [1, 2, 3, 4].map((r) =>
      card(40 + r, r, `${RIVALS.get(r)} deployment`, `${RIVALS.get(r)} runs ${r === 1 ? 'only as multi-tenant SaaS in US regions' : r === 2 ? 'in a private cloud deployment for an extra fee' : r === 3 ? 'on-premises for regulated buyers who ask' : 'self-hosted inside the customer network'}.`),
    );
    const a = extractiveAnswer('Where is it deployed, on-premises or private cloud?', passages, { rivalNames: RIVALS });
    const heads = headings(a.text);
    expect(heads.length).toBeGreaterThan(1);
    expect(heads.length).toBeLessThanOrEqual(MAX_RIVAL_GROUPS);
    // Each heading is followed by that rival's sentences, each citing a card of that rival.
    let current = '';
    for (const p of paragraphs(a.text)) {
      if (headings(p).length) {
        current = p.slice(2, -2);
        continue;
      }
      const ref = Number(p.match(/\[(\d+)\]$/)![1]);
      expect(RIVALS.get(a.cited[ref - 1].rivalIds[0])).toBe(current);
    }
    expect(paragraphs(a.text)[0]).toMatch(/^\*\*/);
    // Its HTML shows the headings as headings.
    expect(answerTextToHtml(a.text)).toMatch(/^<h4>\w+<\/h4><p>/);
    expect(citedRefs(a.text)).toEqual(a.cited.map((_, i) => i + 1));
  });

  it('lists one point for each of more rivals when the question asks across competitors', () => {
    const says = [
      'HIPAA: no. Acme will not sign a business associate agreement.',
      'Beacon signs a HIPAA BAA only on the Enterprise plan with private cloud.',
      'Cobalt is HIPAA compliant on every paid tier, audited yearly.',
      'Dynamo lacks HIPAA, so healthcare buyers rule it out early.',
    ];
    const passages = says.map((text, i) => card(51 + i, i + 1, 'Compliance', text));
    const a = extractiveAnswer('Which competitors have HIPAA?', passages, { rivalNames: RIVALS });
    expect(headings(a.text)).toHaveLength(4);
  });

  it('answers about the subject rival only, while it has something; else about the others, by rival', () => {
    const passages = [
      card(60, 2, 'Beacon pricing', 'Beacon charges per seat at $40 per user per month, billed annually.'),
      card(61, 1, 'Acme pricing', 'Acme charges a platform fee of $50k per year plus usage credits.'),
      card(62, 3, 'Cobalt pricing', 'Cobalt pricing starts at $20 per user per month with a free tier.'),
    ];
    const a = extractiveAnswer('How does pricing work?', passages, { subject: { id: 1, name: 'Acme' }, rivalNames: RIVALS });
    expect(headings(a.text)).toEqual([]);
    expect(a.cited.map((p) => p.id)).toEqual([61]);

    const none = extractiveAnswer('How does pricing work?', passages, { subject: { id: 4, name: 'Dynamo' }, rivalNames: RIVALS });
    expect(headings(none.text).length).toBeGreaterThan(1);
    expect(none.cited.every((p) => p.rivalIds[0] !== 4)).toBe(true);
    // Even when only one other rival answers, the heading says whom the answer is about.
    const one = extractiveAnswer('How does pricing work?', [passages[0]], { subject: { id: 4, name: 'Dynamo' }, rivalNames: RIVALS });
    expect(headings(one.text)).toEqual(['**Beacon**']);
  });

  it('keeps sentences about the asker’s own company out from under a rival’s heading', () => {
    const passages = [
      card(70, 1, 'Acme connectors', 'Acme has no SAP connector and no NetSuite connector today.\nNorthwind connects to SAP and NetSuite out of the box.'),
      card(71, 2, 'Beacon connectors', 'Beacon connects to SAP through a partner connector only.'),
    ];
    const a = extractiveAnswer('Which competitors can connect to SAP?', passages, { rivalNames: RIVALS, companyName: 'Northwind Analytics' });
    expect(headings(a.text).sort()).toEqual(['**Acme**', '**Beacon**']);
    expect(a.text).not.toMatch(/Northwind connects/);
    // When they are all there is, they are quoted without headings.
    const ours = extractiveAnswer('Which competitors can connect to SAP?', [passages[0], card(72, 2, 'Beacon notes', 'Northwind ships an SAP connector that Beacon cannot match.')], {
      rivalNames: RIVALS,
      companyName: 'Northwind Analytics',
    });
    expect(headings(ours.text)).toEqual(['**Acme**']);
    const onlyUs = extractiveAnswer('Do they have an SAP connector?', [card(73, 1, 'Notes', 'Northwind ships an SAP connector on every plan.'), card(74, 2, 'Notes', 'Northwind Analytics added SAP HANA support this spring.')], {
      rivalNames: RIVALS,
      companyName: 'Northwind Analytics',
    });
    expect(headings(onlyUs.text)).toEqual([]);
    expect(quotes(onlyUs.text).length).toBeGreaterThan(0);
  });
});

describe('the assumed rival and the Ask metrics', () => {
  it('reports the context rival only when the answer draws on its passages', () => {
    const acme = { id: 1, name: 'Acme', profileId: 10 };
    expect(assumedRival(acme, [{ rivalIds: [2] }, { rivalIds: [1] }])).toEqual(acme);
    expect(assumedRival(acme, [{ rivalIds: [2] }])).toBeNull();
    expect(assumedRival(null, [{ rivalIds: [1] }])).toBeNull();
  });

  it('counts answers citing a mustCite card and answers holding near-duplicates', () => {
    const questions = [
      { id: 'q1', question: 'a', rival: null, mustCite: [1, 2] },
      { id: 'q2', question: 'b', rival: 'Acme', mustCite: [3] },
    ];
    const m = askMetrics(questions, (q) =>
      q.id === 'q1'
        ? { text: '**Acme**\n\nPrice-only evaluations (25% of our losses to them). [1]\n\nPrice-only evaluations (31% of our losses to them). [2]', citedIds: [2, 9] }
        : { text: 'Something else entirely, said once. [1]', citedIds: [4] },
    );
    expect(m).toMatchObject({ total: 2, citing: 1, withNearDuplicates: 1 });
    expect(m.failures).toHaveLength(2);
  });
});

describe('rivals for Ask', () => {
  const row = (id: number, name: string, cardsCount: number, extra: Partial<RivalRow> = {}): RivalRow => ({
    id, name, profileId: id * 10, iconUrl: null, cardsCount, category: 'company', battlecards: 1, supportedRivalId: null, ...extra,
  });

  it('features company rivals with a battlecard and 5+ cards, without the own name, top 6 by cards', () => {
    const rivals = [
      row(1, 'A', 50), row(2, 'B', 40), row(3, 'C', 4), row(4, 'D', 30, { battlecards: 0 }), row(5, 'E', 30, { category: 'product' }),
      row(6, 'Northwind Labs', 90), row(7, 'G', 20), row(8, 'H', 10), row(9, 'I', 9), row(10, 'J', 8), row(11, 'K', 7),
    ];
    const featured = featuredRivals(rivals, 'Northwind', () => 0);
    expect(featured.map((r) => r.id).sort((a, b) => a - b)).toEqual([1, 2, 7, 8, 9, 10]);
    // Fewer than 4: the order is by card count, no random pick.
    expect(featuredRivals([row(1, 'A', 5), row(2, 'B', 9)], 'X', () => 0.99).map((r) => r.id)).toEqual([2, 1]);
  });

  it('picks by weight without repetition', () => {
    const items = [{ w: 1 }, { w: 0 }, { w: 100 }];
    expect(weightedPick(items, (i) => i.w, 2, () => 0.5)).toEqual([{ w: 100 }, { w: 1 }]);
    expect(weightedPick(items, (i) => i.w, 5, () => 0.5)).toHaveLength(3);
  });

  it('finds the rivals a question names as whole words', () => {
    const rivals = [row(1, 'Acme', 1), row(2, 'Acme Cloud', 1), row(3, 'Beacon', 1)];
    expect(namedRivals('How does Acme Cloud price?', rivals).map((r) => r.id)).toEqual([2]);
    expect(namedRivals('Acme or Beacon?', rivals).map((r) => r.id)).toEqual([3, 1]);
    expect(namedRivals('beaconly news', rivals)).toEqual([]);
  });
});
