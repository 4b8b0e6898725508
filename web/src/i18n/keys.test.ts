// Every key the web app names literally (t('area.key'), i18nKey="area.key") has a string in every language, so no
// screen shows a key as itself; keys built at run time are caught by the browser tests (missing.ts,
// tests/e2e/fixtures.ts).
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n, { i18nReady, loadArea, SUPPORTED_LANGUAGES } from './index.ts';

const SRC = path.resolve(import.meta.dirname, '..');
const AREAS = fs.readdirSync(path.join(SRC, 'i18n', 'locales', 'en')).map((f) => f.replace(/\.ts$/, ''));

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

const LITERAL_KEY = /\bt\(\s*'([\w.]+)'|i18nKey="([\w.]+)"/g;

afterEach(() => vi.restoreAllMocks());

describe('translation keys', () => {
  it('has a string in every language for every key the web app names literally', async () => {
    await i18nReady();
    for (const language of SUPPORTED_LANGUAGES) await i18n.loadLanguages(language);
    for (const area of AREAS) await loadArea(area);
    const missing: string[] = [];
    let keys = 0;
    for (const file of sources(SRC)) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(LITERAL_KEY)) {
        const key = m[1] ?? m[2];
        keys += 1;
        for (const language of SUPPORTED_LANGUAGES) {
          if (!i18n.exists(key, { lng: language, fallbackLng: [] })) missing.push(`${path.relative(SRC, file)}: ${language} ${key}`);
        }
      }
    }
    expect(keys).toBeGreaterThan(1000);
    expect(missing).toEqual([]);
  });

  it('reports a key no language holds, once, as the error the browser tests fail on', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(i18n.t('nowhere.to.be.found')).toBe('nowhere.to.be.found');
    expect(i18n.t('nowhere.to.be.found')).toBe('nowhere.to.be.found');
    expect(i18n.t('app.name')).toBe('Rivalscope');
    expect(error.mock.calls).toEqual([['Missing translation: nowhere.to.be.found']]);
  });
});
