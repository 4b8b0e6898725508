// Merges segments into one without re-analysing anything (as Lucene does): term dictionaries are
// merged in sorted order, postings copied with doc ids remapped past deleted docs, doc values
// remapped to the new ordinals, columns and completion entries concatenated, the live docs' stored
// sources copied as they are. The sort orders the inputs had are built for the merged segment in
// its last steps.
import { SourcesWriter, type StoredSources } from '../storage/sources.ts';
import { Growable } from './growable.ts';
import { comparePacked, PackedBuilder } from './packed.ts';
import { finishCompletion, type CompletionEntry } from './segment-builder.ts';
import { completionContexts, newSegmentId, type CompletionField, type InvertedField, type NumericColumn, type Segment, type SegmentView } from './segment.ts';
import { carrySortOrders } from './sort-orders.ts';

export interface Input {
  seg: Segment;
  /** New doc id of each old doc, -1 when deleted. */
  docMap: Int32Array;
  live: number;
  /** Without deletes, the docs keep their order from this new id on (docMap[d] = base + d); -1 otherwise. */
  base: number;
}

/** Each input's old → new doc map, as a merge of `views` numbers the docs. */
export function mergeInputs(views: SegmentView[]): { list: Input[]; maxDoc: number } {
  let base = 0;
  const list = views.map((v) => {
    const docMap = new Int32Array(v.seg.maxDoc);
    let live = 0;
    for (let d = 0; d < v.seg.maxDoc; d++) {
      if (v.live && v.live[d] === 0) docMap[d] = -1;
      else docMap[d] = base + live++;
    }
    const input = { seg: v.seg, docMap, live, base: live === v.seg.maxDoc ? base : -1 };
    base += live;
    return input;
  });
  return { list, maxDoc: base };
}

export interface MergeResult {
  seg: Segment;
  /** The inputs in order, with each one's old → new doc map. */
  inputs: Input[];
}

/** The merged segment's id, and the file for its stored sources (null keeps them in the segment). */
export interface MergeTarget {
  id: number;
  sourcePath: string | null;
}

/** Work units between the points where a merge in steps may pause. */
const STEP = 2048;

/**
 * A merge as steps: the generator pauses every few thousand terms, postings lists or blocks, so a
 * background merge can run in slices between requests instead of blocking them for a second.
 */
export function* mergeSteps(views: SegmentView[], target: MergeTarget = { id: newSegmentId(), sourcePath: null }): Generator<void, MergeResult> {
  const { id } = target;
  const { list, maxDoc } = mergeInputs(views);
  const ids: string[] = new Array(maxDoc);
  const versions = new Float64Array(maxDoc);
  for (const { seg, docMap } of list) {
    for (let d = 0; d < seg.maxDoc; d++) {
      const nd = docMap[d];
      if (nd >= 0) {
        ids[nd] = seg.ids[d];
        versions[nd] = seg.versions[d];
      }
    }
    yield;
  }
  const inverted = new Map<string, InvertedField>();
  for (const path of list[0].seg.inverted.keys()) inverted.set(path, yield* mergeInverted(list, path, maxDoc));
  const numeric = new Map<string, NumericColumn>();
  // A segment has a numeric column only when some doc has the field.
  for (const path of new Set(list.flatMap((i) => [...i.seg.numeric.keys()]))) {
    numeric.set(path, mergeNumeric(list, path, maxDoc));
    yield;
  }
  const completion = new Map<string, CompletionField>();
  for (const path of list[0].seg.completion.keys()) {
    completion.set(path, mergeCompletion(list, path));
    yield;
  }
  const source = yield* mergeSources(list, target.sourcePath);
  const seg: Segment = { id, maxDoc, ids, versions, source, inverted, numeric, completion };
  yield* carrySortOrders(seg, views.map((v) => v.seg));
  return { seg, inputs: list };
}

/** Runs a merge to completion at once. */
export function mergeNow(views: SegmentView[], target?: MergeTarget): MergeResult {
  const steps = mergeSteps(views, target);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

function* mergeInverted(list: Input[], path: string, maxDoc: number): Generator<void, InvertedField> {
  const fields = list.map((i) => i.seg.inverted.get(path)!);
  const text = fields[0].freqs !== null;
  // K-way merge of the sorted dictionaries; ordMaps[s][oldOrd] = new ordinal.
  const ordMaps = fields.map((f) => new Uint32Array(f.terms.length));
  const pos = new Int32Array(fields.length);
  const packed = new PackedBuilder(
    fields.reduce((n, f) => n + f.terms.length, 0),
    fields.reduce((n, f) => n + f.terms.bytes.length, 0),
  );
  for (;;) {
    let min = -1;
    for (let s = 0; s < fields.length; s++) {
      if (pos[s] < fields[s].terms.length && (min < 0 || comparePacked(fields[s].terms, pos[s], fields[min].terms, pos[min]) < 0)) min = s;
    }
    if (min < 0) break;
    const ord = packed.length;
    if (ord % STEP === 0) yield;
    packed.copy(fields[min].terms, pos[min]);
    const minAt = pos[min];
    for (let s = 0; s < fields.length; s++) {
      if (s === min || (pos[s] < fields[s].terms.length && comparePacked(fields[s].terms, pos[s], fields[min].terms, minAt) === 0)) ordMaps[s][pos[s]++] = ord;
    }
  }
  const terms = packed.finish();
  // Postings: for each new term, segments in order (their docs are in ascending new-id ranges).
  const starts = new Uint32Array(terms.length + 1);
  // Sized for every input posting up front: no growth by doubling, so a merge leaves no trail of
  // freed buffers behind (memory the allocator keeps), and no final copy unless docs were deleted.
  const cap = fields.reduce((n, f) => n + f.docs.length, 0);
  const docs = new Uint32Array(cap);
  const freqs = text ? new Uint16Array(cap) : null;
  let n = 0;
  const cursor = new Int32Array(fields.length);
  for (let t = 0; t < terms.length; t++) {
    if (t % STEP === 0) yield;
    starts[t] = n;
    for (let s = 0; s < fields.length; s++) {
      const f = fields[s];
      const o = cursor[s];
      if (o >= f.terms.length || ordMaps[s][o] !== t) continue;
      cursor[s]++;
      const { docMap: map, base } = list[s];
      const from = f.start[o];
      const to = f.start[o + 1];
      if (base >= 0) {
        // No deletes: the postings move as a block, shifted by the input's first new id.
        for (let i = from; i < to; i++) docs[n + i - from] = f.docs[i] + base;
        if (freqs) freqs.set(f.freqs!.subarray(from, to), n);
        n += to - from;
        continue;
      }
      for (let i = from; i < to; i++) {
        const nd = map[f.docs[i]];
        if (nd < 0) continue;
        if (freqs) freqs[n] = f.freqs![i];
        docs[n++] = nd;
      }
    }
  }
  starts[terms.length] = n;
  // Terms whose postings were all deleted stay in the dictionary with empty postings (docFreq 0).
  let norms: Uint8Array | null = null;
  let dvStart: Uint32Array | null = null;
  let dvOrds: Uint32Array | null = null;
  let docCount = 0;
  let sumTTF = 0;
  if (text) {
    norms = new Uint8Array(maxDoc);
    for (let s = 0; s < fields.length; s++) {
      const map = list[s].docMap;
      const src = fields[s].norms!;
      for (let d = 0; d < map.length; d++) if (map[d] >= 0) norms[map[d]] = src[d];
    }
    for (let d = 0; d < maxDoc; d++) if (norms[d] > 0) docCount++;
    for (let i = 0; i < n; i++) sumTTF += freqs![i];
  } else if (fields.some((f) => f.dvStart)) {
    dvStart = new Uint32Array(maxDoc + 1);
    const ords = new Uint32Array(fields.reduce((k, f) => k + (f.dvOrds?.length ?? 0), 0));
    let k = 0;
    for (let s = 0; s < fields.length; s++) {
      const f = fields[s];
      if (!f.dvStart) continue; // no doc of that segment has the field
      const map = list[s].docMap;
      for (let d = 0; d < map.length; d++) {
        const nd = map[d];
        if (nd < 0) continue;
        for (let j = f.dvStart[d]; j < f.dvStart[d + 1]; j++) ords[k++] = ordMaps[s][f.dvOrds![j]];
        dvStart[nd + 1] = k;
        if (f.dvStart[d + 1] > f.dvStart[d]) docCount++;
      }
    }
    // dvStart[nd + 1] is written in ascending nd order; fill gaps left by docs without values.
    for (let d = 1; d <= maxDoc; d++) if (dvStart[d] < dvStart[d - 1]) dvStart[d] = dvStart[d - 1];
    dvOrds = fit(ords, k);
    sumTTF = k;
  }
  return { terms, start: starts, docs: fit(docs, n), freqs: freqs && fit(freqs, n), norms, docCount, sumTTF, dvStart, dvOrds };
}

/** The first n values, copied only when some were left unused (deleted docs). */
function fit<T extends Uint32Array | Uint16Array>(a: T, n: number): T {
  return n === a.length ? a : (a.slice(0, n) as T);
}

function mergeNumeric(list: Input[], path: string, maxDoc: number): NumericColumn {
  const cols = list.map((i) => i.seg.numeric.get(path));
  const min = new Float64Array(maxDoc);
  const multi = cols.some((c) => c?.multiStart);
  const max = multi ? new Float64Array(maxDoc) : min;
  const start = multi ? new Uint32Array(maxDoc + 1) : null;
  const values = multi ? new Growable(Float64Array, 1 << 12) : null;
  for (let s = 0; s < cols.length; s++) {
    const c = cols[s];
    const map = list[s].docMap;
    for (let d = 0; d < map.length; d++) {
      const nd = map[d];
      if (nd < 0) continue;
      if (!c) {
        min[nd] = NaN;
        if (multi) {
          max[nd] = NaN;
          start![nd + 1] = values!.length;
        }
        continue;
      }
      min[nd] = c.min[d];
      if (multi) {
        max[nd] = c.max[d];
        if (c.multiStart) for (let j = c.multiStart[d]; j < c.multiStart[d + 1]; j++) values!.push(c.multiValues![j]);
        else if (!Number.isNaN(c.min[d])) values!.push(c.min[d]);
        start![nd + 1] = values!.length;
      }
    }
  }
  return { min, max, multiStart: start, multiValues: values ? values.finish() : null };
}

function mergeCompletion(list: Input[], path: string): CompletionField {
  const entries: CompletionEntry[] = [];
  for (const { seg, docMap } of list) {
    const c = seg.completion.get(path)!;
    for (let i = 0; i < c.keys.length; i++) {
      const nd = docMap[c.docs[i]];
      if (nd >= 0) entries.push({ key: c.keys.at(i), text: c.texts.at(i), doc: nd, weight: c.weights[i], contexts: completionContexts(c, i) });
    }
  }
  return finishCompletion(entries);
}

function* mergeSources(list: Input[], path: string | null): Generator<void, StoredSources> {
  const out = new SourcesWriter(path);
  for (const { seg, docMap } of list) {
    // Each run of live docs is copied at once.
    for (let first = 0; first < seg.maxDoc; ) {
      if (docMap[first] < 0) {
        first++;
        continue;
      }
      let end = first + 1;
      while (end < seg.maxDoc && end - first < STEP && docMap[end] >= 0) end++;
      out.copyDocs(seg.source, first, end);
      first = end;
      yield;
    }
  }
  return out.finish();
}
