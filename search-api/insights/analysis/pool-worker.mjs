// Entry of a review analysis thread (see pool.ts): loads the TypeScript worker through tsx, which the process may not
// have registered (for example under a test runner).
import { tsImport } from 'tsx/esm/api';

await tsImport('./pool-worker.ts', import.meta.url);
