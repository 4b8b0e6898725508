// A monitors thread (source.ts): reads the bodies it is sent (parse.ts).
import { serveJobs } from '../threads/pool.ts';
import { parseBody } from './parse.ts';

serveJobs(parseBody);
