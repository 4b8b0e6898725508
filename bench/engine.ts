// Search-engine benchmark: the embedded engine against Orama, MiniSearch, PostgreSQL full-text
// search and (when OPENSEARCH_URL is set) OpenSearch, on the same deterministic corpus and query
// mix, each engine in its own child process so peak RSS is per engine.
//
//   npm run bench:engine -- --docs 100000                  # card-like corpus
//   npm run bench:engine -- --docs 1000000 --corpus intel  # libraries capped at 100k
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { corpus, queryMix, readCorpusFile, suggestMix, vocabulary, writeCorpusFile, type CorpusKind } from './lib/corpus.ts';
import { dslRequest, embeddedEngine, miniSearchEngine, openSearchEngine, oramaEngine, postgresEngine, type BenchEngine } from './lib/engines.ts';
import { createEmbeddedEngine } from '../engine/embedded/index.ts';
import { percentile } from './lib/stats.ts';

const ALL = ['embedded', 'orama', 'minisearch', 'postgres', 'opensearch'] as const;
type EngineName = (typeof ALL)[number];
const LIBRARIES = new Set<EngineName>(['orama', 'minisearch']);
const BATCH = 5000;
const WARMUP = 30;

interface ChildResult {
  engine: string;
  docs: number;
  p50: number;
  p95: number;
  p99: number;
  indexDocsS: number;
  rssMb: number;
  suggP50: number | null;
  suggP95: number | null;
  notes: string[];
  persistMs?: number;
  loadMs?: number;
  loadRssMb?: number;
  skipped?: string;
}

const program = new Command()
  .option('--docs <n>', 'documents in the corpus', (v) => Number(v), 100_000)
  .option('--corpus <kind>', 'cards or intel', 'cards')
  .option('--engines <list>', `comma-separated: ${ALL.join(',')}`, ALL.join(','))
  .option('--lib-max-docs <n>', 'cap for Orama and MiniSearch (slow in-process libraries)', (v) => Number(v), 100_000)
  .option('--queries <n>', 'measured queries per engine', (v) => Number(v), 300)
  .option('--no-snapshot', 'skip the embedded snapshot write/load measurement')
  .option('--child <engine>', 'internal: run one engine in this process')
  .option('--data-dir <dir>', 'internal: snapshot directory for the embedded child')
  .parse();

const opts = program.opts<{
  docs: number;
  corpus: CorpusKind;
  engines: string;
  libMaxDocs: number;
  queries: number;
  snapshot: boolean;
  child?: string;
  dataDir?: string;
}>();

const log = (s: string) => process.stderr.write(`${s}\n`);

/** Share of one core this process gets right now (a busy loop's CPU time over its wall time). */
function cpuShare(): number {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  let x = 0;
  while (performance.now() - t0 < 300) for (let i = 0; i < 1e5; i++) x = (x + i) | 0;
  const c = process.cpuUsage(c0);
  return x === 0.5 ? 0 : (c.user + c.system) / 1000 / (performance.now() - t0);
}
const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;
const rssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);

// ---------------------------------------------------------------- child: one engine

async function makeEngine(name: EngineName, kind: CorpusKind): Promise<BenchEngine> {
  switch (name) {
    case 'embedded': return embeddedEngine(kind, { dataDir: opts.dataDir });
    case 'orama': return oramaEngine(kind);
    case 'minisearch': return miniSearchEngine(kind);
    case 'postgres': return postgresEngine(kind);
    case 'opensearch': return openSearchEngine(kind, process.env.OPENSEARCH_URL!);
  }
}

async function time<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t0 = performance.now();
  const r = await fn();
  return [performance.now() - t0, r];
}

async function runChild(name: EngineName): Promise<ChildResult> {
  const kind = opts.corpus;
  const v = vocabulary();
  const engine = await makeEngine(name, kind);
  // The corpus is generated to a file first (a million docs do not fit in memory as objects) and
  // read back during the load, so generating it costs the engines nothing. Generating it during the
  // load would hide work: engines that build in the background (this engine's build threads,
  // OpenSearch) keep building while the generator runs. Indexing time is the load's wall time, from
  // the first batch until the last doc is searchable, reading and parsing the file included.
  const dir = await mkdtemp(join(tmpdir(), 'rs-bench-corpus-'));
  const file = join(dir, 'corpus.jsonl');
  let indexMs = 0;
  try {
    writeCorpusFile(corpus(kind, opts.docs, v), file, BATCH);
    const [readMs] = await time(async () => {
      let n = 0;
      for (const batch of readCorpusFile(file, BATCH)) n += batch.length;
      return n;
    });
    let done = 0;
    const t0 = performance.now();
    let lastLog = t0;
    for (const batch of readCorpusFile(file, BATCH)) {
      await engine.index(batch);
      done += batch.length;
      if (performance.now() - lastLog > 5000) {
        log(`  ${name}: indexed ${done}/${opts.docs}`);
        lastLog = performance.now();
      }
    }
    await engine.finish();
    indexMs = performance.now() - t0;
    log(`  ${name}: indexed ${opts.docs} docs in ${round(indexMs / 1000, 1)} s (reading and parsing the corpus file alone: ${round(readMs / 1000, 1)} s)`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }

  const queries = queryMix(WARMUP + opts.queries, v);
  for (const q of queries.slice(0, WARMUP)) await engine.query(q);
  const lat: number[] = [];
  let hits = 0;
  for (const q of queries.slice(WARMUP)) {
    const [ms, n] = await time(() => engine.query(q));
    lat.push(ms);
    hits += n;
  }
  let sugg: number[] | null = null;
  if (engine.suggest) {
    sugg = [];
    const prefixes = suggestMix(WARMUP + opts.queries, v);
    for (const p of prefixes.slice(0, WARMUP)) await engine.suggest(p);
    for (const p of prefixes.slice(WARMUP)) sugg.push((await time(() => engine.suggest!(p)))[0]);
  }
  const result: ChildResult = {
    engine: engine.name,
    docs: opts.docs,
    p50: percentile(lat, 50),
    p95: percentile(lat, 95),
    p99: percentile(lat, 99),
    indexDocsS: Math.round(opts.docs / (indexMs / 1000)),
    rssMb: 0,
    suggP50: sugg ? percentile(sugg, 50) : null,
    suggP95: sugg ? percentile(sugg, 95) : null,
    notes: [...engine.notes(), `${engine.name}: ${round(hits / lat.length, 1)} hits returned per query on average`],
  };
  // Peak RSS while indexing and serving; the snapshot write below buffers a whole index file.
  result.rssMb = rssMb();
  if (name === 'embedded' && opts.dataDir) {
    const e = (engine as Awaited<ReturnType<typeof embeddedEngine>>).engine;
    const h = await e.health();
    result.notes.push(`rivalscope-embedded: ${Object.values(h.indices)[0]?.segments} segments`);
    result.persistMs = (await time(() => e.persist()))[0];
    result.notes.push(`rivalscope-embedded: peak RSS including the snapshot write ${rssMb()} MB`);
  }
  await engine.close();
  return result;
}

/** Loads the embedded snapshot written by the embedded child and checks it answers. */
async function runLoadChild(): Promise<ChildResult> {
  const [loadMs, engine] = await time(() => createEmbeddedEngine({ dataDir: opts.dataDir, refreshIntervalMs: -1, persistIntervalMs: -1 }));
  const index = opts.corpus === 'cards' ? 'bench_cards' : 'bench_intel';
  const count = await engine.count(index);
  if (count !== opts.docs) throw new Error(`snapshot holds ${count} docs, expected ${opts.docs}`);
  const r = await engine.search(index, dslRequest(opts.corpus, queryMix(1, vocabulary())[0]));
  if (r.total.value === 0 && r.hits.length === 0) log('  warning: first query after load returned nothing');
  const rss = rssMb();
  await engine.search(index, { size: 0 }); // keep the engine alive through the measurement
  return { engine: 'embedded-load', docs: count, p50: 0, p95: 0, p99: 0, indexDocsS: 0, rssMb: rss, suggP50: null, suggP95: null, notes: [], loadMs, loadRssMb: rss };
}

// ---------------------------------------------------------------- parent: run children, print

function spawnChild(name: string, docs: number, dataDir?: string): Promise<ChildResult> {
  const self = fileURLToPath(import.meta.url);
  // The embedded engine keeps its data in typed arrays outside the JS heap: a 2 GB heap limit
  // keeps V8 from growing the heap lazily (and RSS with it).
  const heap = name.startsWith('embedded') ? 2048 : 8192;
  const args = [`--max-old-space-size=${heap}`, '--import', 'tsx', self, '--child', name, '--docs', String(docs), '--corpus', opts.corpus, '--queries', String(opts.queries)];
  if (dataDir) args.push('--data-dir', dataDir);
  return new Promise((resolve, reject) => {
    // The embedded engine runs as `npm start` runs the server: with glibc's mmap threshold fixed, so
    // freed index buffers go back to the system instead of staying in malloc's free lists.
    const env = name.startsWith('embedded') ? { ...process.env, MALLOC_MMAP_THRESHOLD_: '131072' } : process.env;
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'], env });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('CHILD_RESULT '));
      if (code === 0 && line) resolve(JSON.parse(line.slice('CHILD_RESULT '.length)) as ChildResult);
      else reject(new Error(`${name} child exited with ${code}`));
    });
  });
}

function fmt(x: number | null | undefined, d = 2): string {
  return x === null || x === undefined ? 'n/a' : String(round(x, d));
}

async function runParent(): Promise<void> {
  const wanted = opts.engines.split(',').map((s) => s.trim()) as EngineName[];
  for (const w of wanted) if (!ALL.includes(w)) throw new Error(`unknown engine ${w}`);
  const rows: ChildResult[] = [];
  const skipped: string[] = [];
  log(`bench: ${opts.docs} ${opts.corpus} docs, ${opts.queries} queries per engine, engines: ${wanted.join(', ')}`);
  const os = await import('node:os');
  const machine: string[] = [];
  const sample = (when: string) => machine.push(`${when}: load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores, this process got ${Math.round(cpuShare() * 100)}% of a core`);
  sample('machine before the run');
  let snapshotDir: string | undefined;
  for (const name of wanted) {
    if (name === 'opensearch' && !process.env.OPENSEARCH_URL) {
      skipped.push('opensearch: skipped, OPENSEARCH_URL is not set');
      continue;
    }
    const docs = LIBRARIES.has(name) ? Math.min(opts.docs, opts.libMaxDocs) : opts.docs;
    log(`- ${name} (${docs} docs)`);
    try {
      if (name === 'embedded' && opts.snapshot) snapshotDir = await mkdtemp(join(tmpdir(), 'rs-bench-snap-'));
      const r = await spawnChild(name, docs, name === 'embedded' ? snapshotDir : undefined);
      if (name === 'embedded' && snapshotDir) {
        const load = await spawnChild('embedded-load', docs, snapshotDir);
        r.loadMs = load.loadMs;
        r.loadRssMb = load.loadRssMb;
        await rm(snapshotDir, { recursive: true, force: true });
      }
      rows.push(r);
    } catch (e) {
      skipped.push(`${name}: failed: ${(e as Error).message}`);
    }
  }

  sample('machine after the run');
  const header = ['engine', 'docs', 'p50 ms', 'p95 ms', 'p99 ms', 'index docs/s', 'peak RSS MB', 'suggest p50 ms', 'suggest p95 ms'];
  const table = rows.map((r) => [
    r.engine,
    `${r.docs}${r.docs < opts.docs ? ' (capped)' : ''}`,
    fmt(r.p50), fmt(r.p95), fmt(r.p99), String(r.indexDocsS), String(r.rssMb), fmt(r.suggP50), fmt(r.suggP95),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  const md = [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...table.map(line)];
  const emb = rows.find((r) => r.engine === 'rivalscope-embedded');
  const notes: string[] = [];
  if (emb?.loadMs !== undefined) notes.push(`rivalscope-embedded: snapshot write ${fmt(emb.persistMs! / 1000)} s, load ${fmt(emb.loadMs / 1000)} s (RSS after load ${emb.loadRssMb} MB)`);
  if (emb) {
    for (const r of rows) {
      if (r === emb) continue;
      notes.push(`p95 speed-up of rivalscope-embedded over ${r.engine}: ${fmt(r.p95 / emb.p95, 1)}x${r.docs < emb.docs ? ` (${r.engine} at ${r.docs} docs)` : ''}`);
    }
  }
  for (const r of rows) notes.push(...r.notes);
  notes.push(...skipped);
  notes.push('index docs/s: docs over the load\'s wall time, first batch until the last doc is searchable, reading the corpus from a JSON-lines file written beforehand');
  notes.push(...machine, 'the machine is shared with other work: latencies and rates are lower bounds of what an idle machine gives');
  if (opts.docs > opts.libMaxDocs && wanted.some((w) => LIBRARIES.has(w))) {
    notes.push(`orama and minisearch run at ${opts.libMaxDocs} docs (--lib-max-docs): they are too slow to index ${opts.docs}`);
  }
  const results = rows.map(
    (r) => `RESULT engine=${r.engine} docs=${r.docs} p50_ms=${fmt(r.p50)} p95_ms=${fmt(r.p95)} p99_ms=${fmt(r.p99)} index_docs_s=${r.indexDocsS} rss_mb=${r.rssMb}`,
  );
  console.log(`\n${md.join('\n')}\n`);
  for (const n of notes) console.log(`- ${n}`);
  console.log('');
  for (const r of results) console.log(r);

  const date = new Date().toISOString().slice(0, 10);
  const file = join(dirname(fileURLToPath(import.meta.url)), 'results', `engine-${date}.md`);
  mkdirSync(dirname(file), { recursive: true });
  const body = [
    `# Engine benchmark, ${date}, ${opts.docs} ${opts.corpus} docs`,
    '',
    `Corpus: ${opts.docs} ${opts.corpus} documents (seeded, Zipf vocabulary, title + ~80-word body). ` +
      `Query mix: ${opts.queries} measured queries after ${WARMUP} warm-up; 1-3 terms, company + visibility filters, ` +
      'sometimes a facet or date filter, sort by score or date, three counters (terms aggregations), top 20, some highlighted. ' +
      `Machine: ${(await import('node:os')).cpus().length} cores, Node ${process.version}.`,
    '',
    `Command: \`npm run bench:engine -- ${process.argv.slice(2).join(' ')}\``,
    '',
    ...md,
    '',
    ...notes.map((n) => `- ${n}`),
    '',
    '```',
    ...results,
    '```',
    '',
  ].join('\n');
  // Several runs on one day (e.g. 100k cards and 1M intel) accumulate in the same file, newest first.
  const previous = existsSync(file) ? `\n${readFileSync(file, 'utf8')}` : '';
  writeFileSync(file, body + previous);
  log(`wrote ${file}`);
}

if (opts.child) {
  const r = opts.child === 'embedded-load' ? await runLoadChild() : await runChild(opts.child as EngineName);
  process.stdout.write(`CHILD_RESULT ${JSON.stringify(r)}\n`);
  process.exit(0);
} else {
  await runParent();
}
