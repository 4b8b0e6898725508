// The load generator of the API benchmarks, in its own thread so the client's work does not run on the server's event
// loop. Without a rate, each of `connections` loops sends the next URL as soon as the previous answer arrived (the
// machine's limit); with one, a request is sent every 1/rate s whatever the answers (what users feel at that rate),
// its latency counted from when it was due, so a slow answer delays no measurement. Runs for `seconds`; posts back
// every latency in ms, the url index of each, and the error count. `headers`, when given, are sent instead of the
// cookie, the i-th request with headers[i % length] (API tokens: one per simulated user, each under its rate limit).
import { parentPort, workerData } from 'node:worker_threads';

const { base, cookie, urls, seconds, connections, rate, headers } = workerData;
const latencies = [];
const urlIndexes = [];
let errors = 0;
let next = 0;
let sent = 0;

async function send(index, from) {
  try {
    const res = await fetch(base + urls[index], { headers: headers?.length ? headers[sent++ % headers.length] : { cookie } });
    await res.arrayBuffer();
    if (!res.ok) errors++;
  } catch {
    errors++;
  }
  latencies.push(performance.now() - from);
  urlIndexes.push(index);
}

const start = performance.now();
if (rate > 0) {
  const pending = [];
  for (let i = 0; i < Math.floor(seconds * rate); i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(send(next++ % urls.length, due));
  }
  await Promise.all(pending);
} else {
  const until = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) await send(next++ % urls.length, performance.now());
    }),
  );
}
parentPort.postMessage({ latencies, urlIndexes, errors });
