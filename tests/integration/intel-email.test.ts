// Intel by email (issue #52) through a real SMTP exchange: nodemailer sends to the listener `npm start` runs, and a
// message from one of the company's users to its intel address becomes an intel item with its attachments kept as
// sources; other senders, addresses and oversized messages are refused and write nothing.
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { intelAddress } from '../../search-api/intelEmail/receive.ts';
import { startIntelMailListener, type IntelMailListener } from '../../search-api/intelEmail/listener.ts';
import { signIn, testApp, type TestApp } from '../helpers/app.ts';
import { northwindId } from '../helpers/db.ts';

const DOMAIN = 'intel.test';
let t: TestApp;
let listener: IntelMailListener;
let address: string;
let companyId: number;
let transport: Transporter;

beforeAll(async () => {
  t = await testApp();
  companyId = await northwindId(t.db);
  listener = await startIntelMailListener(t.db, { port: 0, host: '127.0.0.1', domain: DOMAIN });
  address = await intelAddress(t.db, companyId, DOMAIN);
  transport = nodemailer.createTransport({ host: '127.0.0.1', port: listener.port, secure: false, ignoreTLS: true });
});
afterAll(async () => {
  transport?.close();
  await listener?.close();
  await t?.drop();
});

const emailItems = async () => Number(((await t.db.execute(sql`SELECT count(*) AS n FROM intel_items WHERE channel = 'email' AND from_address LIKE '%@demo.test'`)).rows[0] as { n: string }).n);

it("a user's forwarded email becomes an intel item: sanitized, its rivals found, its files kept as sources", async () => {
  expect(address).toMatch(new RegExp(`^intel\\+[a-f0-9]{32}@${DOMAIN.replace('.', '\\.')}$`));
  const sent = await transport.sendMail({
    from: 'Cory Curator <curator@demo.test>',
    to: address,
    subject: 'Fwd: Lumenary announces usage-based pricing for Lumenary Ask',
    html: '<p>Heads up: <b>Lumenary</b> moves Ask to usage-based pricing next month.</p><script>alert(1)</script><img src=x onerror=alert(2)>',
    attachments: [{ filename: 'price-sheet.csv', content: 'tier,price\nBusiness,$70\n', contentType: 'text/csv' }],
  });
  expect(sent.rejected).toEqual([]);
  const { rows } = await t.db.execute(sql`
    SELECT i.id, i.title, i.body, i.channel, i.state, i.from_address, i.submitted_by_id, array_agg(r.name) AS rivals
    FROM intel_items i LEFT JOIN intel_rivals ir ON ir.intel_id = i.id LEFT JOIN rivals r ON r.id = ir.rival_id
    WHERE i.channel = 'email' AND i.from_address = 'curator@demo.test' AND i.title LIKE '%usage-based pricing for Lumenary Ask' GROUP BY i.id`);
  expect(rows).toHaveLength(1);
  const item = rows[0] as { id: number; title: string; body: string; state: string; rivals: string[]; submitted_by_id: number };
  expect(item).toMatchObject({ channel: 'email', state: 'unprocessed', rivals: ['Lumenary'] });
  expect(item.body).toContain('<b>Lumenary</b>');
  expect(item.body).not.toMatch(/script|onerror/i);

  const curator = await signIn(t.app, 'curator@demo.test');
  expect(item.submitted_by_id).toBe(curator.me.id);
  const detail = (await curator.get(`/api/intel/v1/${item.id}`)).body;
  // The message is the first source, and opens the original as sent; its file is the next.
  expect(detail.sources.map((s: { title: string }) => s.title)).toEqual([item.title, 'price-sheet.csv']);
  const csv = detail.sources.find((s: { title: string }) => s.title === 'price-sheet.csv');
  const file = await curator.get(csv.url);
  expect(file.status).toBe(200);
  expect(file.headers['content-disposition']).toContain('attachment');
  expect(file.text).toBe('tier,price\nBusiness,$70\n');
  const original = await curator.get(detail.sources[0].url);
  expect(original.text).toContain('Subject: Fwd: Lumenary announces');
  const seller = await signIn(t.app, 'seller@demo.test');
  expect((await seller.get(csv.url)).status).toBe(403);
  expect((await curator.get(`${csv.url.replace(/\/\d+$/, '/999999')}`)).status).toBe(404);
});

it('refuses mail from someone who is not a user of the company, to an unknown address, or too large, and writes nothing', async () => {
  const before = await emailItems();
  const refused = async (mail: SendMailOptions) => {
    const err = (await transport.sendMail(mail).then(() => null, (e: { responseCode?: number }) => e)) as { responseCode?: number } | null;
    expect(err, JSON.stringify(mail.to)).not.toBeNull();
    return err!.responseCode;
  };
  expect(await refused({ from: 'stranger@rival.example', to: address, subject: 'Hello', text: 'Buy now' })).toBe(550);
  expect(await refused({ from: 'curator@demo.test', to: `intel+${'0'.repeat(32)}@${DOMAIN}`, subject: 'Hello', text: 'x' })).toBe(550);
  expect(await refused({ from: 'curator@demo.test', to: address.replace(DOMAIN, 'elsewhere.test'), subject: 'Hello', text: 'x' })).toBe(550);
  expect(await refused({ from: 'curator@demo.test', to: address, subject: 'Huge', text: 'x'.repeat(26 * 1024 * 1024) })).toBe(552);
  expect(await emailItems()).toBe(before);
});
