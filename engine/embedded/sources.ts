// Stored sources: the documents' JSON as UTF-8, deflated in blocks of 16 documents (like Lucene's
// compressed stored fields). Reading a hit inflates one ~16 KB block; an LRU cache (about 16 MB)
// keeps the blocks of recent hits, so paging through a list or reloading it inflates nothing.
import { deflateRawSync, inflateRawSync, constants } from 'node:zlib';
import { ByteLru, cacheId } from './lru.ts';

export const BLOCK_DOCS = 16;

export interface StoredSources {
  /** Deflated blocks, concatenated. */
  bytes: Uint8Array;
  /** Byte offset of each block in `bytes` (blocks + 1 entries). */
  blocks: Float64Array;
  /** Offset of each doc in its block's inflated bytes (maxDoc + 1 entries, restarting per block). */
  offsets: Float64Array;
}

/** Compresses raw concatenated JSON (with per-doc offsets into it) into blocks. */
export function compressSources(raw: Uint8Array, rawOffsets: Float64Array, maxDoc: number): StoredSources {
  const nBlocks = Math.ceil(maxDoc / BLOCK_DOCS);
  const parts: Buffer[] = [];
  const blocks = new Float64Array(nBlocks + 1);
  const offsets = new Float64Array(maxDoc + 1);
  let total = 0;
  for (let b = 0; b < nBlocks; b++) {
    const first = b * BLOCK_DOCS;
    const last = Math.min(maxDoc, first + BLOCK_DOCS);
    const start = rawOffsets[first];
    for (let d = first; d <= last; d++) offsets[d] = rawOffsets[d] - start;
    const z = deflateRawSync(raw.subarray(start, rawOffsets[last]), { level: 1, strategy: constants.Z_DEFAULT_STRATEGY });
    parts.push(z);
    blocks[b] = total;
    total += z.length;
  }
  blocks[nBlocks] = total;
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    bytes.set(p, at);
    at += p.length;
  }
  return { bytes, blocks, offsets };
}

const decoder = new TextDecoder();
const BLOCK_CACHE_BYTES = 16 * 1024 * 1024;
const blocks = new ByteLru<Uint8Array>(BLOCK_CACHE_BYTES);

function block(s: StoredSources, b: number): Uint8Array {
  const key = `${cacheId(s)}:${b}`;
  let raw = blocks.get(key);
  if (!raw) {
    raw = inflateRawSync(s.bytes.subarray(s.blocks[b], s.blocks[b + 1]));
    blocks.set(key, raw, raw.byteLength + key.length);
  }
  return raw;
}

/** The JSON text of one document. */
export function sourceJson(s: StoredSources, doc: number): string {
  const raw = block(s, Math.floor(doc / BLOCK_DOCS));
  return decoder.decode(raw.subarray(s.offsets[doc], doc % BLOCK_DOCS === BLOCK_DOCS - 1 ? raw.length : s.offsets[doc + 1]));
}
