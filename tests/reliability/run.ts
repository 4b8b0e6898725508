// `npm run test:reliability`: runs the security, hostile-input and fault checks (Vitest and Playwright)
// and the load check, then prints one table: each check, passed or not, and its figure. With
// --write-docs it also writes the table into docs/RELIABILITY.md. Exit code 1 when a check fails.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Command } from 'commander';
import { runLoad, type LoadResult } from './load.ts';

const program = new Command()
  .option('--seconds <n>', 'duration of the load check', '60')
  .option('--connections <n>', 'concurrent connections of the load check', '50')
  .option('--writes <n>', 'writes per second during the load check', '20')
  .option('--skip-load', 'run only the test suites')
  .option('--write-docs', 'write the summary into docs/RELIABILITY.md')
  .parse();
const opts = program.opts<{ seconds: string; connections: string; writes: string; skipLoad?: boolean; writeDocs?: boolean }>();

/** passed: null for a figure a passing suite measured (its pass or fail is the suite's row). */
type Row = { check: string; passed: boolean | null; figure: string };
const rows: Row[] = [];

/** The Vitest suites of the reliability table, each a row: what it proves. */
const SUITES: [file: string, check: string][] = [
  ['tests/integration/tenant-isolation.test.ts', 'Tenant isolation: every /api route as another company'],
  ['tests/integration/search.test.ts', 'Card visibility matrix on search, suggestions and counters'],
  ['tests/integration/account.test.ts', 'Sign-in, session fixation, cookie flags, timeouts, CSRF, rate limit, impersonation'],
  ['tests/reliability/csrf.test.ts', 'CSRF on every non-GET /api route (from the router table)'],
  ['tests/reliability/properties.test.ts', 'Property-based: filter grammars, date math, query validation'],
  ['tests/reliability/fuzz.test.ts', 'Fuzz and SQL injection: every route, never a 5xx, no write on a 4xx'],
  ['tests/reliability/faults.test.ts', 'Faults: PostgreSQL stopped, snapshot deleted, OpenSearch unreachable'],
  ['tests/reliability/sigkill.test.ts', 'Server SIGKILLed during a bulk intel job: resumed, index equals PostgreSQL'],
  ['tests/integration/indexer-crash.test.ts', 'Indexer SIGKILLed mid-batch: nothing lost or stale'],
  ['tests/reliability/security-headers.test.ts', 'helmet headers and a CSP without inline scripts'],
];
const E2E: [file: string, check: string][] = [['tests/e2e/xss.spec.ts', 'XSS corpus in Chromium: nothing executes']];

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rivalscope-reliability-'));
const figuresFile = path.join(tmp, 'figures.jsonl');
const env = { ...process.env, RELIABILITY_FIGURES: figuresFile };

function vitest() {
  const out = path.join(tmp, 'vitest.json');
  spawnSync('npx', ['vitest', 'run', ...SUITES.map(([f]) => f), '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], { stdio: 'inherit', env });
  const report = fs.existsSync(out) ? JSON.parse(fs.readFileSync(out, 'utf8')) : { testResults: [] };
  for (const [file, check] of SUITES) {
    const result = report.testResults.find((r: { name: string }) => r.name.endsWith(file));
    const tests: { status: string }[] = result?.assertionResults ?? [];
    const passed = tests.filter((t) => t.status === 'passed').length;
    const failed = tests.filter((t) => t.status === 'failed').length;
    const skipped = tests.length - passed - failed;
    rows.push({ check, passed: !!result && failed === 0 && passed > 0, figure: `${passed}/${tests.length} tests${skipped ? `, ${skipped} not run here (see log)` : ''}` });
  }
}

function playwright() {
  const out = path.join(tmp, 'playwright.json');
  const build = spawnSync('npm', ['run', 'build:web'], { stdio: 'inherit', env });
  const run =
    build.status === 0
      ? spawnSync('npx', ['playwright', 'test', ...E2E.map(([f]) => f), '--reporter=list,json'], { stdio: 'inherit', env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: out } })
      : build;
  const report = fs.existsSync(out) ? JSON.parse(fs.readFileSync(out, 'utf8')) : null;
  const stats = report?.stats ?? { expected: 0, unexpected: 1 };
  for (const [, check] of E2E) {
    rows.push({ check, passed: run.status === 0 && stats.unexpected === 0, figure: `${stats.expected}/${stats.expected + stats.unexpected} browser tests` });
  }
}

async function load() {
  const seconds = Number(opts.seconds);
  let r: LoadResult;
  try {
    r = await runLoad({ seconds, connections: Number(opts.connections), writesPerSecond: Number(opts.writes) });
  } catch (err) {
    rows.push({ check: 'Load: mixed workload with writer', passed: false, figure: (err as Error).message.split('\n')[0] });
    return;
  }
  const check = `Load: ${seconds} s, ${opts.connections} connections (search 70 %, suggest 20 %, intel 10 %), ${opts.writes} writes/s`;
  rows.push({
    check,
    passed: r.errors === 0 && r.non2xx === 0 && r.writeErrors === 0,
    figure: `${r.requests} requests (${r.rps}/s), ${r.errors} errors, ${r.non2xx} non-2xx; p50 ${r.p50} ms, p90 ${r.p90} ms, p97.5 ${r.p97_5} ms, p99 ${r.p99} ms`,
  });
  const lastWrites = r.writesInDatabase;
  rows.push({
    check: 'Load: every write in PostgreSQL and in the index afterwards',
    passed: r.writeErrors === 0 && r.writes > 0 && r.writesInIndex === lastWrites,
    figure: `${r.writes} writes (${r.writeErrors} failed); ${lastWrites} documents' last writes in PostgreSQL, ${r.writesInIndex} found in the index${r.missing.length ? ` (missing: ${r.missing.slice(0, 5).join(', ')})` : ''}`,
  });
}

vitest();
playwright();
if (!opts.skipLoad) await load();
if (fs.existsSync(figuresFile)) {
  for (const line of fs.readFileSync(figuresFile, 'utf8').split('\n').filter(Boolean)) {
    const f = JSON.parse(line) as { check: string; figure: string };
    rows.push({ check: f.check, passed: null, figure: f.figure });
  }
}

const table = [
  '| check | result | figure |',
  '|---|---|---|',
  ...rows.map((r) => `| ${r.check} | ${r.passed === null ? 'measured' : r.passed ? 'passed' : '**FAILED**'} | ${r.figure} |`),
].join('\n');
console.log(`\n${table}\n`);
if (opts.writeDocs) {
  const doc = path.resolve(import.meta.dirname, '..', '..', 'docs', 'RELIABILITY.md');
  const text = fs.readFileSync(doc, 'utf8');
  const stamp = `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), Node ${process.version}.`;
  fs.writeFileSync(doc, text.replace(/<!-- figures -->[\s\S]*<!-- \/figures -->/, `<!-- figures -->\n${stamp}\n\n${table}\n<!-- /figures -->`));
}
fs.rmSync(tmp, { recursive: true, force: true });
process.exit(rows.every((r) => r.passed !== false) ? 0 : 1);
