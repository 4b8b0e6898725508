// The browser extension's build (issue #55): esbuild bundles extension/*.ts (ES modules for the service worker and
// the extension's pages, an IIFE for the content script, which cannot be a module), copies the manifest, pages,
// styles and _locales into the output folder and zips it. `npm start` runs it with --if-changed; the server zips
// dist/extension again with the manifest stamped for its own address (search-api/extension/download.ts).
//
//   tsx scripts/build-extension.ts [--out dist/extension] [--origin http://127.0.0.1:4810] [--grant-hosts 'http://*.localhost/*,…'] [--if-changed]
import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { readManifest, stampManifest, zipExtension } from '../server-shared/extensionPackage.ts';
import { annotatePure } from './pure-contracts.ts';
import { hashWebInputs, STAMP_FILE } from './web-build-stamp.ts';

const root = path.resolve(import.meta.dirname, '..');
const src = path.join(root, 'extension');
const INPUTS = ['extension', 'contracts', 'scripts/build-extension.ts', 'server-shared/extensionPackage.ts', 'package-lock.json'];
const STATIC = /\.(json|html|css|png)$/;

/** The contracts' module-level zod schemas marked pure, so the bundles keep only the constants they use (not zod). */
const pureContracts: Plugin = {
  name: 'pure-contracts',
  setup(b) {
    b.onLoad({ filter: /[\\/]contracts[\\/][^\\/]+\.ts$/ }, (args) => ({ contents: annotatePure(fs.readFileSync(args.path, 'utf8'), args.path), loader: 'ts' }));
  },
};

export async function buildExtension(opts: { out: string; origin?: string | null; grantHosts?: string[] }): Promise<string> {
  fs.rmSync(opts.out, { recursive: true, force: true });
  const common = { bundle: true, minify: true, target: 'chrome120', outdir: opts.out, plugins: [pureContracts], logLevel: 'warning' as const, legalComments: 'none' as const };
  await build({ ...common, format: 'esm', entryPoints: ['background', 'popup', 'badge', 'clip'].map((e) => path.join(src, `${e}.ts`)) });
  await build({ ...common, format: 'iife', entryPoints: [path.join(src, 'content.ts')] });
  fs.cpSync(src, opts.out, {
    recursive: true,
    filter: (from) => fs.statSync(from).isDirectory() || (STATIC.test(from) && !from.endsWith('tsconfig.json')),
  });
  const manifest = stampManifest(readManifest(src), { origin: opts.origin, grantHosts: opts.grantHosts });
  fs.writeFileSync(path.join(opts.out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const zip = path.join(path.dirname(opts.out), 'rivalscope-extension.zip');
  fs.writeFileSync(zip, zipExtension(opts.out, manifest));
  return zip;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const out = path.resolve(arg('--out') ?? path.join(root, 'dist', 'extension'));
  const origin = arg('--origin') ?? null;
  const grantHosts = arg('--grant-hosts')?.split(',').map((h) => h.trim()).filter(Boolean) ?? [];
  // The stamp covers the options too: a test build with other hosts is not the same build.
  const stamp = JSON.stringify({ inputs: hashWebInputs(root, INPUTS), origin, grantHosts });
  const stampFile = path.join(out, STAMP_FILE);
  const current = fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8').trim() === stamp;
  if (process.argv.includes('--if-changed') && current) {
    console.log(`extension unchanged since its last build (${path.relative(root, out)})`);
  } else {
    const zip = await buildExtension({ out, origin, grantHosts });
    fs.writeFileSync(stampFile, `${stamp}\n`);
    console.log(`extension built into ${path.relative(root, out)} and ${path.relative(root, zip)}`);
  }
}
