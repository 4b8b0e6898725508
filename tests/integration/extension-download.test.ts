// GET /extension/rivalscope-extension.zip: the built extension, zipped with its manifest stamped for the product's
// address (externally_connectable), its key kept (the id the product's pages message), and a clear 503 before a build.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { strFromU8, unzipSync } from 'fflate';
import request from 'supertest';
import { afterAll, expect, test } from 'vitest';
import { EXTENSION_ZIP_PATH } from '../../contracts/extension.ts';
import { buildExtension } from '../../scripts/build-extension.ts';
import { extensionDownload } from '../../search-api/extension/download.ts';
import type { Config } from '../../server-shared/config.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rs-ext-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
const config = { APP_URL: 'https://intel.example.com:8443/' } as Config;
const appFor = (dir: string) => express().use(extensionDownload({ config }, dir));


test('serves the built extension with the manifest stamped for APP_URL', async () => {
  const dir = path.join(tmp, 'extension');
  await buildExtension({ out: dir });
  const res = await request(appFor(dir)).get(EXTENSION_ZIP_PATH).buffer(true)
    .parse((stream, done) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => done(null, Buffer.concat(chunks)));
    });
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  expect(res.headers['content-disposition']).toBe('attachment; filename="rivalscope-extension.zip"');
  const files = unzipSync(new Uint8Array(res.body as Buffer));
  expect(Object.keys(files)).toEqual(expect.arrayContaining(['manifest.json', 'background.js', 'content.js', 'popup.html', 'badge.html', 'clip.html', '_locales/de/messages.json']));
  expect(Object.keys(files).some((f) => f.startsWith('.') || f.endsWith('.ts'))).toBe(false);
  const manifest = JSON.parse(strFromU8(files['manifest.json']));
  expect(manifest.externally_connectable).toEqual({ matches: ['https://intel.example.com/*'] });
  expect(manifest.key).toBe(JSON.parse(fs.readFileSync('extension/manifest.json', 'utf8')).key);
  // Host access is the person's choice, never granted by the download.
  expect(manifest.host_permissions).toBeUndefined();
});

test('answers 503 with what to do when the extension is not built', async () => {
  const res = await request(appFor(path.join(tmp, 'missing'))).get(EXTENSION_ZIP_PATH);
  expect(res.status).toBe(503);
  expect(res.text).toMatch(/npm run build:extension/);
});
