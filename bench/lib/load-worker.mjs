// The load generator of bench/search.ts, in its own thread so the client's work does not run on
// the server's event loop. Sends the next URL as soon as the previous answer arrived, on each of
// `connections` loops, for `seconds`; posts back every latency in ms, the url index of each, and the error count.
import { parentPort, workerData } from 'node:worker_threads';

const { base, cookie, urls, seconds, connections } = workerData;
const latencies = [];
const urlIndexes = [];
let errors = 0;
let next = 0;
const until = performance.now() + seconds * 1000;
await Promise.all(
  Array.from({ length: connections }, async () => {
    while (performance.now() < until) {
      const index = next++ % urls.length;
      const started = performance.now();
      const res = await fetch(base + urls[index], { headers: { cookie } });
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
      urlIndexes.push(index);
      if (!res.ok) errors++;
    }
  }),
);
parentPort.postMessage({ latencies, urlIndexes, errors });
