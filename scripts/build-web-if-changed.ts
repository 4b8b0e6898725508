// `npm start`'s web build: `vite build` only when the web app's inputs changed since the bundle in dist/web
// was built (web-build-stamp.ts); `npm run build:web` always builds.
import path from 'node:path';
import { build, resolveConfig } from 'vite';
import { buildWebIfChanged } from './web-build-stamp.ts';

const root = path.resolve(import.meta.dirname, '..');
const config = await resolveConfig({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' }, 'build');
const outDir = path.resolve(config.root, config.build.outDir);
const built = await buildWebIfChanged({ root, outDir, build: () => build({ configFile: config.configFile, logLevel: 'warn' }) });
console.log(built ? `web app built into ${path.relative(root, outDir)}` : `web app unchanged since its last build (${path.relative(root, outDir)})`);
