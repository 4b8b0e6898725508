// HTTP helpers of the API benchmarks: sign in as a demo user, and run a timed load in a worker thread
// (load-worker.mjs, so the client does not share the server's event loop) summarised as percentiles.
import { Worker } from 'node:worker_threads';
import { percentile } from './stats.ts';

export type Latency = {
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  /** p95 of each url's own requests, in the order of the urls. */
  byUrl: { url: string; p95: number }[];
};

/** Signs in over HTTP; the session cookie and the CSRF token that non-GET calls carry. */
export async function signIn(base: string, email: string): Promise<{ cookie: string; csrf: string }> {
  const res = await fetch(`${base}/account/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo-password' }),
  });
  if (!res.ok) throw new Error(`sign-in as ${email} failed: ${res.status}`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const me = await (await fetch(`${base}/api/users/me.json`, { headers: { cookie } })).json();
  return { cookie, csrf: me.csrfToken };
}

/** Every request of a load: its latency in ms and which url it asked for. */
export type Samples = { latencies: number[]; urlIndexes: number[]; errors: number };

/**
 * GETs the urls in turn for `seconds`, on `connections` connections each as fast as answered, or at `rate` requests
 * a second when given (load-worker.mjs); exact percentiles of every request.
 */
export async function load(base: string, cookie: string, urls: string[], seconds: number, connections: number, rate = 0, headers?: Record<string, string>[]): Promise<Latency> {
  return latencyOf(urls, [await loadSamples(base, cookie, urls, seconds, connections, rate, headers)]);
}

/** `load`'s requests themselves, to pool several windows of the same load. */
export async function loadSamples(
  base: string,
  cookie: string,
  urls: string[],
  seconds: number,
  connections: number,
  rate = 0,
  /** Sent instead of the cookie, in turn (load-worker.mjs): e.g. one API token per simulated user. */
  headers?: Record<string, string>[],
): Promise<Samples> {
  const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), { workerData: { base, cookie, urls, seconds, connections, rate, headers } });
  const samples = await new Promise<Samples>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  return samples;
}

/** Percentiles of the requests of one or more loads of the same urls. */
export function latencyOf(urls: string[], loads: Samples[]): Latency {
  const latencies = loads.flatMap((l) => l.latencies);
  const urlIndexes = loads.flatMap((l) => l.urlIndexes);
  const r = (xs: number[], p: number) => Math.round(percentile(xs, p) * 100) / 100;
  const byUrl = urls.map((url, i) => ({ url, p95: r(latencies.filter((_, j) => urlIndexes[j] === i), 95) }));
  const errors = loads.reduce((n, l) => n + l.errors, 0);
  return { requests: latencies.length, errors, p50: r(latencies, 50), p95: r(latencies, 95), p99: r(latencies, 99), byUrl };
}
