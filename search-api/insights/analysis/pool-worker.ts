// A review analysis thread: analyses the slice of reviews it is sent and answers with each one's analysis as JSON.
import { parentPort } from 'node:worker_threads';
import type { AnalysisRequest, AnalysisResponse } from './pool.ts';
import { analysesJson } from './stored.ts';

parentPort!.on('message', (req: AnalysisRequest) => {
  let res: AnalysisResponse;
  try {
    res = { job: req.job, analyses: analysesJson(req.reviews, req.rivalNames) };
  } catch (e) {
    res = { job: req.job, error: e instanceof Error ? e.message : String(e) };
  }
  parentPort!.postMessage(res);
});
