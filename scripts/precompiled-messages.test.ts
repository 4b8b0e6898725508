// The built app formats parsed messages (scripts/precompiled-messages.ts); the tests and the translator's own
// fallback format strings. Both must read the same for every message of every language.
import fs from 'node:fs';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { leaves, valueAt, type MessageTree } from '../tests/helpers/messages.ts';
import { isPlainText } from '../web/src/i18n/plainText.ts';
import { precompiledMessages } from './precompiled-messages.ts';

const LOCALES = path.resolve(import.meta.dirname, '..', 'web', 'src', 'i18n', 'locales');
const transform = precompiledMessages().transform as (code: string, id: string) => Promise<{ code: string } | null>;

async function compiled(file: string): Promise<unknown> {
  const out = await transform(fs.readFileSync(file, 'utf8'), file);
  return JSON.parse(out!.code.replace(/^export default /, '').replace(/;\s*$/, ''));
}

// Values every argument of the product's messages accepts: names, counts, dates written out.
const values = new Proxy({} as Record<string, string | number>, { get: (_t, name) => (name === 'count' ? 3 : `‹${String(name)}›`), has: () => true });

describe('precompiled messages', () => {
  it('read, for every message of every language, as the message formatted at run time', async () => {
    let parsed = 0;
    for (const language of fs.readdirSync(LOCALES)) {
      for (const name of fs.readdirSync(path.join(LOCALES, language))) {
        const file = path.join(LOCALES, language, name);
        const { default: source } = (await import(file)) as { default: MessageTree };
        const builtFile = await compiled(file);
        for (const [key, message] of leaves(source)) {
          const built = valueAt(builtFile, key);
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
