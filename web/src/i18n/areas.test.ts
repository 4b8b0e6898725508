// The strings of each area are either core (CORE_AREAS, loaded before the first screen renders) or loaded by the
// files that use them: a file using a non-core area's keys imports the area's module (areas/<area>.ts), so its
// strings are there before it runs, whichever screen loads it first; or, for strings no screen waits for (the
// errors area, api/errorText.ts), imports it on demand and words what it shows without them until they are in.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STANDALONE_AREAS } from './coreAreas.ts';
import i18n, { areasLoaded, CORE_AREAS, i18nReady } from './index.ts';

const SRC = path.resolve(import.meta.dirname, '..');
const AREAS = path.join(SRC, 'i18n', 'areas');
const read = (file: string) => fs.readFileSync(file, 'utf8');
const names = (dir: string) => fs.readdirSync(dir).filter((f) => f.endsWith('.ts')).map((f) => f.replace(/\.ts$/, ''));
const loaders = names(AREAS);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'i18n' ? [] : sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('i18n areas', () => {
  it('has every area either core, with a module that loads it, or read by a page of its own', () => {
    expect(loaders.length).toBeGreaterThan(0);
    expect([...loaders, ...CORE_AREAS, ...STANDALONE_AREAS].sort()).toEqual(names(path.join(SRC, 'i18n', 'locales', 'en')).sort());
    for (const area of loaders) expect(read(path.join(AREAS, `${area}.ts`))).toContain(`void loadArea('${area}');`);
  });

  it('has every file that uses a non-core area import its module', () => {
    const missing: string[] = [];
    for (const file of sources(SRC)) {
      const code = read(file);
      for (const area of loaders) {
        if (!new RegExp(`['"\`]${area}\\.`).test(code)) continue;
        const module = path.relative(path.dirname(file), path.join(AREAS, `${area}.ts`));
        const specifier = module.startsWith('.') ? module : `./${module}`;
        // An area no screen waits for (errors) may be loaded on demand: import('…/areas/<area>.ts').
        if (!code.includes(`import '${specifier}';`) && !code.includes(`import('${specifier}')`)) missing.push(`${path.relative(SRC, file)} → ${area}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('makes an area’s strings available once its module loads', async () => {
    await i18nReady();
    expect(i18n.exists('companySettings.title')).toBe(false);
    await import('./areas/companySettings.ts');
    await areasLoaded();
    expect(i18n.t('companySettings.title')).toBe('Company settings');
  });
});
