// Stored sources: each document's JSON as UTF-8, stored as it came, one after another. Reading a hit
// is one positioned read of its own bytes (about 3 µs from the page cache), and a build adds a
// document by appending its bytes. Compression was measured against this on the benchmark corpora:
// deflate (level 1, blocks of 4 docs) cost ~16 µs per doc to write and ~20 µs per hit to read,
// Brotli (quality 0, blocks of 8) ~6 µs and ~40 µs, for 2.4× less disk. At a million intel docs
// the sources take ~1.1 GB on disk instead of ~0.46 GB; neither is in the process's memory.
// A merge copies the bytes of each run of live docs as they are.
// With a data directory the sources live in a file per segment rather than in memory.
import { appendFileSync, closeSync, openSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { sep } from 'node:path';
import { ByteBuffer, Growable } from '../index/growable.ts';
import { Checksum } from './checksum.ts';

/** A segment's source file, with what a snapshot load checks it against. */
export interface SourceFile {
  path: string;
  size: number;
  checksum: string;
}

export interface StoredSources {
  /** The docs' JSON, concatenated, when kept in memory. */
  bytes: Uint8Array | null;
  /** Or the file holding it. */
  file: SourceFile | null;
  /** Byte offset of each doc's JSON (maxDoc + 1 entries; the last is the end). */
  offsets: Float64Array;
}

/** Bytes buffered before they are appended to a source file. */
const SPILL_BYTES = 1 << 20;

/**
 * Appends documents: new ones, or runs of another segment's as they are. Given a path, it writes
 * them there (in 1 MB appends, hashing them) instead of keeping them.
 */
export class SourcesWriter {
  private readonly bytes = new ByteBuffer();
  /** Bytes already appended to the file. */
  private spilled = 0;
  private readonly hash;
  private readonly offsets = new Growable(Float64Array, 1024);

  constructor(private readonly path: string | null = null) {
    this.hash = path ? new Checksum() : null;
  }

  /** Adds one document's JSON, as text or as its UTF-8 bytes. */
  add(json: string | Uint8Array): void {
    this.offsets.push(this.position);
    if (typeof json === 'string') this.bytes.appendString(json);
    else this.bytes.appendBytes(json);
    this.spillIfFull();
  }

  /** Adds docs [first, end) of `src` unchanged (they come next in this segment). */
  copyDocs(src: StoredSources, first: number, end: number): void {
    const shift = this.position - src.offsets[first];
    for (let d = first; d < end; d++) this.offsets.push(src.offsets[d] + shift);
    // Large runs in pieces, so a merge never holds much more than the spill size.
    for (let at = src.offsets[first]; at < src.offsets[end]; at += SPILL_BYTES) {
      this.bytes.appendBytes(rangeBytes(src, at, Math.min(at + SPILL_BYTES, src.offsets[end])));
      this.spillIfFull();
    }
  }

  finish(): StoredSources {
    this.offsets.push(this.position);
    const offsets = this.offsets.finish();
    if (!this.path) return { bytes: this.bytes.finish(), file: null, offsets };
    this.spill(true);
    return { bytes: null, file: { path: this.path, size: this.spilled, checksum: this.hash!.digest() }, offsets };
  }

  private get position(): number {
    return this.spilled + this.bytes.length;
  }

  private spillIfFull(): void {
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
}

// Source files stay open for reads; the oldest is closed when too many are. One table per process,
// as file descriptors are.
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

/** Bytes [start, end) of the sources. */
function rangeBytes(s: StoredSources, start: number, end: number): Uint8Array {
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

/** The JSON text of one document. */
export function sourceJson(s: StoredSources, doc: number): string {
  return decoder.decode(rangeBytes(s, s.offsets[doc], s.offsets[doc + 1]));
}
