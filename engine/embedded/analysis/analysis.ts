// Analyzers built from an index's `settings.analysis`, interpreting the same JSON OpenSearch reads:
// standard tokenizer (a compact UAX#29 word-boundary approximation), lowercase, asciifolding,
// stop, porter_stem, possessive and minimal English stemmers; keyword and folded normalizers.
import { EngineQueryError } from '../../errors.ts';
import type { AnalyzerDef, IndexSettings, TokenFilterDef } from '../../port.ts';
import { porterStem } from './porter.ts';

export interface Token {
  term: string;
  start: number;
  end: number;
}

export interface Analyzer {
  /** Terms in order (stop words removed). */
  terms(text: string): string[];
  /** Calls fn for each term without building an array; returns the number of terms. */
  each(text: string, fn: (term: string) => void): number;
  /** Terms with their character offsets in the original text (for highlighting). */
  tokens(text: string): Token[];
  /** Raw tokens as [start, end, tokenHash] triples in out.buf; returns the count (indexing hot path). */
  spans(text: string, out: { buf: Int32Array }): number;
  /** The term of one raw token, or null when filtered out. */
  filter(raw: string): string | null;
  readonly maxTokenLength: number;
}

/** Lucene's English stop set (EnglishAnalyzer.ENGLISH_STOP_WORDS_SET), i.e. OpenSearch `_english_`. */
export const ENGLISH_STOP_WORDS = new Set([
  'a', 'an', 'and', 'are', 'as', 'at', 'be', 'but', 'by', 'for', 'if', 'in', 'into', 'is', 'it', 'no', 'not',
  'of', 'on', 'or', 'such', 'that', 'the', 'their', 'then', 'there', 'these', 'they', 'this', 'to', 'was',
  'will', 'with',
]);

// ---------------------------------------------------------------- tokenizers

type Emit = (start: number, end: number) => void;
type Tokenizer = (text: string, emit: Emit) => void;

const WORD = /[\p{L}\p{N}\p{M}\p{Pc}]/u;
const LETTER = /[\p{L}\p{M}]/u;

// 0 = other, 1 = letter, 2 = digit. ASCII from a table, the rest from Unicode classes.
const ASCII_CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  ASCII_CLASS[c] = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 ? 1 : c >= 48 && c <= 57 ? 2 : 0;
}

function charClass(code: number, ch: string): number {
  if (code < 128) return ASCII_CLASS[code];
  if (!WORD.test(ch)) return 0;
  return LETTER.test(ch) ? 1 : 2;
}

const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;

/** FNV-1a over the UTF-16 units of text[s, e): the hash `spans` gives each raw token. */
export function tokenHash(text: string, s: number, e: number): number {
  let h = FNV_OFFSET;
  for (let i = s; i < e; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  return h;
}

/** Appends the triple [start, end, hash] as token `count` of out.buf (grown as needed). */
function putSpan(out: { buf: Int32Array }, count: number, start: number, end: number, hash: number): void {
  let buf = out.buf;
  if (3 * count + 3 > buf.length) {
    buf = new Int32Array(buf.length * 2);
    buf.set(out.buf);
    out.buf = buf;
  }
  buf[3 * count] = start;
  buf[3 * count + 1] = end;
  buf[3 * count + 2] = hash;
}

/**
 * UAX#29 words: runs of letters/digits/underscore; `.` and `'` join letters to letters and digits
 * to digits (`U.S.A`, `acme's`, `3.5`), `:` joins letters, `,` and `;` join digits (`1,000`).
 * Writes [start, end, tokenHash] triples into `out` and returns the number of tokens. The hash is
 * taken in the same pass, so indexing reads each character once.
 */
export function standardSpans(text: string, out: { buf: Int32Array }): number {
  const n = text.length;
  let count = 0;
  let start = -1;
  let h = FNV_OFFSET;
  let prevClass = 0;
  for (let i = 0; i < n; i++) {
    const code = text.charCodeAt(i);
    let cls: number;
    let width = 1;
    if (code < 128) cls = ASCII_CLASS[code];
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < n) {
      cls = charClass(code, text.slice(i, i + 2));
      width = 2;
    } else cls = charClass(code, text[i]);
    if (cls !== 0) {
      if (start < 0) {
        start = i;
        h = FNV_OFFSET;
      }
      h = Math.imul(h ^ code, FNV_PRIME);
      if (width === 2) h = Math.imul(h ^ text.charCodeAt(++i), FNV_PRIME);
      prevClass = cls;
      continue;
    }
    if (start < 0) continue;
    if (i + 1 < n) {
      const next = text.charCodeAt(i + 1);
      const nextClass = next < 128 ? ASCII_CLASS[next] : charClass(next, text[i + 1]);
      const joinsLetters = code === 46 || code === 39 || code === 0x2019 || code === 58;
      const joinsDigits = code === 46 || code === 44 || code === 59 || code === 39;
      if (nextClass !== 0 && nextClass === prevClass && ((prevClass === 1 && joinsLetters) || (prevClass === 2 && joinsDigits))) {
        h = Math.imul(h ^ code, FNV_PRIME);
        continue;
      }
    }
    putSpan(out, count++, start, i, h);
    start = -1;
  }
  if (start >= 0) putSpan(out, count++, start, n, h);
  return count;
}

const spanScratch = { buf: new Int32Array(1536) };

export const standardTokenizer: Tokenizer = (text, emit) => {
  const n = standardSpans(text, spanScratch);
  // Copy: emit may tokenize again (re-entrancy) and overwrite the scratch buffer.
  const spans = spanScratch.buf.slice(0, 3 * n);
  for (let i = 0; i < n; i++) emit(spans[3 * i], spans[3 * i + 1]);
};

const keywordTokenizer: Tokenizer = (text, emit) => {
  if (text.length > 0) emit(0, text.length);
};

const whitespaceTokenizer: Tokenizer = (text, emit) => {
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    const ws = /\s/.test(text[i]);
    if (!ws && start < 0) start = i;
    else if (ws && start >= 0) {
      emit(start, i);
      start = -1;
    }
  }
  if (start >= 0) emit(start, text.length);
};

// Lucene's LetterTokenizer: runs of letters only (digits split words).
const letterTokenizer: Tokenizer = (text, emit) => {
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    const isLetter = charClass(text.charCodeAt(i), text[i]) === 1 && text[i] !== '_';
    if (isLetter && start < 0) start = i;
    else if (!isLetter && start >= 0) {
      emit(start, i);
      start = -1;
    }
  }
  if (start >= 0) emit(start, text.length);
};

const TOKENIZERS: Record<string, Tokenizer> = {
  standard: standardTokenizer,
  keyword: keywordTokenizer,
  whitespace: whitespaceTokenizer,
  lowercase: letterTokenizer,
  letter: letterTokenizer,
};

// ---------------------------------------------------------------- token filters

/** A filter maps a term to a term, or null to drop it. */
type Filter = (term: string) => string | null;

const lowercase: Filter = (t) => t.toLowerCase();

const SPECIAL_FOLDS: Record<string, string> = {
  ß: 'ss', æ: 'ae', Æ: 'AE', ø: 'o', Ø: 'O', œ: 'oe', Œ: 'OE', ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', þ: 'th', Þ: 'TH',
  ð: 'd', Ð: 'D', ı: 'i', '\u2019': "'", '\u2018': "'",
};
const NON_ASCII = /[^\u0000-\u007f]/;
const MARKS = /\p{M}/gu;

/** ASCII folding: strip diacritics (NFKD) and map the common non-decomposable letters. */
export function asciiFold(t: string): string {
  if (!NON_ASCII.test(t)) return t;
  let out = t.normalize('NFKD').replace(MARKS, '');
  if (NON_ASCII.test(out)) out = Array.from(out, (ch) => SPECIAL_FOLDS[ch] ?? ch).join('');
  return out;
}

const possessive: Filter = (t) => {
  const n = t.length;
  if (n >= 2 && (t[n - 1] === 's' || t[n - 1] === 'S') && (t[n - 2] === "'" || t[n - 2] === '\u2019' || t[n - 2] === '\uff07')) {
    return t.slice(0, n - 2);
  }
  return t;
};

/** Lucene's EnglishMinimalStemmer (plural removal only). */
export function minimalEnglish(t: string): string {
  const n = t.length;
  if (n < 3 || t[n - 1] !== 's') return t;
  const p = t[n - 2];
  if (p === 'u' || p === 's') return t;
  if (p === 'e') {
    if (n > 3 && t[n - 3] === 'i' && t[n - 4] !== 'a' && t[n - 4] !== 'e') return `${t.slice(0, n - 3)}y`;
    const q = t[n - 3];
    if (q === 'i' || q === 'a' || q === 'o' || q === 'e') return t;
  }
  return t.slice(0, n - 1);
}

function stopFilter(words: string | string[] | undefined): Filter {
  let set: Set<string>;
  if (words === undefined || words === '_english_') set = ENGLISH_STOP_WORDS;
  else if (words === '_none_') set = new Set();
  else if (Array.isArray(words)) set = new Set(words);
  else throw new EngineQueryError(`unsupported stopwords [${words}]`);
  return (t) => (set.has(t) ? null : t);
}

function customFilter(name: string, def: TokenFilterDef): Filter {
  switch (def.type) {
    case 'lowercase': return lowercase;
    case 'asciifolding': return asciiFold;
    case 'porter_stem': return porterStem;
    case 'stop': return stopFilter(def.stopwords);
    case 'stemmer':
      switch (def.language) {
        case 'possessive_english': return possessive;
        case 'english': case 'porter': return porterStem;
        case 'minimal_english': return minimalEnglish;
        default: throw new EngineQueryError(`unsupported stemmer language [${def.language}] in filter [${name}]`);
      }
  }
  throw new EngineQueryError(`unsupported token filter [${name}]`);
}

function resolveFilter(name: string, settings: IndexSettings): Filter {
  const custom = settings.analysis?.filter?.[name];
  if (custom) return customFilter(name, custom);
  switch (name) {
    case 'lowercase': return lowercase;
    case 'asciifolding': return asciiFold;
    case 'porter_stem': return porterStem;
    case 'stop': return stopFilter('_english_');
    default: throw new EngineQueryError(`unknown token filter [${name}]`);
  }
}

// ---------------------------------------------------------------- analyzers

/** Raw tokens seen per analyzer before the cache is reset (vocabularies are Zipfian). */
const TOKEN_CACHE_MAX = 500_000;

function chain(tokenizer: Tokenizer, filters: Filter[], maxTokenLength = 255): Analyzer {
  // The whole filter chain is cached per raw token: one Map lookup per token in the common case.
  const cache = new Map<string, string | null>();
  const apply = (raw: string): string | null => {
    let t: string | null | undefined = cache.get(raw);
    if (t !== undefined) return t;
    t = raw;
    for (let i = 0; i < filters.length && t !== null; i++) t = filters[i](t);
    if (t === '') t = null;
    if (cache.size >= TOKEN_CACHE_MAX) cache.clear();
    cache.set(raw, t);
    return t;
  };
  return {
    terms(text) {
      const out: string[] = [];
      tokenizer(text, (s, e) => {
        if (e - s > maxTokenLength) return;
        const t = apply(text.slice(s, e));
        if (t !== null) out.push(t);
      });
      return out;
    },
    each(text, fn) {
      let n = 0;
      tokenizer(text, (s, e) => {
        if (e - s > maxTokenLength) return;
        const t = apply(text.slice(s, e));
        if (t !== null) {
          fn(t);
          n++;
        }
      });
      return n;
    },
    tokens(text) {
      const out: Token[] = [];
      tokenizer(text, (s, e) => {
        if (e - s > maxTokenLength) return;
        const t = apply(text.slice(s, e));
        if (t !== null) out.push({ term: t, start: s, end: e });
      });
      return out;
    },
    spans(text, out) {
      if (tokenizer === standardTokenizer) return standardSpans(text, out);
      let n = 0;
      tokenizer(text, (s, e) => putSpan(out, n++, s, e, tokenHash(text, s, e)));
      return n;
    },
    filter: apply,
    maxTokenLength,
  };
}

const BUILTIN: Record<string, () => Analyzer> = {
  standard: () => chain(standardTokenizer, [lowercase]),
  english: () => chain(standardTokenizer, [possessive, lowercase, stopFilter('_english_'), porterStem]),
  simple: () => chain(letterTokenizer, [lowercase]),
  whitespace: () => chain(whitespaceTokenizer, []),
  keyword: () => chain(keywordTokenizer, [], Number.MAX_SAFE_INTEGER),
};

export function buildAnalyzer(name: string, settings: IndexSettings): Analyzer {
  const def: AnalyzerDef | undefined = settings.analysis?.analyzer?.[name];
  if (!def) {
    const b = BUILTIN[name];
    if (!b) throw new EngineQueryError(`unknown analyzer [${name}]`);
    return b();
  }
  if (def.type !== 'custom') {
    if (def.type === 'standard' && def.stopwords !== undefined) return chain(standardTokenizer, [lowercase, stopFilter(def.stopwords)]);
    return BUILTIN[def.type]();
  }
  const tokenizer = TOKENIZERS[def.tokenizer ?? 'standard'];
  if (!tokenizer) throw new EngineQueryError(`unknown tokenizer [${def.tokenizer}]`);
  const filters = (def.filter ?? []).map((f) => resolveFilter(f, settings));
  if (def.tokenizer === 'lowercase') filters.unshift(lowercase);
  return chain(tokenizer, filters, def.tokenizer === 'keyword' ? Number.MAX_SAFE_INTEGER : 255);
}

/** A keyword normalizer: one term, filtered (lowercase, asciifolding). Identity when unnamed. */
export function buildNormalizer(name: string | undefined, settings: IndexSettings): (value: string) => string {
  if (!name) return (v) => v;
  const def = settings.analysis?.normalizer?.[name];
  if (!def && name !== 'lowercase') throw new EngineQueryError(`unknown normalizer [${name}]`);
  const filters = def ? def.filter.map((f) => resolveFilter(f, settings)) : [lowercase];
  return (v) => {
    let t: string | null = v;
    for (const f of filters) t = t === null ? null : f(t);
    return t ?? '';
  };
}
