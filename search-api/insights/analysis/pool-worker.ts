// A review analysis thread (pool.ts): analyses the slice of reviews it is sent and answers with each one's analysis as JSON.
import { serveJobs } from '../../threads/pool.ts';
import { analyseSlice } from './pool.ts';

serveJobs(analyseSlice);
