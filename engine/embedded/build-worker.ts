// A segment build thread: analyses documents (sent as JSON in one UTF-8 buffer) into one segment and sends it back in
// the snapshot encoding, its buffer transferred rather than copied.
import { parentPort } from 'node:worker_threads';
import { compileSchema, type Schema } from './schema.ts';
import { SegmentBuilder } from './segment.ts';
import { encodeIndex } from './snapshot.ts';
import type { BuildRequest, BuildResponse } from './build-pool.ts';

const schemas = new Map<string, Schema>();

parentPort!.on('message', (req: BuildRequest) => {
  let res: BuildResponse;
  try {
    const key = JSON.stringify(req.def);
    let schema = schemas.get(key);
    if (!schema) schemas.set(key, (schema = compileSchema(req.def)));
    const builder = new SegmentBuilder(schema, req.sourcePath);
    for (let i = 0; i < req.ids.length; i++) builder.addJson(req.ids[i], req.versions[i], req.bytes.subarray(req.offsets[i], req.offsets[i + 1]));
    const buf = encodeIndex({ segments: [{ seg: builder.build(req.segId), live: null }], tombstones: [] });
    res = { job: req.job, buffer: buf.buffer as ArrayBuffer, byteOffset: buf.byteOffset, byteLength: buf.byteLength };
    parentPort!.postMessage(res, [res.buffer]);
  } catch (e) {
    res = { job: req.job, error: (e as Error).stack ?? String(e) };
    parentPort!.postMessage(res);
  }
});
