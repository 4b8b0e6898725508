// Monitors' text benchmark: a pricing-and-product page of about 1 MB (sections, tables, lists, navigation, scripts, a
// cookie banner), visited again with a few sentences, the date and the counters changed: the time of pageText on the
// new visit plus diffPage against the stored last visit (target p95 ≤ 50 ms). Then 1,000,000 SimHashes in memory with
// a band index (one Map of band value → ids per band, as the database's four band indexes): the time of a
// near-duplicate lookup of a new item (its bands' candidates, then Hamming). Last, how often a story reworded a
// little stays within 3 bits, by length and words changed.
//
//   npm run bench:monitors-text
//   npm run bench:monitors-text -- --runs 100 --hashes 2000000
import { Command } from 'commander';
import { Rng } from '../db/seed/random.ts';
import { diffPage } from '../search-api/monitors/diff.ts';
import { pageText } from '../search-api/monitors/extract.ts';
import { bands, hamming, NEAR_DISTANCE, simhash } from '../search-api/monitors/nearDuplicate.ts';
import { percentile } from './lib/stats.ts';

const opts = new Command()
  .option('--runs <n>', 'timed visits of the page', '50')
  .option('--page-kb <n>', 'size of the page in kB', '1000')
  .option('--hashes <n>', 'SimHashes in the band index', '1000000')
  .option('--lookups <n>', 'near-duplicate lookups', '10000')
  .parse()
  .opts<{ runs: string; pageKb: string; hashes: string; lookups: string }>();

const WORDS = (
  'platform team revenue pricing plan seats users annual monthly billing discount enterprise starter pro analytics ' +
  'dashboard report battlecard alert integration salesforce hubspot slack security audit logs single sign on support ' +
  'onboarding customer success data export api webhook forecast pipeline deal win loss rival market product release ' +
  'feature roadmap beta launch partner region europe storage limit unlimited custom role permission workflow'
).split(' ');

function sentence(rng: Rng): string {
  const words = Array.from({ length: rng.int(8, 18) }, () => WORDS[rng.int(0, WORDS.length - 1)]);
  return `${words[0].charAt(0).toUpperCase()}${words.join(' ').slice(1)}.`;
}

/** The page, and its next visit: `changed` sentences rewritten, a new date and new counters. */
function pages(bytes: number, changed: number): { before: string; after: string } {
  const rng = new Rng('monitors-text');
  const sections: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const paragraphs = Array.from({ length: 3 }, () => `<p>${Array.from({ length: rng.int(2, 4) }, () => sentence(rng)).join(' ')} <a href="/docs/${i}">Learn more</a></p>`);
    const items = Array.from({ length: 4 }, (_, k) => `<li><strong>${WORDS[(i + k) % WORDS.length]}</strong> ${sentence(rng)}</li>`);
    const rows = Array.from({ length: 3 }, (_, k) => `<tr><td>${WORDS[(i * 3 + k) % WORDS.length]}</td><td>$${rng.int(5, 500)}</td><td>${rng.int(1, 100)} users</td></tr>`);
    const section =
      `<section class="feature" id="s${i}"><h2>${sentence(rng)}</h2>${paragraphs.join('')}<ul>${items.join('')}</ul>` +
      `<table><thead><tr><th>Plan</th><th>Price</th><th>Seats</th></tr></thead><tbody>${rows.join('')}</tbody></table>` +
      `<script>window.track && track("section-${i}")</script><p class="meta">${rng.int(100, 9999).toLocaleString('en-US')} views</p></section>`;
    sections.push(section);
    size += section.length;
  }
  const frame = (body: string, date: string, views: string) =>
    `<!doctype html><html><head><title>Acme pricing and product</title><script src="/app.3f2a9c1b.js"></script>` +
    `<style>${'.x{color:red}'.repeat(500)}</style></head><body>` +
    `<div id="cookie-consent"><p>We use cookies to improve your experience.</p><button>Accept</button></div>` +
    `<header><nav>${WORDS.slice(0, 30).map((w) => `<a href="/${w}">${w}</a>`).join('')}</nav></header>` +
    `<main><h1>Pricing and product</h1><p>Last updated ${date} · ${views} views</p>${body}</main>` +
    `<footer><p>© 2026 Acme</p>${WORDS.map((w) => `<a href="/f/${w}">${w}</a>`).join('')}</footer></body></html>`;
  const edited = [...sections];
  for (let k = 0; k < changed; k++) {
    const at = Math.floor(((k + 0.5) / changed) * edited.length);
    edited[at] = edited[at].replace(/<p>[^<]*?\./, (p) => `${p} Now with ${WORDS[rng.int(0, WORDS.length - 1)]} for every plan.`);
  }
  return { before: frame(sections.join(''), 'Dec 6, 2026 at 9:30 am', '12,034'), after: frame(edited.join(''), 'Dec 7, 2026 at 10:05 am', '12,377') };
}

const fmt = (n: number, digits = 1) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const row = (cells: (string | number)[]) => console.log(`| ${cells.join(' | ')} |`);

// ---- page text and diff
const { before, after } = pages(Number(opts.pageKb) * 1000, 5);
const stored = pageText(before);
const extractMs: number[] = [];
const diffMs: number[] = [];
const totalMs: number[] = [];
let last = diffPage(stored, pageText(after));
for (let run = 0; run < Number(opts.runs); run++) {
  const t0 = performance.now();
  const visit = pageText(after);
  const t1 = performance.now();
  last = diffPage(stored, visit);
  const t2 = performance.now();
  extractMs.push(t1 - t0);
  diffMs.push(t2 - t1);
  totalMs.push(t2 - t0);
}
console.log(`Page: ${fmt(after.length / 1e6, 2)} MB of HTML, ${stored.blocks.length} blocks; the new visit: ${last.changedWords} words changed, ${last.addedSentences.length} sentences added, ratio ${last.ratio.toExponential(2)}; ${opts.runs} runs\n`);
row(['measure', 'p50 ms', 'p95 ms', 'target']);
row(['---', '---', '---', '---']);
row(['pageText (one htmlparser2 pass, no DOM)', fmt(percentile(extractMs, 50)), fmt(percentile(extractMs, 95)), '']);
row(['diffPage', fmt(percentile(diffMs, 50)), fmt(percentile(diffMs, 95)), '']);
row(['pageText + diffPage', fmt(percentile(totalMs, 50)), fmt(percentile(totalMs, 95)), '≤ 50 p95']);

// ---- near-duplicate lookup over a band index
const count = Number(opts.hashes);
const rng = new Rng('monitors-simhash');
const random64 = () => (BigInt(rng.nextUint32()) << 32n) | BigInt(rng.nextUint32());
let t0 = performance.now();
const hashes = new BigUint64Array(count);
const index = [new Map<number, number[]>(), new Map<number, number[]>(), new Map<number, number[]>(), new Map<number, number[]>()];
for (let id = 0; id < count; id++) {
  const h = random64();
  hashes[id] = h;
  bands(h).forEach((band, i) => {
    const ids = index[i].get(band);
    if (ids) ids.push(id);
    else index[i].set(band, [id]);
  });
}
const buildMs = performance.now() - t0;

const lookup = (h: bigint): number[] => {
  const seen = new Set<number>();
  const found: number[] = [];
  bands(h).forEach((band, i) => {
    for (const id of index[i].get(band) ?? []) {
      if (seen.has(id)) continue;
      seen.add(id);
      if (hamming(hashes[id], h) <= NEAR_DISTANCE) found.push(id);
    }
  });
  return found;
};
const lookupMs: number[] = [];
const candidates: number[] = [];
let hits = 0;
const lookups = Number(opts.lookups);
for (let k = 0; k < lookups; k++) {
  // Half the new items are near duplicates of a stored one (two bits flipped), half are new stories.
  const near = k % 2 === 0;
  const h = near ? hashes[rng.int(0, count - 1)] ^ (1n << BigInt(rng.int(0, 31))) ^ (1n << BigInt(rng.int(32, 63))) : random64();
  t0 = performance.now();
  const found = lookup(h);
  lookupMs.push(performance.now() - t0);
  candidates.push(bands(h).reduce((n, band, i) => n + (index[i].get(band)?.length ?? 0), 0));
  if (near && found.length) hits++;
}
const story = Array.from({ length: 12 }, () => sentence(rng)).join(' ');
const simhashMs: number[] = [];
for (let k = 0; k < 1000; k++) {
  t0 = performance.now();
  simhash(`${story} ${k}`, 'Acme raises a Series C');
  simhashMs.push(performance.now() - t0);
}
console.log(`\nNear duplicates: ${count.toLocaleString('en-US')} SimHashes, band index built in ${fmt(buildMs / 1000, 1)} s; ${lookups.toLocaleString('en-US')} lookups, ${fmt(percentile(candidates, 50), 0)} candidates at p50, ${hits} of ${lookups / 2} near duplicates found\n`);
row(['measure', 'p50 ms', 'p95 ms']);
row(['---', '---', '---']);
row(['lookup (4 bands → candidates → Hamming ≤ 3)', fmt(percentile(lookupMs, 50), 3), fmt(percentile(lookupMs, 95), 3)]);
row([`simhash of a ${story.split(' ').length}-word story`, fmt(percentile(simhashMs, 50), 3), fmt(percentile(simhashMs, 95), 3)]);

// ---- how far a reworded story moves
const vocabulary = Array.from({ length: 5000 }, (_, i) => `w${i.toString(36)}`);
console.log('\nA story with words replaced (and no other change): share of 200 pairs within 3 bits, and the median distance\n');
row(['words in the story', '1 word replaced', '2 words', '5 words', '20 words']);
row(['---', '---', '---', '---', '---']);
for (const length of [150, 500, 1500]) {
  const cells = [1, 2, 5, 20].map((edits) => {
    const ds: number[] = [];
    for (let pair = 0; pair < 200; pair++) {
      const a = Array.from({ length }, () => vocabulary[rng.int(0, vocabulary.length - 1)]);
      const b = [...a];
      for (let e = 0; e < edits; e++) b[rng.int(0, length - 1)] = vocabulary[rng.int(0, vocabulary.length - 1)];
      ds.push(hamming(simhash(a.join(' ')), simhash(b.join(' '))));
    }
    return `${Math.round((ds.filter((d) => d <= NEAR_DISTANCE).length / ds.length) * 100)}% (median ${percentile(ds, 50)})`;
  });
  row([length, ...cells]);
}
