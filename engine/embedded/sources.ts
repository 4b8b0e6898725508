// Stored sources: the documents' JSON as UTF-8, deflated in blocks of up to 4 documents (like
// Lucene's compressed stored fields). Reading a hit inflates one ~4 KB block; an LRU cache (about
// 16 MB) keeps the blocks of recent hits, so paging through a list or reloading it inflates nothing.
// Blocks may hold fewer docs: a merge copies every fully live block as it is (no inflate, no
// deflate) and re-encodes only the live docs of blocks that lost some.
// With a data directory the blocks live in a file per segment rather than in memory (a million
// intel docs hold ~0.4 GB of them): a hit reads its block with one positioned read.
import { createHash } from 'node:crypto';
import { appendFileSync, closeSync, openSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { sep } from 'node:path';
import { deflateRawSync, inflateRawSync, constants } from 'node:zlib';
import { ByteBuffer, Growable } from './growable.ts';
import { ByteLru, cacheId } from './lru.ts';

export const BLOCK_DOCS = 4;

/** A segment's deflated blocks on disk, with what a snapshot load checks them against. */
export interface SourceFile {
  path: string;
  size: number;
  sha256: string;
}

export interface StoredSources {
  /** Deflated blocks, concatenated, when they are kept in memory. */
  bytes: Uint8Array | null;
  /** Or the file holding them. */
  file: SourceFile | null;
  /** Byte offset of each block in `bytes` (blocks + 1 entries). */
  blocks: Float64Array;
  /** First doc of each block (blocks + 1 entries; the last is maxDoc). */
  firstDocs: Uint32Array;
  /** Offset of each doc in its block's inflated bytes (maxDoc entries). */
  offsets: Uint32Array;
}

/** Deflated bytes buffered before they are appended to a source file. */
const SPILL_BYTES = 1 << 20;

/**
 * Appends blocks: new docs (deflated BLOCK_DOCS at a time) or another segment's blocks as they are. Given
 * a path, it writes the blocks there (in 1 MB appends, hashing them) instead of keeping them.
 */
export class SourcesWriter {
  private readonly bytes = new ByteBuffer();
  /** Bytes already appended to the file. */
  private spilled = 0;
  private readonly hash;
  private readonly blocks = new Growable(Float64Array, 1024);
  private readonly firstDocs = new Growable(Uint32Array, 1024);
  private readonly offsets = new Growable(Uint32Array, 1024);
  private readonly raw = new ByteBuffer();
  private rawDocs = 0;

  constructor(private readonly path: string | null = null) {
    this.hash = path ? createHash('sha256') : null;
  }

  /** Adds one document's JSON. */
  add(json: string): void {
    this.offsets.push(this.raw.length);
    this.raw.appendString(json);
    if (++this.rawDocs === BLOCK_DOCS) this.flush();
  }

  /** Adds block `b` of `src` unchanged (its docs come next in this segment). */
  copyBlock(src: StoredSources, b: number): void {
    this.flush();
    this.blocks.push(this.position);
    this.firstDocs.push(this.offsets.length);
    this.append(blockBytes(src, b));
    for (let d = src.firstDocs[b]; d < src.firstDocs[b + 1]; d++) this.offsets.push(src.offsets[d]);
  }

  finish(): StoredSources {
    this.flush();
    this.blocks.push(this.position);
    this.firstDocs.push(this.offsets.length);
    const table = { blocks: this.blocks.finish(), firstDocs: this.firstDocs.finish(), offsets: this.offsets.finish() };
    if (!this.path) return { bytes: this.bytes.finish(), file: null, ...table };
    this.spill(true);
    return { bytes: null, file: { path: this.path, size: this.spilled, sha256: this.hash!.digest('hex') }, ...table };
  }

  private get position(): number {
    return this.spilled + this.bytes.length;
  }

  private append(block: Uint8Array): void {
    this.bytes.appendBytes(block);
    if (this.path && this.bytes.length >= SPILL_BYTES) this.spill(false);
  }

  private spill(last: boolean): void {
    if (this.bytes.length === 0 && !(last && this.spilled === 0)) return;
    const chunk = this.bytes.data.subarray(0, this.bytes.length);
    // The first write creates (or truncates) the file; an empty segment still gets one.
    if (this.spilled === 0) writeFileSync(this.path!, chunk);
    else appendFileSync(this.path!, chunk);
    this.hash!.update(chunk);
    this.spilled += chunk.length;
    this.bytes.length = 0;
  }

  private flush(): void {
    if (this.rawDocs === 0) return;
    this.blocks.push(this.position);
    this.firstDocs.push(this.offsets.length - this.rawDocs);
    this.append(deflateRawSync(this.raw.data.subarray(0, this.raw.length), { level: 1, strategy: constants.Z_DEFAULT_STRATEGY }));
    this.raw.length = 0;
    this.rawDocs = 0;
  }
}

// Source files stay open for reads; the oldest is closed when too many are.
const MAX_OPEN_FILES = 64;
const openFiles = new Map<string, number>();

function fdOf(path: string): number {
  let fd = openFiles.get(path);
  if (fd === undefined) {
    fd = openSync(path, 'r');
    openFiles.set(path, fd);
    for (const [p, old] of openFiles) {
      if (openFiles.size <= MAX_OPEN_FILES) break;
      openFiles.delete(p);
      closeSync(old);
    }
  }
  return fd;
}

/** Closes a source file (if open) and, with `remove`, deletes it. */
export function closeSourceFile(path: string, remove: boolean): void {
  const fd = openFiles.get(path);
  if (fd !== undefined) {
    openFiles.delete(path);
    closeSync(fd);
  }
  if (remove) rmSync(path, { force: true });
}

/** Closes the open source files in `dir`. */
export function closeSourceFilesIn(dir: string): void {
  for (const path of [...openFiles.keys()]) if (path.startsWith(dir + sep)) closeSourceFile(path, false);
}

/** The deflated bytes of block `b`. */
function blockBytes(s: StoredSources, b: number): Uint8Array {
  const start = s.blocks[b];
  const end = s.blocks[b + 1];
  if (s.bytes) return s.bytes.subarray(start, end);
  const out = Buffer.allocUnsafe(end - start);
  const fd = fdOf(s.file!.path);
  for (let done = 0; done < out.length; ) {
    const n = readSync(fd, out, done, out.length - done, start + done);
    if (n === 0) throw new Error(`source file ${s.file!.path} is shorter than its index`);
    done += n;
  }
  return out;
}

const decoder = new TextDecoder();
const BLOCK_CACHE_BYTES = 16 * 1024 * 1024;
const blockCache = new ByteLru<Uint8Array>(BLOCK_CACHE_BYTES);

function inflated(s: StoredSources, b: number): Uint8Array {
  const key = `${cacheId(s)}:${b}`;
  let raw = blockCache.get(key);
  if (!raw) {
    raw = inflateRawSync(blockBytes(s, b));
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
