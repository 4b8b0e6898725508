// A file extraction thread (pool.ts).
import { serveJobs } from '../../threads/pool.ts';
import { extractPassages } from './index.ts';

serveJobs(extractPassages);
