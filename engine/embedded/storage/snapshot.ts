// Snapshot on disk: one binary file per index (JSON header + 8-byte aligned typed arrays, loaded
// as zero-copy views) and a manifest with a CRC-32 checksum per file. Files are written to a
// temporary name and renamed, so a crash leaves the previous snapshot intact. Segments whose stored
// sources are in files of their own (source-files.ts) are recorded with the file's name, size and
// checksum, and loading checks them too.
import { mkdir, open, readFile, rename, writeFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { EngineSnapshotError } from '../../errors.ts';
import type { IndexDefinition } from '../../port.ts';
import { sourcesDir, verifySourceFile } from './source-files.ts';
import type { SourceFile } from './sources.ts';
import { Checksum, checksum } from './checksum.ts';
import { PackedStrings } from '../index/packed.ts';
import { bumpSegmentId, type CompletionField, type InvertedField, type NumericColumn, type Segment } from '../index/segment.ts';
import { restoreSortOrders, sortOrders } from '../index/sort-orders.ts';

const MAGIC = 'RSENG001';
const FORMAT = 8;

type Arr = Uint32Array | Uint16Array | Uint8Array | Float64Array;
const CTORS = { u32: Uint32Array, u16: Uint16Array, u8: Uint8Array, f64: Float64Array } as const;
type ArrType = keyof typeof CTORS;
/**
 * A string list as two arrays (UTF-8 bytes, end offsets): strings that JSON.parse creates cost
 * every later full garbage collection far more than ones decoded from bytes (a million ids
 * parsed from JSON added ~25 ms to each).
 */
type Packed = [bytes: number, ends: number];

function typeOf(a: Arr): ArrType {
  if (a instanceof Uint32Array) return 'u32';
  if (a instanceof Uint16Array) return 'u16';
  if (a instanceof Float64Array) return 'f64';
  return 'u8';
}

export interface ManifestEntry {
  file: string;
  checksum: string;
  def: IndexDefinition;
}

export interface Manifest {
  format: number;
  writtenAt: string;
  aliases: Record<string, string>;
  indices: Record<string, ManifestEntry>;
}

export interface IndexImage {
  segments: { seg: Segment; live: Uint8Array | null }[];
  tombstones: [string, number][];
}

// ---------------------------------------------------------------- encode

interface Layout {
  /** Magic, header length and JSON header, zero-padded to where the arrays start. */
  head: Buffer;
  arrays: Arr[];
  /** Byte offset of each array from the end of `head`. */
  offsets: number[];
  size: number;
}

function layout(image: IndexImage): Layout {
  const arrays: Arr[] = [];
  const put = (a: Arr | null): number | null => (a ? arrays.push(a) - 1 : null);
  const packed = (p: PackedStrings): Packed => [put(p.bytes)!, put(p.ends)!];
  const segments = image.segments.map(({ seg, live }) => ({
    id: seg.id,
    maxDoc: seg.maxDoc,
    ids: packed(PackedStrings.of(seg.ids)),
    versions: put(seg.versions),
    sourceBytes: put(seg.source.bytes),
    sourceFile: seg.source.file && { name: basename(seg.source.file.path), size: seg.source.file.size, checksum: seg.source.file.checksum },
    sourceOffsets: put(seg.source.offsets),
    live: put(live),
    inverted: [...seg.inverted].map(([path, f]) => [
      path,
      { termBytes: put(f.terms.bytes), termEnds: put(f.terms.ends), start: put(f.start), docs: put(f.docs), freqs: put(f.freqs), norms: put(f.norms), docCount: f.docCount, sumTTF: f.sumTTF, dvStart: put(f.dvStart), dvOrds: put(f.dvOrds) },
    ]),
    numeric: [...seg.numeric].map(([path, c]) => [path, { min: put(c.min), max: c.max === c.min ? null : put(c.max), multiStart: put(c.multiStart), multiValues: put(c.multiValues) }]),
    orders: sortOrders(seg).map(([name, order]) => [name, put(order)!]),
    completion: [...seg.completion].map(([path, c]) => [path, { keys: packed(c.keys), texts: packed(c.texts), docs: put(c.docs), weights: put(c.weights), contextStarts: put(c.contextStarts), contextValues: packed(c.contextValues) }]),
  }));
  let offset = 0;
  const offsets: number[] = [];
  const table = arrays.map((a) => {
    const entry = { type: typeOf(a), offset, length: a.length };
    offsets.push(offset);
    offset += Math.ceil(a.byteLength / 8) * 8;
    return entry;
  });
  const header = Buffer.from(JSON.stringify({ format: FORMAT, segments, tombstones: image.tombstones, table }));
  const head = Buffer.alloc(Math.ceil((8 + 4 + header.length) / 8) * 8);
  head.write(MAGIC, 0, 'latin1');
  head.writeUInt32LE(header.length, 8);
  header.copy(head, 12);
  return { head, arrays, offsets, size: head.length + offset };
}

const bytesOf = (a: Arr) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

/** The index in one buffer (a segment sent back from a build thread). */
export function encodeIndex(image: IndexImage, shared = false): Buffer {
  const { head, arrays, offsets, size } = layout(image);
  const out = shared ? Buffer.from(new SharedArrayBuffer(size)) : Buffer.alloc(size);
  head.copy(out, 0);
  arrays.forEach((a, i) => out.set(bytesOf(a), head.length + offsets[i]));
  return out;
}

/**
 * Writes the same bytes as `encodeIndex` to a file array by array, hashing as it goes, so a
 * snapshot of a large index never holds a second copy of it in memory. Returns the checksum.
 */
async function writeIndexFile(path: string, image: IndexImage): Promise<string> {
  const { head, arrays, offsets, size } = layout(image);
  const hash = new Checksum();
  const file = await open(path, 'w');
  let pos = 0;
  const write = async (bytes: Uint8Array) => {
    hash.update(bytes);
    for (let done = 0; done < bytes.length; ) done += (await file.write(bytes, done, bytes.length - done, pos + done)).bytesWritten;
    pos += bytes.length;
  };
  try {
    await write(head);
    for (let i = 0; i <= arrays.length; i++) {
      const at = i < arrays.length ? head.length + offsets[i] : size;
      if (at > pos) await write(new Uint8Array(at - pos)); // alignment padding
      if (i < arrays.length) await write(bytesOf(arrays[i]));
    }
  } finally {
    await file.close();
  }
  return hash.digest();
}

// ---------------------------------------------------------------- decode

interface HeaderSegment {
  id: number;
  maxDoc: number;
  ids: Packed;
  versions: number;
  sourceBytes: number | null;
  /** Set when the sources are in a file of their own, under the sources directory. */
  sourceFile: { name: string; size: number; checksum: string } | null;
  sourceOffsets: number;
  live: number | null;
  inverted: [string, { termBytes: number; termEnds: number; start: number; docs: number; freqs: number | null; norms: number | null; docCount: number; sumTTF: number; dvStart: number | null; dvOrds: number | null }][];
  numeric: [string, { min: number; max: number | null; multiStart: number | null; multiValues: number | null }][];
  /** Sort orders built so far: [name, array]. */
  orders: [string, number][];
  completion: [string, { keys: Packed; texts: Packed; docs: number; weights: number; contextStarts: number; contextValues: Packed }][];
}

/** Decodes an index; `sources` is the directory of the segments' source files, if they have any. */
export function decodeIndex(buf: Buffer, sources: string | null = null): IndexImage {
  if (buf.length < 12 || buf.toString('latin1', 0, 8) !== MAGIC) throw new EngineSnapshotError('bad snapshot file header', 'corrupt');
  const headerLen = buf.readUInt32LE(8);
  const header = JSON.parse(buf.toString('utf8', 12, 12 + headerLen)) as {
    format: number;
    segments: HeaderSegment[];
    tombstones: [string, number][];
    table: { type: ArrType; offset: number; length: number }[];
  };
  if (header.format !== FORMAT) throw new EngineSnapshotError(`unsupported snapshot format ${header.format}`, 'corrupt');
  const dataStart = Math.ceil((12 + headerLen) / 8) * 8;
  // Zero-copy views need the data 8-byte aligned in memory; copy once if the buffer is not.
  const base = (buf.byteOffset + dataStart) % 8 === 0 ? buf : Buffer.from(buf);
  // Views typed by the table entry; `never` lets each call site take its field's array type.
  const arr = (i: number | null): never => {
    if (i === null) return null as never;
    const e = header.table[i];
    const C = CTORS[e.type] as unknown as new (b: ArrayBufferLike, o: number, n: number) => Arr;
    return new C(base.buffer, base.byteOffset + dataStart + e.offset, e.length) as never;
  };
  const packed = ([bytes, ends]: Packed): PackedStrings => new PackedStrings(arr(bytes), arr(ends));
  const segments = header.segments.map((h) => {
    bumpSegmentId(h.id);
    const inverted = new Map<string, InvertedField>();
    for (const [path, f] of h.inverted) {
      inverted.set(path, {
        terms: new PackedStrings(arr(f.termBytes), arr(f.termEnds)),
        start: arr(f.start),
        docs: arr(f.docs),
        freqs: arr(f.freqs),
        norms: arr(f.norms),
        docCount: f.docCount,
        sumTTF: f.sumTTF,
        dvStart: arr(f.dvStart),
        dvOrds: arr(f.dvOrds),
      });
    }
    const numeric = new Map<string, NumericColumn>();
    for (const [path, c] of h.numeric) {
      const min: Float64Array = arr(c.min);
      numeric.set(path, { min, max: c.max === null ? min : arr(c.max), multiStart: arr(c.multiStart), multiValues: arr(c.multiValues) });
    }
    const completion = new Map<string, CompletionField>();
    for (const [path, c] of h.completion) completion.set(path, { keys: packed(c.keys), texts: packed(c.texts), docs: arr(c.docs), weights: arr(c.weights), contextStarts: arr(c.contextStarts), contextValues: packed(c.contextValues) });
    const seg: Segment = {
      id: h.id,
      maxDoc: h.maxDoc,
      ids: [...packed(h.ids)],
      versions: arr(h.versions),
      source: { bytes: arr(h.sourceBytes), file: sourceFile(h, sources), offsets: arr(h.sourceOffsets) },
      inverted,
      numeric,
      completion,
    };
    restoreSortOrders(seg, h.orders.map(([name, i]) => [name, arr(i)]));
    return { seg, live: arr(h.live) as Uint8Array | null };
  });
  return { segments, tombstones: header.tombstones };
}

function sourceFile(h: HeaderSegment, dir: string | null): SourceFile | null {
  if (!h.sourceFile) return null;
  if (dir === null) throw new EngineSnapshotError('segment sources are in a file but no directory was given', 'corrupt');
  return { path: join(dir, h.sourceFile.name), size: h.sourceFile.size, checksum: h.sourceFile.checksum };
}

// ---------------------------------------------------------------- files

export async function writeSnapshot(dir: string, aliases: Record<string, string>, images: Map<string, { def: IndexDefinition; image: IndexImage }>): Promise<void> {
  await mkdir(dir, { recursive: true });
  const manifest: Manifest = { format: FORMAT, writtenAt: new Date().toISOString(), aliases, indices: {} };
  const stamp = Date.now().toString(36);
  for (const [name, { def, image }] of images) {
    const file = `${name}.${stamp}.idx`;
    const digest = await writeIndexFile(join(dir, `${file}.tmp`), image);
    await rename(join(dir, `${file}.tmp`), join(dir, file));
    manifest.indices[name] = { file, checksum: digest, def };
  }
  const previous = await readManifest(dir).catch(() => null);
  await writeFile(join(dir, 'manifest.json.tmp'), JSON.stringify(manifest, null, 1));
  await rename(join(dir, 'manifest.json.tmp'), join(dir, 'manifest.json'));
  // Remove files of the previous snapshot only once the new manifest is in place.
  const keep = new Set(Object.values(manifest.indices).map((e) => e.file));
  for (const e of Object.values(previous?.indices ?? {})) if (!keep.has(e.file)) await rm(join(dir, e.file), { force: true });
}

async function readManifest(dir: string): Promise<Manifest> {
  const m = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as Manifest;
  if (m.format !== FORMAT || typeof m.indices !== 'object') throw new EngineSnapshotError('bad manifest', 'corrupt');
  return m;
}

export interface LoadedSnapshot {
  aliases: Record<string, string>;
  indices: Map<string, { def: IndexDefinition; image: IndexImage }>;
  /** Indices whose file was missing or failed its checksum. */
  broken: Map<string, { def: IndexDefinition; reason: string }>;
}

/** Reads the snapshot; throws EngineSnapshotError('missing') when there is none, ('corrupt') for a bad manifest. */
export async function readSnapshot(dir: string): Promise<LoadedSnapshot> {
  if (!existsSync(join(dir, 'manifest.json'))) throw new EngineSnapshotError(`no snapshot in ${dir}`, 'missing');
  let manifest: Manifest;
  try {
    manifest = await readManifest(dir);
  } catch (e) {
    throw new EngineSnapshotError(`unreadable manifest: ${(e as Error).message}`, 'corrupt');
  }
  const indices = new Map<string, { def: IndexDefinition; image: IndexImage }>();
  const broken = new Map<string, { def: IndexDefinition; reason: string }>();
  for (const [name, e] of Object.entries(manifest.indices)) {
    try {
      const buf = await readFile(join(dir, e.file));
      if (checksum(buf) !== e.checksum) throw new Error('checksum mismatch');
      const image = decodeIndex(buf, sourcesDir(dir));
      for (const { seg } of image.segments) if (seg.source.file) await verifySourceFile(seg.source.file);
      indices.set(name, { def: e.def, image });
    } catch (err) {
      broken.set(name, { def: e.def, reason: (err as Error).message });
    }
  }
  return { aliases: manifest.aliases, indices, broken };
}
