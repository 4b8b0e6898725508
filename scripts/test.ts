// `npm test`: the type check, the lint and the production web build side by side (each keeps to about one core, and
// their output is printed whole, one after the other, once all have ended), then the unit and integration tests
// (vitest), then the browser tests (Playwright), stopping at the first stage that fails. At the end, or at that
// failure, it prints how long each stage took and the 20 slowest test files of each runner, so that where the
// suite's time goes is in every CI log.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { slowestFiles, type FileTime } from './testTimes.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const TIMES = path.join(ROOT, '.tmp', 'test-times');
const VITEST_JSON = path.join(TIMES, 'vitest.json');
const PLAYWRIGHT_JSON = path.join(TIMES, 'playwright.json');

type Stage = { name: string; command: string[]; env?: Record<string, string>; times?: () => FileTime[] };

/** The checks that need nothing of each other: run at once, each with its output kept until it ends. */
const checks: Stage[] = [
  { name: 'typecheck', command: ['npm', 'run', 'typecheck'] },
  { name: 'lint', command: ['npm', 'run', 'lint'] },
  { name: 'web build', command: ['npm', 'run', 'build:web'] },
];

const stages: Stage[] = [
  {
    name: 'unit and integration (vitest)',
    command: ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${VITEST_JSON}`],
    times: () => slowestFiles('vitest', readJson(VITEST_JSON)),
  },
  {
    name: 'browser (playwright)',
    command: ['npx', 'playwright', 'test', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: PLAYWRIGHT_JSON },
    times: () => slowestFiles('playwright', readJson(PLAYWRIGHT_JSON)),
  },
];

/** Runs a check with its output captured; resolves with its exit status and what it printed. */
function runCaptured(stage: Stage): Promise<{ ok: boolean; ms: number; output: string }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(stage.command[0], stage.command.slice(1), { cwd: ROOT, env: { ...process.env, ...stage.env } });
    const output: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => output.push(b));
    child.stderr.on('data', (b: Buffer) => output.push(b));
    child.on('close', (code) => resolve({ ok: code === 0, ms: Date.now() - started, output: Buffer.concat(output).toString() }));
  });
}

function readJson(file: string): unknown {
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null;
}

const minutes = (ms: number) => `${Math.floor(ms / 60_000)}:${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}`;

const began = Date.now();
fs.rmSync(TIMES, { recursive: true, force: true });
fs.mkdirSync(TIMES, { recursive: true });
const ran: { name: string; ms: number; ok: boolean }[] = [];
const slowest: { runner: string; files: FileTime[] }[] = [];
const checked = await Promise.all(checks.map(runCaptured));
checks.forEach((stage, i) => {
  console.log(`\n== ${stage.name}: ${stage.command.join(' ')}\n${checked[i].output.trimEnd()}`);
  ran.push({ name: stage.name, ms: checked[i].ms, ok: checked[i].ok });
});
if (checked.every((c) => c.ok)) {
  for (const stage of stages) {
    console.log(`\n== ${stage.name}: ${stage.command.join(' ')}`);
    const started = Date.now();
    const result = spawnSync(stage.command[0], stage.command.slice(1), { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...stage.env } });
    ran.push({ name: stage.name, ms: Date.now() - started, ok: result.status === 0 });
    if (stage.times) slowest.push({ runner: stage.name, files: stage.times() });
    if (result.status !== 0) break;
  }
}

for (const { runner, files } of slowest) {
  console.log(`\n== the ${files.length} slowest test files of ${runner}`);
  for (const f of files) console.log(`${minutes(f.ms).padStart(6)}  ${f.file}`);
}
console.log('\n== time of each stage');
for (const r of ran) console.log(`${minutes(r.ms).padStart(6)}  ${r.name}${r.ok ? '' : '  (failed)'}`);
console.log(`${minutes(Date.now() - began).padStart(6)}  in all (the first ${checks.length} side by side)`);
process.exit(ran.every((r) => r.ok) && ran.length === checks.length + stages.length ? 0 : 1);
