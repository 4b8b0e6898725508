// The built app formats parsed messages (scripts/precompiled-messages.ts); the tests and the translator's own
// fallback format strings. Both must read the same for every message of every language.
import fs from 'node:fs';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { isPlainText } from '../web/src/i18n/plainText.ts';
import { precompiledMessages } from './precompiled-messages.ts';

const LOCALES = path.resolve(import.meta.dirname, '..', 'web', 'src', 'i18n', 'locales');
type Tree = { [key: string]: unknown };
const transform = precompiledMessages().transform as (code: string, id: string) => Promise<{ code: string } | null>;

async function compiled(file: string): Promise<Tree> {
  const out = await transform(fs.readFileSync(file, 'utf8'), file);
  return JSON.parse(out!.code.replace(/^export default /, '').replace(/;\s*$/, '')) as Tree;
}

function pairs(source: Tree, built: Tree, prefix = ''): [string, string, unknown][] {
  return Object.entries(source).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v, built[k]] as [string, string, unknown]] : pairs(v as Tree, built[k] as Tree, `${prefix}${k}.`),
  );
}

// Values every argument of the product's messages accepts: names, counts, dates written out.
const values = new Proxy({} as Record<string, string | number>, { get: (_t, name) => (name === 'count' ? 3 : `‹${String(name)}›`), has: () => true });

describe('precompiled messages', () => {
  it('read, for every message of every language, as the message formatted at run time', async () => {
    let parsed = 0;
    for (const language of fs.readdirSync(LOCALES)) {
      for (const name of fs.readdirSync(path.join(LOCALES, language))) {
        const file = path.join(LOCALES, language, name);
        const { default: source } = (await import(file)) as { default: Tree };
        for (const [key, message, built] of pairs(source, await compiled(file))) {
          if (isPlainText(message)) {
            expect(built, `${language}/${key}`).toBe(message);
            continue;
          }
          parsed += 1;
          expect(Array.isArray(built), `${language}/${key}`).toBe(true);
          const atRunTime = new IntlMessageFormat(message, language, undefined, { ignoreTag: true }).format(values);
          expect(new IntlMessageFormat(built as never, language).format(values), `${language}/${key}`).toEqual(atRunTime);
        }
      }
    }
    expect(parsed).toBeGreaterThan(300);
  });

  it('names the message a build cannot parse', async () => {
    await expect(transform("export default { a: { b: 'Hello {name' } };", '/x/web/src/i18n/locales/en/bad.ts')).rejects.toThrow(/^a\.b: /);
  });

  it('leaves every other module alone', async () => {
    expect(await transform("export default { a: 'x {n}' };", '/x/web/src/i18n/index.ts')).toBeNull();
  });
});
