// `npm start` builds the web app only when something the bundle is built from changed since the last build.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildWebIfChanged, hashWebInputs, STAMP_FILE, WEB_INPUTS } from './web-build-stamp.ts';

let root: string;
let outDir: string;
let builds: number;

const write = (rel: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
};

/** What `vite build` leaves behind: the bundle, and the stamp of the inputs it was built from. */
const fakeBuild = async () => {
  builds += 1;
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'index.html'), '<!doctype html>');
  fs.writeFileSync(path.join(outDir, STAMP_FILE), `${hashWebInputs(root)}\n`);
};
const start = () => buildWebIfChanged({ root, outDir, build: fakeBuild });

beforeEach(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'rivalscope-web-stamp-'));
  outDir = path.join(root, 'dist', 'web');
  builds = 0;
  write('web/index.html', '<div id="root"></div>');
  write('web/src/main.tsx', 'render()');
  write('web/src/alerts/model.test.ts', 'test()');
  write('contracts/digests.ts', 'export const a = 1;');
  write('vite.config.ts', 'export default {}');
  write('package-lock.json', '{}');
  await start();
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('build-web --if-changed', () => {
  it('builds when there is no bundle yet, and not again while the inputs stay the same', async () => {
    expect(builds).toBe(1);
    expect(await start()).toBe(false);
    expect(await start()).toBe(false);
    expect(builds).toBe(1);
  });

  it.each([
    ['a changed web source', () => write('web/src/main.tsx', 'render(app)')],
    ['a new web source', () => write('web/src/digest/DigestPage.tsx', 'page()')],
    ['a deleted web source', () => fs.rmSync(path.join(root, 'web/src/main.tsx'))],
    ['a changed contract', () => write('contracts/digests.ts', 'export const a = 2;')],
    ['a changed build configuration', () => write('vite.config.ts', 'export default { build: {} }')],
    ['a changed lockfile', () => write('package-lock.json', '{"packages":{}}')],
    ['a file renamed within the web app', () => fs.renameSync(path.join(root, 'web/src/main.tsx'), path.join(root, 'web/src/index.tsx'))],
  ])('builds again after %s', async (_what, change) => {
    change();
    expect(await start()).toBe(true);
    expect(builds).toBe(2);
    expect(await start()).toBe(false);
  });

  it('builds again when the bundle or its stamp is gone (a failed or foreign build)', async () => {
    fs.rmSync(path.join(outDir, STAMP_FILE));
    expect(await start()).toBe(true);
    fs.rmSync(path.join(outDir, 'index.html'));
    expect(await start()).toBe(true);
    expect(builds).toBe(3);
  });

  it('ignores what is not bundled: tests next to the code, files outside the inputs', async () => {
    write('web/src/alerts/model.test.ts', 'test(changed)');
    write('search-api/server.ts', 'listen()');
    write('README.md', '# changed');
    expect(await start()).toBe(false);
    expect(builds).toBe(1);
  });

  it('covers every folder of ours the web app imports from (its tests aside: they are not bundled)', () => {
    const repo = path.resolve(import.meta.dirname, '..');
    const imported = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.(tsx?|css)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
          for (const [, spec] of fs.readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)) {
            imported.add(path.relative(repo, path.resolve(dir, spec)).split(path.sep)[0]);
          }
        }
      }
    };
    walk(path.join(repo, 'web', 'src'));
    expect(imported).toContain('contracts');
    for (const folder of imported) expect(WEB_INPUTS).toContain(folder);
  });
});
