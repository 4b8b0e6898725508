// A transcript analysis thread (pool.ts): analyses the transcripts it is sent.
import { serveJobs } from '../threads/pool.ts';
import { analyseTranscripts } from './pool.ts';

serveJobs(analyseTranscripts);
