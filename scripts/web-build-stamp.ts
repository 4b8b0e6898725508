// The web bundle's build stamp: a hash of everything `vite build` reads from the repository, written into
// dist/web by every successful build (the Vite plugin below), so `npm start` can tell whether the bundle
// it is about to serve is current without building it again (build-web.ts).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * What the bundle is built from: the web app, the contracts it imports (it imports nothing else of ours),
 * the build configuration, and the locked dependencies (node_modules as installed from the lockfile).
 */
export const WEB_INPUTS = ['web', 'contracts', 'vite.config.ts', 'tsconfig.json', 'package-lock.json', 'scripts/web-build-stamp.ts', 'scripts/build-web.ts', 'scripts/pure-contracts.ts'];

/** A dotfile: express.static does not serve it. */
export const STAMP_FILE = '.build-stamp';

/** Tests next to the code are never part of the bundle. */
const NOT_BUNDLED = /\.test\.tsx?$/;

/** A hash over the inputs' paths and contents; a missing input counts as absent, so adding it changes the hash. */
export function hashWebInputs(root: string, inputs: readonly string[] = WEB_INPUTS): string {
  const hash = createHash('sha256');
  const add = (rel: string) => {
    const abs = path.join(root, rel);
    const stat = fs.statSync(abs, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(abs).sort()) add(path.posix.join(rel, entry));
    } else if (!NOT_BUNDLED.test(rel)) {
      hash.update(`${rel}\0${stat.size}\0`).update(fs.readFileSync(abs)).update('\0');
    }
  };
  for (const input of inputs) add(input);
  return hash.digest('hex');
}

/** Whether outDir holds a finished build of exactly these inputs. */
export function webBuildIsCurrent(root: string, outDir: string, inputs: readonly string[] = WEB_INPUTS): boolean {
  const stamp = readFile(path.join(outDir, STAMP_FILE));
  return stamp !== null && fs.existsSync(path.join(outDir, 'index.html')) && stamp.trim() === hashWebInputs(root, inputs);
}

/** Runs `build` unless outDir already holds a build of the current inputs; answers whether it built. */
export async function buildWebIfChanged(opts: { root: string; outDir: string; build: () => Promise<unknown> }): Promise<boolean> {
  if (webBuildIsCurrent(opts.root, opts.outDir)) return false;
  await opts.build();
  return true;
}

/**
 * Stamps every production build with the hash of the inputs as they were when it started (a file saved
 * during the build leaves a stamp that no longer matches, so the next start builds again). The stamp is
 * written only once the bundle is, and emptyOutDir removes the old one first.
 */
export function webBuildStamp(root: string): Plugin {
  let hash = '';
  let outDir = '';
  return {
    name: 'rivalscope-build-stamp',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    buildStart() {
      hash = hashWebInputs(root);
    },
    writeBundle() {
      fs.writeFileSync(path.join(outDir, STAMP_FILE), `${hash}\n`);
    },
  };
}

function readFile(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}
