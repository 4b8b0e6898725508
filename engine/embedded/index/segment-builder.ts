// Builds an immutable segment (segment.ts) from documents added in order: text through the thread's
// term dictionary of each analyzer, postings grouped by term with a counting sort at the end,
// doc-value and numeric columns, completion entries sorted by key, the stored sources as they came.
import { docDate } from '../../datemath.ts';
import { readParts } from '../../fields.ts';
import { dictionaryFor, type TermDictionary } from '../analysis/termdict.ts';
import { SourcesWriter } from '../storage/sources.ts';
import type { BatchDocs } from './batch.ts';
import { Growable } from './growable.ts';
import { lengthToNorm } from './norms.ts';
import { codePointOrder, PackedBuilder, type PackedStrings } from './packed.ts';
import type { Schema, SchemaField } from './schema.ts';
import { exactTerm, newSegmentId, type CompletionField, type InvertedField, type NumericColumn, type Segment } from './segment.ts';

const utf8 = new TextDecoder();

/** Numeric value of a number/date/boolean, NaN when absent or invalid. */
export function numericValue(f: SchemaField, v: unknown): number {
  if (f.kind === 'date') return docDate(v);
  if (f.kind === 'boolean') return v === true || v === 'true' ? 1 : v === false || v === 'false' ? 0 : NaN;
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? (f.integer ? Math.trunc(n) : n) : NaN;
}

interface PostingsBuilder {
  field: SchemaField;
  /** Text fields: the thread's dictionary of the field's analyzer, whose ids the triples hold. */
  dict: TermDictionary | null;
  /** Other fields: the segment's own terms and their ids (numbers also by value: no string per value). */
  termIds: Map<string, number>;
  numberIds: Map<number, number>;
  termList: string[];
  // (term id, doc, freq) triples in doc order; a counting sort by term groups them at the end.
  tTerm: Growable<Uint32Array>;
  tDoc: Growable<Uint32Array>;
  tFreq: Growable<Uint16Array> | null;
  norms: Growable<Uint8Array> | null;
  docCount: number;
  sumTTF: number;
  dvStart: Growable<Uint32Array> | null;
  dvIds: Growable<Uint32Array> | null;
  /** Text fields: the current doc's term counts by term id, and the ids it touched. */
  tf: Uint32Array;
  touched: number[];
}

interface NumericBuilder {
  field: SchemaField;
  min: Growable<Float64Array>;
  max: Growable<Float64Array>;
  start: Growable<Uint32Array>;
  values: Growable<Float64Array>;
  multi: boolean;
}

export interface CompletionEntry {
  key: string;
  text: string;
  doc: number;
  weight: number;
  contexts: string[] | null;
}

/** Postings per doc of each field in the last segment this thread built: sizes the next one's arrays up front. */
const postingsPerDoc = new WeakMap<SchemaField, number>();

/** Builds one segment from documents added in order. */
export class SegmentBuilder {
  private readonly postings: PostingsBuilder[] = [];
  private readonly numerics: NumericBuilder[] = [];
  private readonly completions = new Map<string, CompletionEntry[]>();
  private readonly ids: string[] = [];
  private readonly spans = { buf: new Int32Array(1536) };
  private readonly versions = new Growable(Float64Array);
  private readonly source: SourcesWriter;

  /**
   * With `sourcePath`, the stored sources are written to that file instead of kept in memory. With
   * `expectedDocs`, arrays start at the size the fields' last segment suggests instead of doubling up.
   */
  constructor(
    private readonly schema: Schema,
    sourcePath: string | null = null,
    expectedDocs = 0,
  ) {
    this.source = new SourcesWriter(sourcePath);
    const docs = Math.max(1024, expectedDocs + 1);
    for (const f of schema.list) {
      if (f.kind === 'text' || f.kind === 'keyword' || f.kind === 'number' || f.kind === 'boolean') {
        const text = f.kind === 'text';
        const dict = text ? dictionaryFor(f.analyzer!) : null;
        const postings = Math.max(4096, Math.ceil(expectedDocs * (postingsPerDoc.get(f) ?? 0) * 1.05));
        this.postings.push({
          field: f,
          dict,
          termIds: new Map(),
          numberIds: new Map(),
          termList: [],
          tTerm: new Growable(Uint32Array, postings),
          tDoc: new Growable(Uint32Array, postings),
          tFreq: text ? new Growable(Uint16Array, postings) : null,
          norms: text ? new Growable(Uint8Array, docs) : null,
          docCount: 0,
          sumTTF: 0,
          dvStart: text ? null : new Growable(Uint32Array, docs),
          dvIds: text ? null : new Growable(Uint32Array, postings),
          tf: new Uint32Array(text ? Math.max(1024, dict!.terms.length) : 0),
          touched: [],
        });
        if (!text) this.postings[this.postings.length - 1].dvStart!.push(0);
      }
      if (f.kind === 'number' || f.kind === 'date' || f.kind === 'boolean') {
        const nb: NumericBuilder = {
          field: f,
          min: new Growable(Float64Array, docs),
          max: new Growable(Float64Array, docs),
          start: new Growable(Uint32Array, docs),
          values: new Growable(Float64Array, docs),
          multi: false,
        };
        nb.start.push(0);
        this.numerics.push(nb);
      }
      if (f.kind === 'completion') this.completions.set(f.path, []);
    }
  }

  get size(): number {
    return this.ids.length;
  }

  /** Adds a document given as its JSON in UTF-8 (stored as it is). */
  addJson(id: string, version: number, json: Uint8Array): void {
    this.add(id, version, JSON.parse(utf8.decode(json)) as Record<string, unknown>, json);
  }

  add(id: string, version: number, doc: Record<string, unknown>, json?: Uint8Array): void {
    const d = this.ids.length;
    this.ids.push(id);
    this.versions.push(version);
    this.source.add(json ?? JSON.stringify(doc));

    for (const p of this.postings) {
      const values = readParts(doc, p.field.sourceParts);
      if (p.field.kind === 'text') this.addText(p, d, values);
      else this.addExact(p, d, values);
    }
    for (const nb of this.numerics) {
      const values = readParts(doc, nb.field.sourceParts);
      let lo = NaN;
      let hi = NaN;
      let count = 0;
      for (const v of values) {
        const x = numericValue(nb.field, v);
        if (Number.isNaN(x)) continue;
        nb.values.push(x);
        count++;
        if (!(x >= lo)) lo = x;
        if (!(x <= hi)) hi = x;
      }
      if (count > 1) nb.multi = true;
      nb.min.push(lo);
      nb.max.push(hi);
      nb.start.push(nb.values.length);
    }
    for (const [path, entries] of this.completions) {
      for (const v of readParts(doc, this.schema.fields.get(path)!.sourceParts)) this.addCompletion(path, entries, d, v);
    }
  }

  private addText(p: PostingsBuilder, d: number, values: unknown[]): void {
    let len = 0;
    const analyzer = p.field.analyzer!;
    const dict = p.dict!;
    let tf = p.tf;
    const touched = p.touched;
    for (const value of values) {
      if (typeof value !== 'string' && typeof value !== 'number') continue;
      const text = String(value);
      const n = analyzer.spans(text, this.spans);
      const buf = this.spans.buf;
      for (let i = 0; i < n; i++) {
        const s = buf[3 * i];
        const e = buf[3 * i + 1];
        if (e - s > analyzer.maxTokenLength) continue;
        const id = dict.id(text, s, e, buf[3 * i + 2]);
        if (id < 0) continue;
        if (id >= tf.length) {
          const next = new Uint32Array(Math.max(tf.length * 2, id + 1));
          next.set(tf);
          tf = p.tf = next;
        }
        if (tf[id]++ === 0) touched.push(id);
        len++;
      }
    }
    p.norms!.push(len > 0 ? lengthToNorm(len) : 0);
    if (len === 0) return;
    p.docCount++;
    p.sumTTF += len;
    for (let i = 0; i < touched.length; i++) {
      const id = touched[i];
      const f = tf[id];
      tf[id] = 0;
      p.tTerm.push(id);
      p.tDoc.push(d);
      p.tFreq!.push(f > 65535 ? 65535 : f);
    }
    touched.length = 0;
  }

  private addExact(p: PostingsBuilder, d: number, values: unknown[]): void {
    let seen: number[] | null = null;
    for (const v of values) {
      let id: number | undefined;
      if (p.field.kind === 'number' && typeof v === 'number') {
        const n = p.field.integer ? Math.trunc(v) : v;
        if (!Number.isFinite(n)) continue;
        id = p.numberIds.get(n);
        if (id === undefined) p.numberIds.set(n, (id = termId(p, String(n))));
      } else {
        const t = exactTerm(p.field, v);
        if (t === null) continue;
        id = termId(p, t);
      }
      if (seen === null) seen = [id];
      else if (!seen.includes(id)) seen.push(id);
      else continue;
    }
    if (seen !== null) {
      p.docCount++;
      p.sumTTF += seen.length;
      for (const id of seen) {
        p.tTerm.push(id);
        p.tDoc.push(d);
        p.dvIds!.push(id);
      }
    }
    p.dvStart!.push(p.dvIds!.length);
  }

  private addCompletion(path: string, entries: CompletionEntry[], d: number, v: unknown): void {
    const f = this.schema.fields.get(path)!;
    let inputs: string[] = [];
    let weight = 1;
    let contexts: string[] | null = null;
    if (typeof v === 'string') inputs = [v];
    else if (v !== null && typeof v === 'object') {
      const c = v as { input?: unknown; weight?: unknown; contexts?: Record<string, unknown> };
      inputs = (Array.isArray(c.input) ? c.input : [c.input]).filter((x): x is string => typeof x === 'string');
      if (typeof c.weight === 'number') weight = c.weight;
      if (c.contexts) {
        contexts = [];
        for (const [name, vals] of Object.entries(c.contexts)) {
          for (const x of Array.isArray(vals) ? vals : [vals]) contexts.push(`${name}\u0000${String(x)}`);
        }
      }
    }
    for (const input of inputs) {
      const key = f.analyzer!.terms(input).join('\u001f');
      if (key !== '') entries.push({ key, text: input, doc: d, weight, contexts });
    }
  }

  build(id = newSegmentId()): Segment {
    const maxDoc = this.ids.length;
    const inverted = new Map<string, InvertedField>();
    for (const p of this.postings) {
      if (maxDoc > 0) postingsPerDoc.set(p.field, p.tTerm.length / maxDoc);
      inverted.set(p.field.path, finishPostings(p, maxDoc));
    }
    const numeric = new Map<string, NumericColumn>();
    for (const nb of this.numerics) {
      if (nb.values.length === 0) continue; // no doc has the field: no column (queries treat it as missing)
      // Single-valued columns share one array for min and max.
      const min = nb.min.finish();
      numeric.set(nb.field.path, {
        min,
        max: nb.multi ? nb.max.finish() : min,
        multiStart: nb.multi ? nb.start.finish() : null,
        multiValues: nb.multi ? nb.values.finish() : null,
      });
    }
    const completion = new Map<string, CompletionField>();
    for (const [path, entries] of this.completions) completion.set(path, finishCompletion(entries));
    return {
      id,
      maxDoc,
      ids: this.ids,
      versions: this.versions.finish(),
      source: this.source.finish(),
      inverted,
      numeric,
      completion,
    };
  }
}

/** Builds one segment of `docs`. */
export function buildSegment(schema: Schema, docs: BatchDocs, id: number, sourcePath: string | null): Segment {
  const builder = new SegmentBuilder(schema, sourcePath, docs.ids.length);
  for (let i = 0; i < docs.ids.length; i++) builder.addJson(docs.ids[i], docs.versions[i], docs.bytes.subarray(docs.starts[i], docs.ends[i]));
  return builder.build(id);
}

/** The id of a term of a keyword, number or boolean field in the segment being built. */
function termId(p: PostingsBuilder, t: string): number {
  let id = p.termIds.get(t);
  if (id === undefined) {
    id = p.termList.length;
    p.termIds.set(t, id);
    p.termList.push(t);
  }
  return id;
}

function finishPostings(p: PostingsBuilder, maxDoc: number): InvertedField {
  // The sorted terms, and the ordinal of each builder term id.
  const { terms, ordOf } = p.dict ? dictionaryOrdinals(p.dict, p.tTerm) : listOrdinals(p.termList);
  const nTerms = terms.length;
  // Counting sort of the triples by ordinal; docs stay ascending within a term.
  const n = p.tTerm.length;
  const tTerm = p.tTerm.data;
  const start = new Uint32Array(nTerms + 1);
  for (let i = 0; i < n; i++) start[ordOf[tTerm[i]] + 1]++;
  for (let t = 0; t < nTerms; t++) start[t + 1] += start[t];
  const cursor = start.slice(0, nTerms);
  const docs = new Uint32Array(n);
  const freqs = p.tFreq ? new Uint16Array(n) : null;
  const tDoc = p.tDoc.data;
  const tFreq = p.tFreq?.data;
  for (let i = 0; i < n; i++) {
    const pos = cursor[ordOf[tTerm[i]]]++;
    docs[pos] = tDoc[i];
    if (freqs) freqs[pos] = tFreq![i];
  }
  let dvStart: Uint32Array | null = null;
  let dvOrds: Uint32Array | null = null;
  // A keyword field no doc has keeps no doc values (every doc reads as missing).
  if (p.dvStart && p.dvIds && p.dvIds.length > 0) {
    dvStart = p.dvStart.finish();
    dvOrds = new Uint32Array(p.dvIds.length);
    const ids = p.dvIds.data;
    for (let d = 0; d < maxDoc; d++) {
      const s = dvStart[d];
      const e = dvStart[d + 1];
      for (let i = s; i < e; i++) dvOrds[i] = ordOf[ids[i]];
      if (e - s > 1) dvOrds.subarray(s, e).sort();
    }
  }
  return {
    terms,
    start,
    docs,
    freqs,
    norms: p.norms ? p.norms.finish() : null,
    docCount: p.docCount,
    sumTTF: p.sumTTF,
    dvStart,
    dvOrds,
  };
}

/** A segment's own terms (keyword, number and boolean fields), sorted. */
function listOrdinals(list: string[]): { terms: PackedStrings; ordOf: Uint32Array } {
  const order = codePointOrder(list);
  const ordOf = new Uint32Array(list.length);
  const packed = new PackedBuilder();
  for (let o = 0; o < order.length; o++) {
    ordOf[order[o]] = o;
    packed.push(list[order[o]]);
  }
  return { terms: packed.finish(), ordOf };
}

/** The dictionary terms a segment used (text fields), in the dictionary's order: no sort. */
function dictionaryOrdinals(dict: TermDictionary, tTerm: Growable<Uint32Array>): { terms: PackedStrings; ordOf: Uint32Array } {
  const order = dict.sortedIds();
  const used = new Uint8Array(order.length);
  const ids = tTerm.data;
  for (let i = 0; i < tTerm.length; i++) used[ids[i]] = 1;
  const ordOf = new Uint32Array(order.length);
  const packed = new PackedBuilder();
  for (let r = 0; r < order.length; r++) {
    const id = order[r];
    if (used[id] === 0) continue;
    ordOf[id] = packed.length;
    packed.push(dict.terms[id]);
  }
  return { terms: packed.finish(), ordOf };
}

/** Sorts completion entries by key (then doc: they come in doc order and the sort is stable) into the segment's columns. */
export function finishCompletion(entries: CompletionEntry[]): CompletionField {
  const order = codePointOrder(entries.map((e) => e.key));
  const keys = new PackedBuilder(entries.length);
  const texts = new PackedBuilder(entries.length);
  const values = new PackedBuilder();
  const docs = new Uint32Array(entries.length);
  const weights = new Float64Array(entries.length);
  const contextStarts = new Uint32Array(entries.length + 1);
  order.forEach((e, i) => {
    const { key, text, doc, weight, contexts } = entries[e];
    keys.push(key);
    texts.push(text);
    docs[i] = doc;
    weights[i] = weight;
    for (const c of contexts ?? []) values.push(c);
    contextStarts[i + 1] = values.length;
  });
  return { keys: keys.finish(), texts: texts.finish(), docs, weights, contextStarts, contextValues: values.finish() };
}
