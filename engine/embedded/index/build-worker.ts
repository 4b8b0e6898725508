// A segment build thread: analyses documents (sent as JSON in one UTF-8 buffer) into one segment, or
// merges segments (each in the snapshot encoding, in memory shared with the main thread), and sends
// the segment back in the snapshot encoding, in shared memory: neither side copies it.
import { parentPort } from 'node:worker_threads';
import { decodeIndex, encodeIndex } from '../storage/snapshot.ts';
import { closeSourceFile } from '../storage/sources.ts';
import type { BuildRequest, BuildResponse, MergeRequest } from './build-pool.ts';
import { mergeNow } from './merge.ts';
import { compileSchema, type Schema } from './schema.ts';
import { buildSegment } from './segment-builder.ts';
import type { Segment, SegmentView } from './segment.ts';

const schemas = new Map<string, Schema>();

function build(req: BuildRequest): Segment {
  const key = JSON.stringify(req.def);
  let schema = schemas.get(key);
  if (!schema) schemas.set(key, (schema = compileSchema(req.def)));
  return buildSegment(schema, req.docs, req.segId, req.sourcePath);
}

function merge(req: MergeRequest): Segment {
  const views: SegmentView[] = req.inputs.map(({ image, live }) => {
    const seg = decodeIndex(Buffer.from(image), req.sourcesDir).segments[0].seg;
    return { seg, live, liveCount: live ? live.reduce((n, x) => n + x, 0) : seg.maxDoc };
  });
  try {
    return mergeNow(views, { id: req.segId, sourcePath: req.sourcePath }).seg;
  } finally {
    // The inputs' files are deleted by the main thread once merged away: no descriptor may keep them.
    for (const { seg } of views) if (seg.source.file) closeSourceFile(seg.source.file.path, false);
  }
}

parentPort!.on('message', (req: BuildRequest | MergeRequest) => {
  let res: BuildResponse;
  try {
    const seg = req.kind === 'build' ? build(req) : merge(req);
    const image = encodeIndex({ segments: [{ seg, live: null }], tombstones: [] }, true).buffer as SharedArrayBuffer;
    res = { job: req.job, image };
    parentPort!.postMessage(res);
  } catch (e) {
    res = { job: req.job, error: (e as Error).stack ?? String(e) };
    parentPort!.postMessage(res);
  }
});
