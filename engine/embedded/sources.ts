// Stored sources: the documents' JSON as UTF-8, deflated in blocks of up to 16 documents (like
// Lucene's compressed stored fields). Reading a hit inflates one ~16 KB block; an LRU cache (about
// 16 MB) keeps the blocks of recent hits, so paging through a list or reloading it inflates nothing.
// Blocks may hold fewer docs: a merge copies every fully live block as it is (no inflate, no
// deflate) and re-encodes only the live docs of blocks that lost some.
import { deflateRawSync, inflateRawSync, constants } from 'node:zlib';
import { ByteBuffer, Growable } from './growable.ts';
import { ByteLru, cacheId } from './lru.ts';

export const BLOCK_DOCS = 16;

export interface StoredSources {
  /** Deflated blocks, concatenated. */
  bytes: Uint8Array;
  /** Byte offset of each block in `bytes` (blocks + 1 entries). */
  blocks: Float64Array;
  /** First doc of each block (blocks + 1 entries; the last is maxDoc). */
  firstDocs: Uint32Array;
  /** Offset of each doc in its block's inflated bytes (maxDoc entries). */
  offsets: Uint32Array;
}

/** Appends blocks: new docs (deflated 16 at a time) or another segment's blocks as they are. */
export class SourcesWriter {
  private readonly bytes = new ByteBuffer();
  private readonly blocks = new Growable(Float64Array, 1024);
  private readonly firstDocs = new Growable(Uint32Array, 1024);
  private readonly offsets = new Growable(Uint32Array, 1024);
  private readonly raw = new ByteBuffer();
  private rawDocs = 0;

  /** Adds one document's JSON. */
  add(json: string): void {
    this.offsets.push(this.raw.length);
    this.raw.appendString(json);
    if (++this.rawDocs === BLOCK_DOCS) this.flush();
  }

  /** Adds block `b` of `src` unchanged (its docs come next in this segment). */
  copyBlock(src: StoredSources, b: number): void {
    this.flush();
    this.blocks.push(this.bytes.length);
    this.firstDocs.push(this.offsets.length);
    this.bytes.appendBytes(src.bytes.subarray(src.blocks[b], src.blocks[b + 1]));
    for (let d = src.firstDocs[b]; d < src.firstDocs[b + 1]; d++) this.offsets.push(src.offsets[d]);
  }

  finish(): StoredSources {
    this.flush();
    this.blocks.push(this.bytes.length);
    this.firstDocs.push(this.offsets.length);
    return { bytes: this.bytes.finish(), blocks: this.blocks.finish(), firstDocs: this.firstDocs.finish(), offsets: this.offsets.finish() };
  }

  private flush(): void {
    if (this.rawDocs === 0) return;
    this.blocks.push(this.bytes.length);
    this.firstDocs.push(this.offsets.length - this.rawDocs);
    this.bytes.appendBytes(deflateRawSync(this.raw.data.subarray(0, this.raw.length), { level: 1, strategy: constants.Z_DEFAULT_STRATEGY }));
    this.raw.length = 0;
    this.rawDocs = 0;
  }
}

const decoder = new TextDecoder();
const BLOCK_CACHE_BYTES = 16 * 1024 * 1024;
const blockCache = new ByteLru<Uint8Array>(BLOCK_CACHE_BYTES);

function inflated(s: StoredSources, b: number): Uint8Array {
  const key = `${cacheId(s)}:${b}`;
  let raw = blockCache.get(key);
  if (!raw) {
    raw = inflateRawSync(s.bytes.subarray(s.blocks[b], s.blocks[b + 1]));
    blockCache.set(key, raw, raw.byteLength + key.length);
  }
  return raw;
}

/** The block holding `doc`: the last block whose first doc is at most `doc`. */
function blockOf(s: StoredSources, doc: number): number {
  let lo = 0;
  let hi = s.firstDocs.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (s.firstDocs[mid] <= doc) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The JSON text of one document. */
export function sourceJson(s: StoredSources, doc: number): string {
  const b = blockOf(s, doc);
  const raw = inflated(s, b);
  return decoder.decode(raw.subarray(s.offsets[doc], doc + 1 < s.firstDocs[b + 1] ? s.offsets[doc + 1] : raw.length));
}
