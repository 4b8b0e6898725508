// Every key the web app names literally (t('area.key'), i18nKey="area.key") has an English string, so no screen
// shows a key as itself; keys built at run time are caught by the browser tests (missing.ts, tests/e2e/fixtures.ts).
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from './index.ts';

const SRC = path.resolve(import.meta.dirname, '..');
const AREAS = path.join(SRC, 'i18n', 'areas');

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
  it('has an English string for every key the web app names literally', async () => {
    for (const area of fs.readdirSync(AREAS)) await import(path.join(AREAS, area));
    const missing: string[] = [];
    let keys = 0;
    for (const file of sources(SRC)) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(LITERAL_KEY)) {
        const key = m[1] ?? m[2];
        keys += 1;
        // A key counted by plural forms (count_one, count_other) is asked for without its suffix.
        const value = i18n.t(key, { count: 2, defaultValue: '\0' });
        if (value === '\0') missing.push(`${path.relative(SRC, file)}: ${key}`);
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
