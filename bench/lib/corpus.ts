// Deterministic benchmark corpora: card-like and intel-like documents with a Zipf vocabulary
// (a title plus a ~80-word body), generated lazily so memory stays with the engine under test.
import { closeSync, openSync, readSync, writeSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { audiencesOf } from '../../documents/audiences.ts';

/** mulberry32: small, fast, seedable. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Domain words take the top ranks so frequent words look like real competitive intel.
const DOMAIN = (
  'pricing price discount contract renewal seat license enterprise customer support onboarding integration ' +
  'salesforce hubspot slack security compliance analytics dashboard roadmap release feature launch partner ' +
  'reseller market share revenue growth churn deal pipeline demo trial competitor win loss objection ' +
  'migration deployment cloud platform api mobile workflow automation reporting forecast quota territory ' +
  'review rating webinar hiring acquisition funding layoffs leadership strategy positioning messaging'
).split(' ');

const SYLLABLES = 'ba be bi bo bu ca ce co cu da de di do du fa fe fi fo ga ge go ka ke ki ko la le li lo lu ma me mi mo mu na ne ni no nu pa pe pi po ra re ri ro ru sa se si so su ta te ti to tu va ve vi vo za ze zo ex ar en or in an al er on'.split(' ');

export interface Vocabulary {
  words: string[];
  /** Cumulative Zipf weights, for sampling by binary search. */
  cdf: Float64Array;
}

export function vocabulary(size = 50_000, exponent = 1.07, seed = 7): Vocabulary {
  const rnd = prng(seed);
  const words: string[] = [...DOMAIN];
  const seen = new Set(words);
  while (words.length < size) {
    const n = 2 + Math.floor(rnd() * 3);
    let w = '';
    for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(rnd() * SYLLABLES.length)];
    if (!seen.has(w)) {
      seen.add(w);
      words.push(w);
    }
  }
  const cdf = new Float64Array(size);
  let sum = 0;
  for (let r = 0; r < size; r++) {
    sum += 1 / Math.pow(r + 1, exponent);
    cdf[r] = sum;
  }
  for (let r = 0; r < size; r++) cdf[r] /= sum;
  return { words, cdf };
}

export function sampleRank(v: Vocabulary, rnd: () => number): number {
  const x = rnd();
  let lo = 0;
  let hi = v.cdf.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (v.cdf[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function sentence(v: Vocabulary, rnd: () => number, n: number): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(v.words[sampleRank(v, rnd)]);
  return out.join(' ');
}

function titleCase(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export const BASE_TIME = Date.UTC(2026, 0, 1);
const TWO_YEARS = 730 * 86_400_000;
export const RIVALS = 50;
export const BOARDS = 500;
export const TAGS = 200;
export const GROUPS = 10;

export type CorpusKind = 'cards' | 'intel';

export interface BenchDoc {
  id: string;
  doc: Record<string, unknown>;
}

/** Card-like documents, in id order; the same seed always gives the same corpus. */
export function* cards(n: number, v: Vocabulary, seed = 42): Generator<BenchDoc> {
  const rnd = prng(seed);
  for (let i = 0; i < n; i++) {
    const board = Math.floor(Math.pow(rnd(), 1.5) * BOARDS);
    const rival = (board % RIVALS) + 1;
    const nTags = 1 + Math.floor(rnd() * 3);
    const tags = new Map<number, { id: number; name: string }>();
    for (let t = 0; t < nTags; t++) {
      const id = 1 + Math.floor(Math.pow(rnd(), 2) * TAGS);
      tags.set(id, { id, name: `tag ${v.words[id]}` });
    }
    const isDraft = rnd() < 0.05;
    const allAccess = rnd() < 0.8;
    const visibilityGroupIds = allAccess ? [] : [1 + Math.floor(rnd() * GROUPS)];
    const created = BASE_TIME - Math.floor(rnd() * TWO_YEARS);
    const updated = Math.min(BASE_TIME, created + Math.floor(rnd() * 90 * 86_400_000));
    const title = titleCase(sentence(v, rnd, 3 + Math.floor(rnd() * 5)));
    const base = { company_id: 1, isDraft, allAccess, visibilityGroupIds };
    yield {
      id: String(i + 1),
      doc: {
        id: String(i + 1),
        title,
        text: sentence(v, rnd, 60 + Math.floor(rnd() * 40)),
        tags: [...tags.values()],
        board: { id: board + 1, name: `Board ${board + 1}`, rival_id: rival },
        rival: { id: rival, name: `Rival ${rival}` },
        profile: { id: rival, name: `Rival ${rival}` },
        author: { id: 1 + (i % 40), name: `Author ${1 + (i % 40)}` },
        ...base,
        audiences: audiencesOf(base),
        createdAt: new Date(created).toISOString(),
        updatedAt: new Date(updated).toISOString(),
        viewOrder: i % 100,
        hasDynamicBlocks: rnd() < 0.1,
        sourcesCount: Math.floor(rnd() * 6),
        battlecardIds: [],
        suggest: { input: [title], contexts: { scope: audiencesOf(base) } },
      },
    };
  }
}

const STATES = ['unprocessed', 'working', 'archived', 'archived', 'deleted'];
const CHANNELS = ['rss', 'slack', 'teams', 'extension', 'email', 'rivalscopebot', 'in_app', 'new_page'];
const TOPICS = ['pricing', 'product', 'hiring', 'funding', 'partnership', 'leadership', 'marketing', 'customers', 'security', 'events'];

/** Intel-like documents (alerts of the feed). */
export function* intel(n: number, v: Vocabulary, seed = 43): Generator<BenchDoc> {
  const rnd = prng(seed);
  for (let i = 0; i < n; i++) {
    const nRivals = rnd() < 0.8 ? 1 : 2;
    const rivals = new Map<number, { id: number; name: string }>();
    for (let r = 0; r < nRivals; r++) {
      const id = 1 + Math.floor(Math.pow(rnd(), 1.5) * RIVALS);
      rivals.set(id, { id, name: `Rival ${id}` });
    }
    const topics = new Set<string>();
    const nTopics = Math.floor(rnd() * 3);
    for (let t = 0; t < nTopics; t++) topics.add(TOPICS[Math.floor(Math.pow(rnd(), 1.5) * TOPICS.length)]);
    const created = BASE_TIME - Math.floor(rnd() * TWO_YEARS);
    const title = titleCase(sentence(v, rnd, 5 + Math.floor(rnd() * 6)));
    yield {
      id: `i${i + 1}`,
      doc: {
        id: `i${i + 1}`,
        company_id: 1,
        state: STATES[Math.floor(rnd() * STATES.length)],
        priority: rnd() < 0.2 ? 'important' : rnd() < 0.4 ? 'interesting' : undefined,
        channel: CHANNELS[Math.floor(rnd() * CHANNELS.length)],
        topics: [...topics],
        contentType: rnd() < 0.7 ? 'news' : 'post',
        rivals: [...rivals.values()],
        rivalIds: [...rivals.keys()],
        source: `source${Math.floor(Math.pow(rnd(), 2) * 300)}.com`,
        title,
        summary: sentence(v, rnd, 15 + Math.floor(rnd() * 10)),
        body: sentence(v, rnd, 60 + Math.floor(rnd() * 40)),
        published: rnd() < 0.3,
        createdAt: new Date(created).toISOString(),
        relatedAlerts: Math.floor(Math.pow(rnd(), 3) * 5),
      },
    };
  }
}

export function corpus(kind: CorpusKind, n: number, v: Vocabulary): Generator<BenchDoc> {
  return kind === 'cards' ? cards(n, v) : intel(n, v);
}

// ---------------------------------------------------------------- corpus files

/** Writes docs as JSON lines, `batch` lines per write. */
export function writeCorpusFile(docs: Iterable<BenchDoc>, path: string, batch: number): void {
  const fd = openSync(path, 'w');
  let lines: string[] = [];
  const flush = () => {
    writeSync(fd, `${lines.join('\n')}\n`);
    lines = [];
  };
  try {
    for (const d of docs) {
      lines.push(JSON.stringify(d));
      if (lines.length === batch) flush();
    }
    if (lines.length > 0) flush();
  } finally {
    closeSync(fd);
  }
}

/** The docs of a JSON-lines file, parsed, `batch` at a time (read `chunkBytes` at a time). */
export function* readCorpusFile(path: string, batch: number, chunkBytes = 1 << 22): Generator<BenchDoc[]> {
  const fd = openSync(path, 'r');
  const buf = Buffer.allocUnsafe(chunkBytes);
  // A chunk may end inside a line, or inside a character.
  const text = new StringDecoder('utf8');
  let rest = '';
  let docs: BenchDoc[] = [];
  try {
    for (let n = readSync(fd, buf); n > 0; n = readSync(fd, buf)) {
      const lines = (rest + text.write(buf.subarray(0, n))).split('\n');
      rest = lines.pop()!;
      for (const line of lines) {
        docs.push(JSON.parse(line) as BenchDoc);
        if (docs.length === batch) {
          yield docs;
          docs = [];
        }
      }
    }
  } finally {
    closeSync(fd);
  }
  if (docs.length > 0) yield docs;
}

// ---------------------------------------------------------------- query mix

/** An engine-neutral description of one query of the mix. */
export interface BenchQuery {
  terms: string[];
  operator: 'or' | 'and';
  fuzzy: boolean;
  /** A facet filter (tag id for cards, rival id for intel), or null. */
  facetFilter: number | null;
  /** Only docs newer than this many days before BASE_TIME, or null. */
  sinceDays: number | null;
  sort: 'score' | 'date';
  highlight: boolean;
}

/**
 * The fixed mix: 1 to 3 terms drawn from real query ranks (skipping the very top words), filters
 * on company and visibility always, a facet or date filter sometimes, sort by score or date; every
 * query asks for the three counters.
 */
export function queryMix(count: number, v: Vocabulary, seed = 99): BenchQuery[] {
  const rnd = prng(seed);
  const out: BenchQuery[] = [];
  for (let i = 0; i < count; i++) {
    const nTerms = 1 + Math.floor(rnd() * 3);
    const terms: string[] = [];
    while (terms.length < nTerms) {
      const rank = 5 + Math.floor(Math.pow(rnd(), 2) * 5000);
      const w = v.words[rank];
      if (!terms.includes(w)) terms.push(w);
    }
    const kind = rnd();
    out.push({
      terms,
      operator: nTerms > 1 && kind < 0.3 ? 'and' : 'or',
      fuzzy: nTerms === 1 && kind > 0.85,
      facetFilter: rnd() < 0.25 ? 1 + Math.floor(Math.pow(rnd(), 2) * 40) : null,
      sinceDays: rnd() < 0.25 ? 90 : null,
      sort: rnd() < 0.35 ? 'date' : 'score',
      highlight: rnd() < 0.3,
    });
  }
  return out;
}

/** Prefixes typed into the search box (1 to 4 characters of frequent title words). */
export function suggestMix(count: number, v: Vocabulary, seed = 123): string[] {
  const rnd = prng(seed);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const w = v.words[Math.floor(Math.pow(rnd(), 2) * 3000)];
    out.push(w.slice(0, 1 + Math.floor(rnd() * Math.min(4, w.length))));
  }
  return out;
}
