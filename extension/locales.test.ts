// Every string of the extension is in English and German alike, and every key the code and pages use exists.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

const dir = import.meta.dirname;
const messages = (lang: string) => JSON.parse(fs.readFileSync(path.join(dir, '_locales', lang, 'messages.json'), 'utf8')) as Record<string, { message: string }>;

test('English and German have the same keys', () => {
  expect(Object.keys(messages('de')).sort()).toEqual(Object.keys(messages('en')).sort());
});

test('every key the extension uses is translated', () => {
  const en = messages('en');
  const used = new Set<string>();
  for (const file of fs.readdirSync(dir).filter((f) => /\.(ts|html|json)$/.test(f) && !f.endsWith('.test.ts'))) {
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    for (const m of text.matchAll(/\bt\('(\w+)'|data-i18n(?:-placeholder|-label)?="(\w+)"|__MSG_(\w+)__|getMessage\('(\w+)'/g)) used.add(m[1] ?? m[2] ?? m[3] ?? m[4]);
  }
  // The context menu's titles are looked up by name from a table.
  for (const m of fs.readFileSync(path.join(dir, 'background.ts'), 'utf8').matchAll(/'(menuSend\w+)'/g)) used.add(m[1]);
  expect(used.size).toBeGreaterThan(30);
  expect([...used].filter((k) => !en[k])).toEqual([]);
});
