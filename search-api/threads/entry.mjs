// Entry of a ThreadPool's thread (pool.ts): loads its TypeScript module through tsx, which the process may not have
// registered (for example under a test runner).
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.module, import.meta.url);
