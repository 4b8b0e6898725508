// The answer without a model (is_llm_fallback): the best sentences of the retrieved passages, each
// followed by the [n] of its passage.
//
// Scoring: BM25 over the question's terms among all candidate sentences (fragments are not candidates,
// nor are questions, except a landmine card's to "which questions should I ask"; the subject rival's
// and the asker's company's names and words of the question's form such as "beat" or "how does … work"
// are not terms), plus shares for the sentence's context (its passage's title and the label line above
// it, such as "Weaknesses") and for the passage as a whole, plus the question's intent (INTENTS): "how
// do we beat/win…" answers with talk tracks and objection responses ("Say: …", "Lead with…", "How we
// win" cards) even when they share none of its words, and never with a loss; price questions prefer
// pricing statements, "do they have X" prefers sentences saying that X is there or not, and so on. A
// small bonus follows the passage's search rank.
//
// Picking: the best sentence of each passage first, so the answer draws on several sources; never two
// near-duplicates (nearDuplicate: the same words with numbers masked); nothing far below the best. A
// passage's sentences then stand together in its own order (a talk track's steps stay in order).
// With a subject rival (the page's, the picked profile's or the one the question names), only its
// passages are quoted while any of them answers. Without one, when the sentences span several rivals
// (or when the subject has nothing), the answer is grouped by rival: a "**Rival**" heading line before
// each rival's sentences, the most relevant rival first, at most MAX_RIVAL_GROUPS rivals (one point
// each for more of them when the question asks across competitors: "which rivals…", "does any
// competitor…"). Sentences about the asker's own company never stand under a rival's heading.
import { format } from '../strings/index.ts';
import type { Passage } from './retrieval.ts';

export const EXTRACTIVE_MAX_SENTENCES = 5;
/** Rivals in an answer grouped by rival… */
export const MAX_RIVAL_GROUPS = 3;
/** …and in one to a question across competitors ("which rivals…"), one point each (as many sentences). */
export const MAX_ACROSS_RIVALS = 6;
const MIN_SENTENCE_CHARS = 25;
/** Fewer words is a label or a fragment ("Source: acme.test/pricing"), not a statement. */
const MIN_SENTENCE_WORDS = 6;
const MAX_SENTENCE_CHARS = 400;
const BM25_K1 = 1.2;
const BM25_B = 0.75;
/** Shares of the best match (1): the sentence's context (title, label line), its whole passage, the search rank. */
const CONTEXT_WEIGHT = 0.45;
const PASSAGE_WEIGHT = 0.3;
const RANK_WEIGHT = 0.15;
/** A sentence scoring below this share of the best one is filler, not part of the answer. */
const MIN_SHARE_OF_BEST = 0.35;
/** A rival whose passages match the question less than this share of the best rival's gets no group. */
const MIN_RIVAL_SHARE = 0.5;
/** The factor of a sentence that is not the kind of answer asked for (no talk track for "how do we win"). */
const NOT_THE_ANSWER = 0.6;
/** Word-set similarity (numbers masked) from which two sentences say the same thing… */
const NEAR_DUPLICATE_JACCARD = 0.6;
/** …or when nearly all the words of the shorter one (of at least NEAR_DUPLICATE_MIN_WORDS) are in the longer one. */
const NEAR_DUPLICATE_CONTAINED = 0.9;
const NEAR_DUPLICATE_MIN_WORDS = 5;

const STOPWORDS = new Set(
  ('a an and are as at be by can could do does for from has have how i in into is it its me my of on or our should so that the their them ' +
    'they this to us was we what when where which who why will with would you your about vs versus against tell give ' +
    // Words of questions about competitors that say nothing about the answer.
    'competitor competitors rival rivals main top key biggest reason reasons deal deals kind really actually just also ever still happen happens happened').split(' '),
);

export function terms(text: string): string[] {
  return words(text).filter((w) => !STOPWORDS.has(w) && w.length > 1).map(stem);
}

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * A light English stem, enough to match "prices" with "pricing", "integrations" with "integrate" and
 * "deployed" with "deployment"; twice, so a word and its derived forms meet ("implementation" →
 * "implement" → "imple", as "implement" → "imple").
 */
function stem(w: string): string {
  const once = (x: string) => (x.length > 3 ? x.replace(/(ations?|ings?|ness(es)?|ments?|ed|es|s|e)$/, '') : x);
  return once(once(w));
}

/** A fact stated as "Label: value." ("Deployment: SaaS only (US)."): a statement in fewer words. */
const LABELLED_STATEMENT = /^[^:]{1,30}: \S.*[.!]$/;
const MIN_LABELLED_WORDS = 3;
/** Long enough to say something, short enough to quote. */
const quotable = (s: string) =>
  s.length >= MIN_SENTENCE_CHARS &&
  s.length <= MAX_SENTENCE_CHARS &&
  words(s).length >= (LABELLED_STATEMENT.test(s) ? MIN_LABELLED_WORDS : MIN_SENTENCE_WORDS);
/** A statement: not a question, not a lead-in ("List prices as of this quarter:"), not a fragment. */
const isSentence = (s: string) => quotable(s) && !/[?:]$/.test(s);
/** A question a card tells the seller to ask ("Which plan includes SSO?"): an answer only to "which questions should I ask". */
const isQuestion = (s: string) => quotable(s) && /\?["”’')]?$/.test(s);

/**
 * Sentences of a text: blocks (lines) split after ., ! or ? (and a closing quote) before a capital, a
 * digit or an opening quote, but not inside a quotation ("Say: "Yes. And more."" stays one sentence).
 * Questions, lead-ins ending with a colon, fragments and overlong runs are left out.
 */
export function sentences(text: string): string[] {
  return labelledSentences(text)
    .filter((s) => !s.question)
    .map((s) => s.sentence);
}

type Labelled = { sentence: string; label: string; question: boolean };

/**
 * Sentences and questions with the label line above them ("Weaknesses", "Where they are weak:"), if
 * any; a table row of labelled cells (a SWOT grid's "Internal — Helpful: Strengths: …; Harmful:
 * Weaknesses: …") is one statement per cell under the cell's label, as the card means it.
 */
function labelledSentences(text: string): Labelled[] {
  const out: Labelled[] = [];
  let label = '';
  for (const block of text.split(/\n+/)) {
    const line = block.replace(/\s+/g, ' ').trim();
    if (!line) continue;
    if (words(line).length < MIN_SENTENCE_WORDS && !/[.!?]["”’')]?$/.test(line)) {
      label = line;
      continue;
    }
    const cells = labelledCells(line);
    const parts = cells ?? joinLabelValues(splitBlock(line).map((x) => x.trim())).map((sentence) => ({ sentence, label }));
    for (const p of parts) {
      if (isSentence(p.sentence)) out.push({ ...p, question: false });
      else if (isQuestion(p.sentence)) out.push({ ...p, question: true });
    }
    // A lead-in ("List prices as of this quarter:") labels the lines after it.
    if (line.endsWith(':')) label = parts.at(-1)!.sentence;
  }
  return out;
}

/**
 * The cells of a table row (shared/htmlText.ts: "Row — Column: cell; Column: cell") when each cell is
 * labelled itself ("Helpful: Strengths: Fast setup"): "Fast setup" under the label "Strengths". Null for
 * other lines.
 */
function labelledCells(line: string): { sentence: string; label: string }[] | null {
  const row = /^[^.:;—]{1,60} — (.+)$/.exec(line);
  if (!row) return null;
  const cells = row[1].split('; ').map((c) => /^[^:;]{1,40}: ([^:;]{1,40}): (.+)$/.exec(c));
  return cells.every(Boolean) ? cells.map((m) => ({ label: m![1], sentence: m![2] })) : null;
}

/** "HIPAA: no." before "Acme will not sign a BAA.": a label's short value belongs with the sentence after it. */
function joinLabelValues(parts: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const short = /^[^:]{1,40}:\s*\S.*$/.test(parts[i]) && words(parts[i]).length < MIN_SENTENCE_WORDS;
    out.push(short && i + 1 < parts.length ? `${parts[i]} ${parts[++i]}` : parts[i]);
  }
  return out;
}

/** "Pine & Co. (18 users)", "e.g. Acme": a full stop that ends an abbreviation, not a sentence. */
const ABBREVIATION = /(^|[\s(])(co|inc|ltd|corp|llc|vs|etc|approx|dept|dr|mr|mrs|ms|st|jr|sr|e\.g|i\.e|\p{Lu})\.$/iu;

function splitBlock(block: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (const m of block.matchAll(/[.!?]["”’')]?(?=\s+["“(]?[\p{Lu}\p{N}])/gu)) {
    const end = m.index + m[0].length;
    const before = block.slice(start, end);
    const straight = (before.match(/"/g) ?? []).length;
    const curly = (before.match(/“/g) ?? []).length - (before.match(/”/g) ?? []).length;
    if (straight % 2 === 1 || curly > 0 || ABBREVIATION.test(before)) continue;
    out.push(before);
    start = end;
  }
  out.push(block.slice(start));
  return out;
}

// ---- near-duplicates

const NUMBER = /[$€£]?\d[\d,.]*(\s?(%|k|m|bn)(?![\p{L}]))?/giu;

const skeleton = (sentence: string) => new Set(terms(sentence.replace(NUMBER, ' 0 ')));

/**
 * Two sentences saying the same thing: their words (numbers masked, stopwords out, light stems) are
 * mostly the same, e.g. "Price-only evaluations (25% of our losses to them)." and the same with 31%.
 */
export function nearDuplicate(a: string, b: string): boolean {
  const x = skeleton(a);
  const y = skeleton(b);
  if (!x.size || !y.size) return a.trim().toLowerCase() === b.trim().toLowerCase();
  let shared = 0;
  for (const w of x) if (y.has(w)) shared++;
  const smaller = Math.min(x.size, y.size);
  return shared / (x.size + y.size - shared) >= NEAR_DUPLICATE_JACCARD || (smaller >= NEAR_DUPLICATE_MIN_WORDS && shared / smaller >= NEAR_DUPLICATE_CONTAINED);
}

// ---- intents

/**
 * A pattern and what it adds, tested on the sentence or on its context (the passage title and the
 * label line). A topic cue (prices, losses, durations) makes a sentence relevant without the
 * question's words.
 */
type Cue = { re: RegExp; weight: number; context?: boolean; topic?: boolean };
type Intent = {
  /** The question asks this. */
  asks: RegExp;
  cues: Cue[];
  /** It says what kind of answer is wanted: a sentence without any of its cues counts for less (NOT_THE_ANSWER). */
  answerType?: boolean;
  /** Its words say what is asked, not what about ("beat", "position"): they do not rank sentences. */
  form?: boolean;
};

/** "Say: …", "Response: …": a talk track. */
export const TALK_TRACK = /^(say|respond|response|reply|answer|reframe|acknowledge|prove(?=:)|position|lead with|talk track|counter)\b/i;
/** "Show …", "Offer …": an instruction to the seller. */
const INSTRUCTION =
  /^(lead|prove|ask|offer|show|bring|use|run|make|get|raise|introduce|target|find|stay|demo|widen|model|compare|press|focus|point|walk|qualify|share|highlight|emphasi[sz]e|land|best play|then|push|anchor|involve|propose|invite|frame|put|do not|don't|never)\b/i;
const LOSS = /\b(lose|loses|losing|lost|loss|losses)\b/i;

/** A card or label about losing deals ("How we lose to Acme"): its sentences are loss reasons. */
const LOSS_CONTEXT = /\b(how we lose|why we lose|loss|lost|losses)\b/i;
/** A card or label about winning ("How we win against Acme", "Pricing talk track"), not a rival's "customer win". */
const WIN_CONTEXT = /\b(how (we|to) win|why we win|win(ning)? against|objections?|talk track|positioning|respond|landmines?|battle ?card)\b/i;
/** "Landmines to lay", "which questions should I ask": the questions a card tells the seller to ask are the answer. */
const ASKS_QUESTIONS = /\b(landmines?|trap questions?|discovery questions?|questions? (to|should|can|could|do|must) (i |we )?(ask|raise|lay))\b/i;
const QUESTIONS_CONTEXT = /\b(landmines?|questions? to ask|trap questions?|discovery questions?)\b/i;

const WIN: Intent = {
  // How to win, position, respond, handle an objection.
  asks: /\b(beat|win|wins|winning|won|compete|competing|position|positioning|counter|respond|response|reply|handle|objection|push ?back|talk ?track|pitch|displace|overcome|differentiate|what (do|should|can) (i|we) say|say when)\b/i,
  answerType: true,
  form: true,
  cues: [
    // A talk track or a win card is about the question even when it shares none of its words.
    { re: TALK_TRACK, weight: 0.6, topic: true },
    { re: INSTRUCTION, weight: 0.4 },
    { re: /\b(we win|we won|won because|how we win|win (about|most))\b/i, weight: 0.3 },
    { re: WIN_CONTEXT, weight: 0.3, context: true, topic: true },
  ],
};
const LOSSES: Intent = {
  // Why and how deals are lost.
  asks: LOSS,
  answerType: true,
  cues: [
    { re: LOSS, weight: 0.4, topic: true },
    { re: /\b(picked|chose|chosen|decides?|decided|lessons?)\b/i, weight: 0.2 },
    { re: /\b(lose|loss|lost|losses)\b/i, weight: 0.3, context: true, topic: true },
  ],
};

const INTENTS: Intent[] = [
  WIN,
  LOSSES,
  {
    // The questions to ask a prospect (landmines).
    asks: ASKS_QUESTIONS,
    answerType: true,
    cues: [
      { re: QUESTIONS_CONTEXT, weight: 0.5, context: true, topic: true },
      // The weak spots a landmine exposes, when no card lists the questions.
      { re: /\b(weak\w*|gaps?|limitations?)\b/i, weight: 0.3, context: true, topic: true },
    ],
  },
  {
    // Prices, costs, discounts.
    asks: /\b(price[sd]?|pricing|cost[s]?|costly|cheap(er)?|expensive|charge[sd]?|fees?|pay|paid|spend|budget|tco|quote[sd]?|discount(s|ing)?|bill(ing)?|licen[cs](e|ing)|seats?)\b/i,
    cues: [
      { re: /[$€£]\s?\d|\bper (user|seat|month|year|session|query|credit|viewer|editor|creator|event)\b|\/\s?(user|seat|month|year)\b/i, weight: 0.3 },
      {
        re: /\b(price[sd]?|pricing|cost[s]?|cheap(er|est)?|expensive|discount(s|ed|ing)?|fees?|list|quote[sd]?|tco|billed|bills?|charges?|charged|invoice|credits?|subscription|seats?|three-year|free)\b/i,
        weight: 0.3,
        topic: true,
      },
      { re: /\b(pric|cost|cheap|discount|fee|tco)/i, weight: 0.2, context: true, topic: true },
    ],
  },
  {
    // Whether they have, support or offer something.
    asks: /^(do|does|did|is|are|can|could|has|have|will)\b|\b(support|supports|offer|offers|provide|provides|available)\b|\b(which|any|what) (competitors?|rivals?|vendors?)\b|\b(have|has) no\b|\b(can't|cannot|doesn't|don't)\b/i,
    cues: [
      {
        re: /\b(no|not|none|never|only|yes|lacks?|lacking|without|missing|gaps?|cannot|can't|doesn't|does not|isn't|aren't|won't|will not|available|supports?|offers?|includes?|certified|authori[sz]ed|in progress|roadmap)\b/i,
        weight: 0.25,
      },
    ],
  },
  {
    // Weak spots.
    asks: /\b(weak|weakness(es)?|gaps?|lacks?|missing|bad at|poor|problems?|limitations?|downsides?|complain(ts)?)\b/i,
    cues: [
      { re: /\b(weak\w*|gaps?|lacks?|no|not|missing|only|cannot|can't|slow\w*|limited|struggles?|complain\w*|guesses|errors?|fails?)\b/i, weight: 0.3 },
      { re: /\b(weak|gap|limitation)/i, weight: 0.25, context: true },
    ],
  },
  {
    // Where and how it runs: "can they run on-prem?" is answered by whatever their deployment is.
    asks: /\b(on[- ]?prem\w*|self[- ]?host\w*|deploy\w*|hosting|hosted|private cloud|saas|data residency|regions?)\b/i,
    cues: [
      { re: /\b(deploy\w*|on-prem\w*|self-hosted|saas|private cloud|hosted|regions?|desktop|server)\b/i, weight: 0.3, topic: true },
      { re: /\bdeploy/i, weight: 0.2, context: true, topic: true },
    ],
  },
  {
    // How long something takes.
    asks: /\bhow (long|quickly|fast|soon)\b|\b(time to|timeline|go-live|get started)\b/i,
    answerType: true,
    cues: [
      {
        re: /\b\d+(\s?(to|-|–)\s?\d+)?\s?(minutes?|hours?|days?|weeks?|months?|quarters?)\b|\b(a|one|two|three|four|five|six|same) (minutes?|hours?|days?|day|weeks?|months?)\b/i,
        weight: 0.4,
        topic: true,
      },
    ],
  },
  {
    // Amounts.
    asks: /\bhow (much|many)\b/i,
    cues: [{ re: /\d/, weight: 0.2 }],
  },
  {
    // People.
    asks: /^who\b|\bwho (is|are)\b/i,
    cues: [{ re: /\b(CEO|CRO|CFO|CTO|chief|head of|VP|buyer|founder|joined)\b/, weight: 0.3, topic: true }],
  },
];

/** Phrasings whose captured word is the question's form, not its topic: "how does pricing work". */
const FORM_PHRASES = [/\bhow (?:does|do|did|will|would|can|could)\b.*\b(works?)\b/i];

/** The question compares competitors: one point for each of more of them. */
const ACROSS_RIVALS = /\b(which|any|what|all|other) (of (the|our) )?(competitors?|rivals?|vendors?)\b|\b(competitors|rivals)\b/i;
/** The prospect's side of an objection ("What you hear: …"): context, not the answer. */
const THEIR_LINE = /^(what you hear|you hear|they say|objection)\b/i;
const THEIR_LINE_FACTOR = 0.5;
/** A sentence about the asker's own company ("Northwind has…") says less about a rival, except in a talk track. */
const ABOUT_US_FACTOR = 0.7;

// ---- the answer

export type ExtractiveAnswer = { text: string; cited: Passage[] };
export type RivalRef = { id: number; name: string };
export type ExtractiveOptions = {
  /** The rival the answer is about (the context rival or the one the question names); null: any. */
  subject?: RivalRef | null;
  /** Names of the rivals the passages belong to, for the headings of an answer grouped by rival. */
  rivalNames?: ReadonlyMap<number, string>;
  /** The asker's company, whose own sentences ("Northwind has…") are not about a rival. */
  companyName?: string;
  /** The asker's language, of the words the answer adds to the quotes (English when not given). */
  language?: string;
};

export type ScoredSentence = {
  passage: Passage;
  rank: number;
  /** Its place among its passage's sentences. */
  index: number;
  sentence: string;
  rival: number | null;
  score: number;
  passageScore: number;
  /** About the asker's company, in an answer that is not a talk track: never under a rival's heading. */
  aboutUs: boolean;
};

export function extractiveAnswer(question: string, passages: Passage[], options: ExtractiveOptions = {}): ExtractiveAnswer {
  const subject = options.subject ?? null;
  const names = options.rivalNames ?? new Map<number, string>();
  const scored = rankSentences(question, passages, options);
  if (!scored.length) return { text: format(options.language, 'ask.nothingFound'), cited: [] };

  // Grouped by rival: the content spans several rivals and the question is not about one, or the
  // subject has nothing and the answer is about others.
  const aboutSubject = subject !== null && scored.every((c) => c.rival === subject.id || c.rival === null);
  let grouped = !aboutSubject && (subject !== null || new Set(scored.map((c) => c.rival)).size > 1);
  let picked = grouped ? pickByRival(scored, ACROSS_RIVALS.test(question)) : [];
  if (!picked.length) {
    // Not grouped, or nothing but sentences about the asker's own company: no headings.
    grouped = false;
    picked = pick(scored);
  }

  picked = grouped ? picked : inPassageOrder(picked);
  const cited: Passage[] = [];
  const refOf = (p: Passage) => (cited.includes(p) ? cited.indexOf(p) : cited.push(p) - 1) + 1;
  const line = (c: ScoredSentence) => `${c.sentence} [${refOf(c.passage)}]`;
  if (!grouped) return { text: picked.map(line).join('\n\n'), cited };
  const groups = new Map<number | null, ScoredSentence[]>();
  for (const c of picked) groups.set(c.rival, [...(groups.get(c.rival) ?? []), c]);
  const text = [...groups].map(([rival, cs]) => [rivalHeading(rival, names, options.language), ...cs.map(line)].join('\n\n')).join('\n\n');
  return { text, cited };
}

/** The heading line of a rival's group ("**Lumenary**"), which answerTextToHtml shows as a heading. */
export function rivalHeading(rival: number | null, names: ReadonlyMap<number, string>, language?: string): string {
  const name = (rival !== null ? names.get(rival) : undefined)?.replace(/[*\n]/g, '').trim();
  return `**${name || format(language, rival === null ? 'ask.otherSources' : 'ask.anotherCompetitor')}**`;
}

/**
 * The sentences that answer the question, best first. With a subject, those of its passages (and of
 * passages of no rival) while any answers, else those of all passages.
 */
export function rankSentences(question: string, passages: Passage[], options: ExtractiveOptions = {}): ScoredSentence[] {
  const subject = options.subject ?? null;
  const names = options.rivalNames ?? new Map<number, string>();
  const rivalOf = (p: Passage) =>
    subject && p.rivalIds.includes(subject.id) ? subject.id : (p.rivalIds.find((id) => names.has(id)) ?? p.rivalIds[0] ?? null);
  const score = (pool: Passage[]) => scoreSentences(question, passages, pool, rivalOf, subject, options.companyName);
  if (subject) {
    const own = score(passages.filter((p) => !p.rivalIds.length || p.rivalIds.includes(subject.id)));
    if (own.length) return own;
  }
  return score(passages);
}

/** "Northwind Analytics" → sentences starting "Northwind Analytics …", "Northwind …" or "Response: Northwind …". */
function ownCompany(companyName: string | undefined): RegExp | null {
  const name = companyName?.trim();
  if (!name) return null;
  const first = name.split(/\s+/)[0];
  const names = [name, ...(first.length >= 4 && first !== name ? [first] : [])].map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  // After an optional label ("Response: Northwind is…").
  return new RegExp(`^([\\p{L} ]{1,24}:\\s*)?(${names.join('|')})('s)?\\b`, 'iu');
}

function scoreSentences(
  question: string,
  all: Passage[],
  pool: Passage[],
  rivalOf: (p: Passage) => number | null,
  subject: RivalRef | null,
  companyName: string | undefined,
): ScoredSentence[] {
  const intents = INTENTS.filter((i) => i.asks.test(question));
  const asksQuestions = ASKS_QUESTIONS.test(question);
  // "How do we win", not "why do we lose": a loss is never a reason we win.
  const winsOnly = intents.includes(WIN) && !intents.includes(LOSSES);
  const candidates = pool.flatMap((p) =>
    labelledSentences(p.text)
      .map(({ sentence, label, question: asked }, index) => ({
        passage: p,
        rank: all.indexOf(p),
        index,
        sentence,
        asked,
        contextText: `${p.title}\n${label}`,
        terms: terms(sentence),
        context: terms(`${p.title}\n${label}`),
      }))
      .filter((c) => (c.asked ? asksQuestions && QUESTIONS_CONTEXT.test(c.contextText) : true))
      .filter((c) => !(winsOnly && (LOSS.test(c.sentence) || LOSS_CONTEXT.test(c.contextText)))),
  );
  if (!candidates.length) return [];
  // The subject's name does not rank its own passages, nor does the asker's own company's (every
  // question is asked from its side), nor do the words of the question's form.
  const subjectTerms = new Set([...(subject ? terms(subject.name) : []), ...(companyName ? terms(companyName) : [])]);
  const formWords = new Set(
    [...words(question).filter((w) => intents.some((i) => i.form && i.asks.test(w))), ...FORM_PHRASES.map((re) => question.match(re)?.[1]?.toLowerCase() ?? '')]
      .filter(Boolean)
      .map(stem),
  );
  // A term most sentences share ranks them little (its IDF) rather than not at all: a topic all the
  // passages are about ("pricing" among pricing cards) still tells a sentence about it from filler.
  const query = [...new Set(terms(question))].filter((q) => !subjectTerms.has(q) && !formWords.has(q));
  const n = candidates.length;
  const df = new Map(query.map((q) => [q, candidates.filter((c) => c.terms.includes(q)).length]));
  if (!query.length && !intents.length) return [];

  const idf = (q: string) => Math.log(1 + (n - df.get(q)! + 0.5) / (df.get(q)! + 0.5));
  /** BM25; b = 0 for titles and labels, which are all short. */
  const bm25 = (ts: string[], avgLen: number, b = BM25_B) => {
    let score = 0;
    for (const q of query) {
      const tf = ts.filter((t) => t === q).length;
      if (tf) score += (idf(q) * tf * (BM25_K1 + 1)) / (tf + BM25_K1 * (1 - b + (b * ts.length) / avgLen));
    }
    return score;
  };
  const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / (xs.length || 1) || 1;
  const avgSentence = avg(candidates.map((c) => c.terms.length));
  const passageTerms = new Map(pool.map((p) => [p, [...terms(p.title), ...terms(p.text)]]));
  const avgPassage = avg([...passageTerms.values()].map((t) => t.length));
  const passageMatch = new Map(pool.map((p) => [p, bm25(passageTerms.get(p)!, avgPassage)]));
  const topPassage = Math.max(...passageMatch.values(), 1e-9);
  const raw = candidates.map((c) => ({ c, relevance: bm25(c.terms, avgSentence) + CONTEXT_WEIGHT * bm25(c.context, 1, 0) }));
  const top = Math.max(...raw.map((r) => r.relevance), 1e-9);
  const us = ownCompany(companyName);
  const winning = intents.some((i) => i.form);

  const cued = raw.map(({ c, relevance }) => {
    let intent = 0;
    let topic = false;
    const answers = new Set<Intent>();
    for (const i of intents)
      for (const cue of i.cues) {
        if (!cue.re.test(cue.context ? c.contextText : c.sentence)) continue;
        intent += cue.weight;
        if (cue.weight > 0 && cue.topic) topic = true;
        if (cue.weight > 0) answers.add(i);
      }
    return { c, relevance, intent, topic, answers };
  });
  // A passage about the question: one of its sentences has the question's words or a topic cue.
  const topical = new Set(cued.filter((x) => x.relevance > 0 || x.topic).map((x) => x.c.passage));
  const answerTypes = intents.filter((i) => i.answerType);

  return cued
    .map(({ c, relevance, intent, topic, answers }): ScoredSentence | null => {
      // About the question: its words (in the sentence or its context), a topic cue, or the kind of
      // answer asked for (a talk track for "how do we win") in a passage about the question.
      const answerKind = answerTypes.some((i) => answers.has(i));
      if (!(relevance > 0 || topic || (answerKind && topical.has(c.passage)))) return null;
      const passageScore = passageMatch.get(c.passage)! / topPassage;
      let score = relevance / top + PASSAGE_WEIGHT * passageScore + intent + (RANK_WEIGHT * (all.length - c.rank)) / all.length;
      if (answerTypes.length && !answerKind) score *= NOT_THE_ANSWER;
      if (THEIR_LINE.test(c.sentence)) score *= THEIR_LINE_FACTOR;
      const aboutUs = !winning && Boolean(us?.test(c.sentence));
      if (aboutUs) score *= ABOUT_US_FACTOR;
      return { passage: c.passage, rank: c.rank, index: c.index, sentence: c.sentence, rival: rivalOf(c.passage), score, passageScore, aboutUs };
    })
    .filter((c): c is ScoredSentence => c !== null && c.score > 0)
    .sort((a, b) => b.score - a.score || a.rank - b.rank);
}

/** Best sentence of each passage first, then further good ones; no near-duplicates, no filler. */
function pick(scored: ScoredSentence[]): ScoredSentence[] {
  const floor = scored[0].score * MIN_SHARE_OF_BEST;
  const picked: ScoredSentence[] = [];
  const used = new Set<Passage>();
  for (const firstPerPassage of [true, false]) {
    for (const c of scored) {
      if (picked.length >= EXTRACTIVE_MAX_SENTENCES || c.score < floor) break;
      if (picked.includes(c) || (firstPerPassage && used.has(c.passage)) || picked.some((p) => nearDuplicate(p.sentence, c.sentence))) continue;
      picked.push(c);
      used.add(c.passage);
    }
  }
  return picked;
}

/**
 * Grouped by rival: the rivals whose passages match the question best (and that have a good sentence),
 * in that order, taking turns so each gets its best points; sentences by score within each rival.
 */
function pickByRival(scored: ScoredSentence[], across: boolean): ScoredSentence[] {
  const floor = scored[0].score * MIN_SHARE_OF_BEST;
  const maxRivals = across ? MAX_ACROSS_RIVALS : MAX_RIVAL_GROUPS;
  const best = new Map<number | null, { sentence: number; passage: number }>();
  for (const c of scored.filter((x) => !x.aboutUs)) {
    const b = best.get(c.rival) ?? { sentence: 0, passage: 0 };
    best.set(c.rival, { sentence: Math.max(b.sentence, c.score), passage: Math.max(b.passage, c.passageScore) });
  }
  const topPassage = Math.max(0, ...[...best.values()].map((b) => b.passage));
  const rivals = [...best]
    .filter(([, b]) => b.sentence >= floor && (across || b.passage >= MIN_RIVAL_SHARE * topPassage))
    .sort(([, a], [, b]) => b.sentence + b.passage - (a.sentence + a.passage))
    .slice(0, maxRivals)
    .map(([rival]) => rival);

  const max = Math.max(EXTRACTIVE_MAX_SENTENCES, rivals.length);
  const picked: ScoredSentence[] = [];
  const used = new Set<Passage>();
  const fits = (c: ScoredSentence) => c.score >= floor && !c.aboutUs && !picked.includes(c) && !picked.some((p) => nearDuplicate(p.sentence, c.sentence));
  for (let added = true; added && picked.length < max; ) {
    added = false;
    for (const rival of rivals) {
      if (picked.length >= max) break;
      const mine = scored.filter((c) => c.rival === rival && fits(c));
      const next = mine.find((c) => !used.has(c.passage)) ?? mine[0];
      if (!next) continue;
      picked.push(next);
      used.add(next.passage);
      added = true;
    }
  }
  return rivals.flatMap((r) => inPassageOrder(picked.filter((c) => c.rival === r).sort((a, b) => b.score - a.score)));
}

/**
 * The picked sentences with those of one passage together, in the passage's own order (a talk track's
 * "Acknowledge, Reframe, Prove" stays in that order), each passage where its best sentence was.
 */
export function inPassageOrder<T extends Pick<ScoredSentence, 'passage' | 'index'>>(picked: T[]): T[] {
  const first = new Map<Passage, number>();
  picked.forEach((c, i) => first.has(c.passage) || first.set(c.passage, i));
  return [...picked].sort((a, b) => first.get(a.passage)! - first.get(b.passage)! || a.index - b.index);
}
