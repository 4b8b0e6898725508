// The collector load of bench/reports.ts, in its own thread so the clients' work does not run on the server's event
// loop: each of the signed-in sessions POSTs a batch of events to /api/events.json as soon as the previous one was
// answered (or, with `rate` events/s, at its share of that pace), for `seconds`; posts back the events accepted,
// every request's latency in ms, the error count and the seconds the events took.
import { parentPort, workerData } from 'node:worker_threads';

const { base, sessions, bodies, seconds, rate } = workerData;
const latencies = [];
let accepted = 0;
let errors = 0;
let firstError = null;
const started = performance.now();
const until = started + seconds * 1000;
await Promise.all(
  sessions.map(async ({ cookie, csrf }, i) => {
    let n = i;
    // Paced: each session sends every `every` ms, the sessions spread over that interval.
    const every = rate > 0 ? (sessions.length * 100 * 1000) / rate : 0;
    let due = started + (i * every) / sessions.length;
    while (performance.now() < until) {
      if (every > 0) {
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        due += every;
        if (performance.now() >= until) break;
      }
      const body = bodies[n++ % bodies.length];
      const t = performance.now();
      try {
        const res = await fetch(`${base}/api/events.json`, {
          method: 'POST',
          headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
          body,
        });
        const answer = await res.json();
        latencies.push(performance.now() - t);
        if (res.status === 202) accepted += answer.accepted;
        else {
          errors++;
          firstError ??= `${res.status} ${JSON.stringify(answer).slice(0, 300)}`;
        }
      } catch (err) {
        errors++;
        firstError ??= String(err);
      }
    }
  }),
);
// Paced, the load is the events sent within the window; as fast as answered, the time until the last was answered.
parentPort.postMessage({ latencies, accepted, errors, firstError, seconds: rate > 0 ? seconds : (performance.now() - started) / 1000 });
