// The extension's id follows from the manifest's public key: SHA-256 of the key's DER, its first 32 hex digits
// written in the letters a–p. The product's pages message that id (contracts/extension.ts), so the two must agree.
// And the icons it names are there, each the size it says.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { EXTENSION_ID, isExtensionId } from '../contracts/extension.ts';

test('the manifest key gives EXTENSION_ID', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'manifest.json'), 'utf8')) as { key: string };
  const hex = createHash('sha256').update(Buffer.from(manifest.key, 'base64')).digest('hex').slice(0, 32);
  const id = [...hex].map((d) => String.fromCharCode('a'.charCodeAt(0) + parseInt(d, 16))).join('');
  expect(isExtensionId(id)).toBe(true);
  expect(id).toBe(EXTENSION_ID);
});

test('every icon the manifest names is a PNG of its size', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'manifest.json'), 'utf8')) as {
    icons: Record<string, string>;
    action: { default_icon: Record<string, string> };
  };
  const icons = Object.entries({ ...manifest.icons, ...manifest.action.default_icon });
  expect(icons.length).toBeGreaterThanOrEqual(4);
  for (const [size, file] of icons) {
    const png = fs.readFileSync(path.join(import.meta.dirname, file));
    expect(png.subarray(1, 4).toString('latin1'), file).toBe('PNG');
    // The IHDR chunk: width and height, big-endian, at bytes 16 and 20.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)], file).toEqual([Number(size), Number(size)]);
  }
});
