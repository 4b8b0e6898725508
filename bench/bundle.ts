// Web bundle benchmark: the gzipped JavaScript a browser downloads before its first screen renders, for the
// sign-in page and for a signed-in user's dashboard, beside the budget (issue #31: ≤ 250 kB gzipped); the
// largest chunks left to load later; and any heavy library (editor, charts, drag and drop, dates) that
// slipped into a first screen. Reads the manifest of the last build, so build first:
//
//   npm run build:web && npm run bench:bundle
//   npm run bench:bundle -- --dir /tmp/other-build
//
// Prints a table and RESULT lines, writes bench/results/bundle.md, and exits 1 when a first screen fails.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { Command } from 'commander';
import { CORE_AREAS } from '../web/src/i18n/coreAreas.ts';
import { firstScreenChunks, heavyPackagesIn, laterChunks, stringChunks, type Manifest } from './lib/bundle.ts';

/** Issue #51: 275 kB once i18next came in (it was 250, issue #31). */
const BUDGET_KB = 275;
/** The first screens measured, by the source of their lazy screen module (web/src/shell/Screen.tsx). */
const FIRST_SCREENS = [
  { name: 'sign-in page', screens: ['src/pages/SignInPage.tsx'] },
  { name: 'dashboard (signed in)', screens: ['src/shell/SignedInApp.tsx', 'src/dashboard/DashboardPage.tsx'] },
];

const opts = new Command()
  .option('--dir <path>', 'the built web app', path.resolve(import.meta.dirname, '..', 'dist', 'web'))
  .option('--top <n>', 'how many of the largest later chunks to list', '8')
  .parse()
  .opts<{ dir: string; top: string }>();

const manifestPath = path.join(opts.dir, '.vite', 'manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error(`No build manifest at ${manifestPath}: run \`npm run build:web\` first.`);
  process.exit(2);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;

const sizes = new Map<string, { raw: number; gzip: number }>();
function sizeOf(key: string) {
  let s = sizes.get(key);
  if (!s) {
    const bytes = fs.readFileSync(path.join(opts.dir, manifest[key].file));
    s = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    sizes.set(key, s);
  }
  return s;
}
function sourcesOf(key: string): string[] {
  const map = path.join(opts.dir, `${manifest[key].file}.map`);
  return fs.existsSync(map) ? ((JSON.parse(fs.readFileSync(map, 'utf8')) as { sources?: string[] }).sources ?? []) : [];
}
const kB = (bytes: number) => (bytes / 1000).toFixed(1);

const rows = FIRST_SCREENS.map(({ name, screens }) => {
  const code = firstScreenChunks(manifest, screens, sourcesOf).filter((k) => manifest[k].file.endsWith('.js'));
  // The screen renders once its strings are in: an English reader's count with them.
  const chunks = [...code, ...stringChunks(manifest, code, sourcesOf, CORE_AREAS, 'en')];
  const raw = chunks.reduce((n, k) => n + sizeOf(k).raw, 0);
  const gzip = chunks.reduce((n, k) => n + sizeOf(k).gzip, 0);
  const heavy = [...new Set(chunks.flatMap((k) => heavyPackagesIn(sourcesOf(k))))].sort();
  const pass = gzip <= BUDGET_KB * 1000 && heavy.length === 0;
  return { name, chunks, raw, gzip, heavy, pass };
});

const header = ['first screen', 'chunks', 'raw kB', 'gzip kB', 'budget kB', 'heavy libraries', 'verdict'];
const table = rows.map((r) => [r.name, String(r.chunks.length), kB(r.raw), kB(r.gzip), String(BUDGET_KB), r.heavy.join(', ') || 'none', r.pass ? 'PASS' : 'FAIL']);

const everFirst = [...new Set(rows.flatMap((r) => r.chunks))];
const later = laterChunks(manifest, everFirst)
  .map((k) => ({ key: k, ...sizeOf(k), heavy: heavyPackagesIn(sourcesOf(k)) }))
  .sort((a, b) => b.gzip - a.gzip)
  .slice(0, Number(opts.top));
const laterHeader = ['later chunk', 'raw kB', 'gzip kB', 'heavy libraries'];
const laterTable = later.map((c) => [manifest[c.key].src ?? c.key, kB(c.raw), kB(c.gzip), c.heavy.join(', ') || '–']);

function render(head: string[], body: string[][]): string[] {
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)];
}

const out = [
  `# Web bundle: first screens (${new Date().toISOString().slice(0, 10)})`,
  '',
  `JavaScript downloaded before the first screen renders (the entry, the screen's chunk and their static imports, and the English strings they wait for), gzip level 9. Budget ${BUDGET_KB} kB gzipped, and no heavy library.`,
  '',
  ...render(header, table),
  '',
  `Largest chunks loaded later (on demand or preloaded after the first screen):`,
  '',
  ...render(laterHeader, laterTable),
  '',
];
console.log(out.join('\n'));
for (const r of rows) console.log(`RESULT bundle "${r.name}" gzip_kB=${kB(r.gzip)} budget_kB=${BUDGET_KB} heavy=${r.heavy.join(',') || 'none'} ${r.pass ? 'PASS' : 'FAIL'}`);

const results = path.resolve(import.meta.dirname, 'results', 'bundle.md');
fs.writeFileSync(results, out.join('\n'));
console.log(`\nWrote ${path.relative(process.cwd(), results)}`);
if (rows.some((r) => !r.pass)) process.exit(1);
