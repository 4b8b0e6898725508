// The one build of the web app: `npm start` (with --if-changed), `npm run build:web`, the browser tests and the
// bundle bench all go through here, so what they serve or measure is the same production bundle.
//
//   tsx scripts/build-web.ts                # always builds
//   tsx scripts/build-web.ts --if-changed   # only when the inputs changed since the bundle in dist/web (web-build-stamp.ts)
import path from 'node:path';
import { build } from 'vite';
import { buildWebIfChanged } from './web-build-stamp.ts';

const root = path.resolve(import.meta.dirname, '..');
/** vite.config.ts's build.outDir, from the project root. */
const outDir = path.join(root, 'dist', 'web');

/**
 * Vite picks React's development or production build from NODE_ENV as it stands when the build starts: a
 * shell, a test runner or an earlier resolveConfig (whose default mode is development) that set it to
 * development gives a bundle with jsxDEV, StrictMode's double mounts and the DevTools banner. The bundle the
 * product serves is always the production one.
 */
export async function buildWeb(): Promise<void> {
  process.env.NODE_ENV = 'production';
  await build({ configFile: path.join(root, 'vite.config.ts'), mode: 'production', logLevel: 'warn' });
}

const ifChanged = process.argv.includes('--if-changed');
const built = ifChanged ? await buildWebIfChanged({ root, outDir, build: buildWeb }) : (await buildWeb(), true);
const where = path.relative(root, outDir);
console.log(built ? `web app built into ${where}` : `web app unchanged since its last build (${where})`);
