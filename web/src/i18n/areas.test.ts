// The strings of each area are either in en.ts (every screen may need them) or registered by the files that
// use them: a file using a registered area's keys imports that area's module, so its strings are there
// before it renders, whichever screen loads it first.
import fs from 'node:fs';
import path from 'node:path';
import i18n from './index.ts';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');
const AREAS = path.join(SRC, 'i18n', 'areas');
const read = (file: string) => fs.readFileSync(file, 'utf8');
const areaNames = fs.readdirSync(AREAS).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).map((f) => f.replace(/\.ts$/, ''));
const registered = areaNames.filter((a) => read(path.join(AREAS, `${a}.ts`)).includes(`registerStrings('${a}', ${a})`));
const inEn = areaNames.filter((a) => read(path.join(SRC, 'i18n', 'en.ts')).includes(`from './areas/${a}.ts'`));

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'i18n' ? [] : sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('i18n areas', () => {
  it('puts every area either in en.ts or in a module that registers it', () => {
    expect(registered.length).toBeGreaterThan(0);
    expect([...registered, ...inEn].sort()).toEqual([...areaNames].sort());
    expect(registered.filter((a) => inEn.includes(a))).toEqual([]);
  });

  it('has every file that uses a registered area import it', () => {
    const missing: string[] = [];
    for (const file of sources(SRC)) {
      const code = read(file);
      for (const area of registered) {
        if (!new RegExp(`['"\`]${area}\\.`).test(code)) continue;
        const module = path.relative(path.dirname(file), path.join(AREAS, `${area}.ts`));
        const specifier = module.startsWith('.') ? module : `./${module}`;
        if (!code.includes(`import '${specifier}';`)) missing.push(`${path.relative(SRC, file)} → ${area}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('makes a registered area’s strings available once its module loads', async () => {
    await import('./index.ts');
    expect(i18n.t('companySettings.title')).toBe('companySettings.title');
    await import('./areas/companySettings.ts');
    expect(i18n.t('companySettings.title')).toBe('Company settings');
  });
});
