// The landing page's sections without a model: a brief composed the way a curator would write it, from the sentences
// of the sources a reader may see (search-api/landing/sources.ts), each followed by the [n] of its source.
//
// - Overview: what the rival sells and to whom, its key facts (the first card laid out as a fact table), its
//   customers and market, what buyers say (review insights' strengths and weaknesses), and the latest published intel.
// - How we compare: where we meet them, where they are strong and weak, what we bring (our positioning and the
//   products the page compares, as curators wrote them), how we win (battlecards' cards first), the landmine
//   questions to ask, and win/loss themes.
// - What's new: the intel published and the cards changed in the last 30 days, newest first.
// Sentences are picked by Ask's ranking (search-api/ask/extractive.ts) against a question per paragraph, the best
// sentence of each source first, never two that say the same thing; a paragraph with nothing to stand on is left out.
// The sentences are the sources' own, as curators and authors wrote them; the words around them (headings, labels,
// counts, dates) are the reader's language's (search-api/strings, landing), as sections are made per language. The
// questions only rank sentences: no reader sees them.
import { LANDING, type GeneratedSectionData, type LandingCitation, type LandingSectionType } from '../../contracts/landing.ts';
import { inPassageOrder, nearDuplicate, rankSentences, sentences, TALK_TRACK, type ScoredSentence } from '../ask/extractive.ts';
import type { Passage } from '../ask/retrieval.ts';
import { withoutCitations, type LandingSource, type LandingSources } from './sources.ts';
import { DAY_MS } from '../../contracts/time.ts';
import { format, type ReaderLanguage, type StringKey } from '../strings/index.ts';

/** Sentences of one paragraph, at most. */
const PARAGRAPH_SENTENCES = 3;
/** A sentence scoring below this share of its paragraph's best is filler. */
const MIN_SHARE_OF_BEST = 0.4;
/** Key facts: a card whose text holds at least this many short "Fact: value" lines is the rival's fact sheet. */
const MIN_FACTS = 3;
const MAX_FACTS = 8;
/** Our positioning statements and products in "what we bring", at most; of them, products at most. */
const OUR_ITEMS = 6;
const OUR_PRODUCTS = 2;
/** Items of each kind in "lately" and in What's new. */
const LATELY_ITEMS = 3;
const WHATS_NEW_ITEMS = 5;

export type ComposeOptions = { companyName: string; now: Date; language: ReaderLanguage };

/** Numbers the sources a section cites, in order of first citation. */
class Citations {
  readonly list: LandingCitation[] = [];
  private readonly index = new Map<string, number>();
  ref(s: LandingSource): string {
    const key = `${s.type}:${s.id}`;
    let n = this.index.get(key);
    if (n === undefined) {
      n = this.list.push({ n: this.list.length + 1, type: s.type, id: s.id, title: s.title, url: s.url });
      this.index.set(key, n);
    }
    return `[${n}]`;
  }
}

/** A table row as card text reads it ("SMB — Deals: 55; Win rate: 70%"), or the prospect's line of an objection: not prose. */
const NOT_PROSE = /^[^.]{1,80} — [^:]{1,60}: |^(objection|what you hear|you hear|they say)\b/i;
/** A list item is a statement without its full stop ("Fast time-to-first-dashboard for small teams"). */
const isListItem = (sentence: string) => !/[.!?]["”’')]?$/.test(sentence);

/** Markdown markers and citation-like numbers inside source text would be read as the page's own. */
const plain = (text: string) => withoutCitations(text).replace(/\*+/g, '').replace(/^#+\s*/, '').trim();
const dateOf = (iso: string, language: ReaderLanguage) => new Date(iso).toLocaleDateString(language, { month: 'short', day: 'numeric', timeZone: 'UTC' });

type Pool = { passages: Passage[]; sourceOf: Map<Passage, LandingSource> };

function poolOf(sources: LandingSource[]): Pool {
  const sourceOf = new Map<Passage, LandingSource>();
  const passages = sources.map((s) => {
    const p: Passage = { ...s, docType: s.type === 'intel' ? 'intel' : 'card' };
    sourceOf.set(p, s);
    return p;
  });
  return { passages, sourceOf };
}

/** A section's paragraphs and the sentences already used in them (no paragraph repeats another). */
class Draft {
  readonly citations = new Citations();
  private readonly blocks: string[] = [];
  private readonly used: string[] = [];

  constructor(
    private readonly sources: LandingSources,
    private readonly options: ComposeOptions,
  ) {}

  /** The section's own words, in its reader's language. */
  words(key: StringKey, values?: Parameters<typeof format>[2]): string {
    return format(this.options.language, key, values);
  }

  date(iso: string): string {
    return dateOf(iso, this.options.language);
  }

  /** The best sentences answering `question` among the pools (those `keep` takes), trying each pool in turn until one answers. */
  pick(question: string, pools: LandingSource[][], max = PARAGRAPH_SENTENCES, keep: (sentence: string) => boolean = () => true): { sentence: string; source: LandingSource }[] {
    const { profile } = this.sources;
    for (const sources of pools) {
      if (!sources.length) continue;
      const pool = poolOf(sources);
      const scored = rankSentences(question, pool.passages, { subject: { id: profile.rivalId, name: profile.name }, companyName: this.options.companyName });
      // A card's steps in its own order ("Acknowledge, Reframe, Prove"), whichever ranked first.
      const picked = inPassageOrder(this.best(scored.filter((c) => keep(c.sentence)), max));
      if (picked.length) return picked.map((c) => ({ sentence: plain(c.sentence), source: pool.sourceOf.get(c.passage)! }));
    }
    return [];
  }

  private best(scored: ScoredSentence[], max: number): ScoredSentence[] {
    if (!scored.length) return [];
    const floor = scored[0].score * MIN_SHARE_OF_BEST;
    const picked: ScoredSentence[] = [];
    for (const firstOfSource of [true, false])
      for (const c of scored.filter((x) => !x.aboutUs && !NOT_PROSE.test(x.sentence))) {
        if (picked.length >= max || c.score < floor) break;
        if (picked.includes(c) || (firstOfSource && picked.some((p) => p.passage === c.passage))) continue;
        if ([...this.used, ...picked.map((p) => p.sentence)].some((u) => nearDuplicate(u, c.sentence))) continue;
        picked.push(c);
      }
    this.used.push(...picked.map((c) => c.sentence));
    return picked;
  }

  /** A paragraph of cited sentences (bullets when they are list items), under a heading when given; nothing when there are none. */
  paragraph(heading: string | null, picked: { sentence: string; source: LandingSource }[]) {
    if (!picked.length) return;
    this.used.push(...picked.map((p) => p.sentence));
    const cited = picked.map((p) => `${p.sentence} ${this.citations.ref(p.source)}`);
    if (picked.some((p) => isListItem(p.sentence))) return this.bullets(heading, cited);
    if (heading) this.blocks.push(`### ${heading}`);
    this.blocks.push(cited.join(' '));
  }

  bullets(heading: string | null, lines: string[]) {
    if (!lines.length) return;
    if (heading) this.blocks.push(`### ${heading}`);
    this.blocks.push(lines.map((l) => `- ${l}`).join('\n'));
  }

  line(text: string) {
    this.blocks.push(text);
  }

  data(): GeneratedSectionData {
    return sectionData(this.blocks.join('\n\n'), this.citations.list);
  }
}

/** A section's text with its citations; public sources are published intel and review insights, private ones cards. */
export function sectionData(markdown: string, citations: LandingCitation[]): GeneratedSectionData {
  const types = new Set(citations.map((c) => c.type));
  return {
    markdown,
    citations,
    uses_public_sources: types.has('intel') || types.has('insight'),
    uses_private_sources: ['card', 'battlecard', 'positioning', 'product'].some((t) => types.has(t as LandingCitation['type'])),
  };
}

/** "Founded: 2012"-style lines of a card: a short label and a short value. */
function factsOf(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /^[\p{L}][\p{L} /&-]{1,28}:\s+\S/u.test(l) && l.length <= 80 && !/[.!?]$/.test(l));
}

/** The rival's fact sheet: its first card laid out as "Fact: value" lines (in page order, so the Overview lane's). */
const factSheet = (cards: LandingSource[]) => cards.find((c) => factsOf(c.text).length >= MIN_FACTS);

/** The sheet's opening sentence ("Acme sells … to …"), then its facts on one line. */
function keyFacts(d: Draft, sheet: LandingSource) {
  const opening = sentences(sheet.text)[0];
  if (opening) d.paragraph(null, [{ sentence: plain(opening), source: sheet }]);
  d.line(`**${d.words('landing.keyFacts')}** ${factsOf(sheet.text).slice(0, MAX_FACTS).map(plain).join(' · ')} ${d.citations.ref(sheet)}`);
}

/** "Reviewers praise A and B; they criticise C", then the most telling sentence of the top strength and weakness. */
function whatBuyersSay(d: Draft, insights: LandingSource[]) {
  if (!insights.length) return;
  const named = (xs: LandingSource[]) =>
    list(d, xs.slice(0, 3).map((x) => `**${plain(x.title)}** (${d.words('landing.reviews', { count: x.reviewCount ?? 0 })}) ${d.citations.ref(x)}`));
  const strengths = insights.filter((x) => x.kind === 'strengths');
  const weaknesses = insights.filter((x) => x.kind === 'weaknesses');
  d.line(`### ${d.words('landing.buyers')}`);
  if (strengths.length && weaknesses.length) d.line(d.words('landing.praiseAndCriticise', { strengths: named(strengths), weaknesses: named(weaknesses) }));
  else if (strengths.length) d.line(d.words('landing.praise', { strengths: named(strengths) }));
  else d.line(d.words('landing.criticise', { weaknesses: named(weaknesses) }));
  const quotes = [strengths[0], weaknesses[0]].flatMap((x) =>
    x?.quote ? [`${plain(x.title)}: “${plain(x.quote.text)}” (${x.quote.site}) ${d.citations.ref(x)}`] : [],
  );
  d.bullets(null, quotes);
}

/** "A, B and C" in the section's language. */
const list = (d: Draft, xs: string[]) => (xs.length > 1 ? d.words('landing.list', { rest: xs.slice(0, -1).join(', '), last: xs.at(-1)! }) : xs[0]);

function lately(d: Draft, intel: LandingSource[]) {
  d.bullets(
    d.words('landing.lately'),
    intel.slice(0, LATELY_ITEMS).map((i) => {
      const first = sentences(i.text)[0];
      return `**${plain(i.title)}** (${d.date(i.publishedAt!)})${first ? `: ${plain(first)}` : ''} ${d.citations.ref(i)}`;
    }),
  );
}

/** The questions are about the rival; its name is the ranking's subject, so it need not be in them. */
export function composeOverview(s: LandingSources, o: ComposeOptions): GeneratedSectionData {
  const d = new Draft(s, o);
  const sheet = factSheet(s.cards);
  if (sheet) keyFacts(d, sheet);
  else d.paragraph(null, d.pick('what does it sell and to whom: products, platform, customers, market segment', [s.cards], 2));
  d.paragraph(d.words('landing.customers'), d.pick('who are their customers: ideal customer profile, buyer, company size, verticals, key customers, references', [s.cards], 2));
  d.paragraph(d.words('landing.howTheySell'), d.pick('go-to-market motion: how they sell, trial, proof of concept, partners, discounting', [s.cards], 2));
  whatBuyersSay(d, s.insights);
  lately(d, s.intel);
  return orNothing(d, s, 'overview');
}

export function composeHowWeCompare(s: LandingSources, o: ComposeOptions): GeneratedSectionData {
  const d = new Draft(s, o);
  const name = plain(s.profile.name);
  // Battlecards hold what curators chose to arm sellers with: their cards are asked first.
  const carded = s.cards.filter((c) => c.inBattlecard);
  const pools = [carded, s.cards];
  const ours = s.profile.products.length ? ` ${s.profile.products.join(' ')}` : '';
  d.paragraph(d.words('landing.strong', { rival: name }), d.pick(`where are they strong: strengths, advantages, better than us${ours}`, pools));
  d.paragraph(d.words('landing.weak', { rival: name }), d.pick(`where are they weak: weaknesses, gaps, limitations${ours}`, pools));
  ourSide(d, s.ours);
  d.paragraph(d.words('landing.howWeWin'), d.pick(`how do we win against them: lead with, prove, proof of value, talk track, reference${ours}`, pools));
  landmines(d, pools);
  winAndLoss(d, s.cards);
  return orNothing(d, s, 'how_we_compare');
}

/**
 * What we bring: our positioning statements (value proposition first) and products, each cited. Only beside
 * something about them: our pitch alone compares nothing. Not ranked: they are about us, which the ranking leaves out.
 */
function ourSide(d: Draft, ours: LandingSource[]) {
  if (!d.citations.list.length) return;
  // The products compared keep their place however many statements the company wrote.
  const products = ours.filter((s) => s.type === 'product' && s.text).slice(0, OUR_PRODUCTS);
  const statements = ours.filter((s) => s.type === 'positioning').slice(0, OUR_ITEMS - products.length);
  d.bullets(
    d.words('landing.ourSide'),
    [...statements, ...products].map((s) => `${s.type === 'product' ? `**${plain(s.title)}**: ` : ''}${plain(s.text)} ${d.citations.ref(s)}`),
  );
}

/**
 * Why deals are won and why they are lost, each said as such: asked apart, so a loss ("We lost this deal in
 * procurement") is never read as a reason we win.
 */
function winAndLoss(d: Draft, cards: LandingSource[]) {
  const labelled = (label: string, picked: { sentence: string; source: LandingSource }[]) =>
    picked.map((p) => `**${label}:** ${p.sentence} ${d.citations.ref(p.source)}`);
  // A talk track's step ("Acknowledge: …") says how to answer them, not why we win.
  const wins = labelled(d.words('landing.whyWeWin'), d.pick('why do we win deals against them: win themes, reasons we win', [cards], 1, (s) => !TALK_TRACK.test(s)));
  const losses = labelled(d.words('landing.whyWeLose'), d.pick('why do we lose deals to them: loss themes, loss reasons', [cards], 1));
  d.bullets(d.words('landing.themes'), [...wins, ...losses]);
}

/** Landmines are questions a seller asks the prospect: the question lines of the card that best answers "landmine". */
function landmines(d: Draft, pools: LandingSource[][]) {
  for (const pool of pools) {
    const card = pool.find((c) => /landmine|questions? to ask|trap/i.test(`${c.title}\n${c.text.split('\n')[0]}`));
    const questions = card ? card.text.split('\n').map((l) => plain(l)).filter((l) => l.endsWith('?') && l.length >= 20) : [];
    if (card && questions.length) return d.bullets(d.words('landing.landmines'), questions.slice(0, PARAGRAPH_SENTENCES).map((q) => `${q} ${d.citations.ref(card)}`));
  }
}

export function composeWhatsNew(s: LandingSources, o: ComposeOptions): GeneratedSectionData {
  const d = new Draft(s, o);
  const since = o.now.getTime() - LANDING.updateDays * DAY_MS;
  const recent = (iso: string | undefined) => iso !== undefined && new Date(iso).getTime() >= since;
  const intel = s.intel.filter((i) => recent(i.publishedAt));
  const cards = s.cards.filter((c) => recent(c.updatedAt)).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id);
  if (!intel.length && !cards.length) return d.data();
  const changes = [
    ...(intel.length ? [d.words('landing.intelPublished', { count: intel.length })] : []),
    ...(cards.length ? [d.words('landing.cardsChanged', { count: cards.length })] : []),
  ];
  d.line(`**${d.words('landing.recent', { changes: list(d, changes), days: LANDING.updateDays })}**`);
  d.bullets(
    null,
    intel.slice(0, WHATS_NEW_ITEMS).map((i) => {
      const first = sentences(i.text)[0];
      return `**${plain(i.title)}** (${d.date(i.publishedAt!)})${first ? `: ${plain(first)}` : ''} ${d.citations.ref(i)}`;
    }),
  );
  d.bullets(
    null,
    cards
      .slice(0, WHATS_NEW_ITEMS)
      .map((c) => `${d.words(recent(c.createdAt) ? 'landing.newCard' : 'landing.cardUpdated')}: **${plain(c.title)}** (${d.date(c.updatedAt)}) ${d.citations.ref(c)}`),
  );
  return d.data();
}

/** A section with nothing to stand on says so, and cites nothing. */
function orNothing(d: Draft, s: LandingSources, section: 'overview' | 'how_we_compare'): GeneratedSectionData {
  const data = d.data();
  if (data.markdown) return data;
  return { ...data, markdown: d.words('landing.nothing', { section, rival: plain(s.profile.name) }) };
}

export const COMPOSERS: Record<LandingSectionType, (s: LandingSources, o: ComposeOptions) => GeneratedSectionData> = {
  overview: composeOverview,
  how_we_compare: composeHowWeCompare,
  whats_new: composeWhatsNew,
};
