// A review analysis thread: analyses the slice of staged rows it is sent and answers with their analyses as JSON.
import { parentPort } from 'node:worker_threads';
import type { AnalysisRequest, AnalysisResponse } from './pool.ts';
import { analysedRowsJson } from './stored.ts';

parentPort!.on('message', (req: AnalysisRequest) => {
  let res: AnalysisResponse;
  try {
    res = { job: req.job, json: analysedRowsJson(req.rows, req.rivalNames) };
  } catch (e) {
    res = { job: req.job, error: e instanceof Error ? e.message : String(e) };
  }
  parentPort!.postMessage(res);
});
