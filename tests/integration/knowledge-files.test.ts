// The knowledge hub's files (issue #58, contracts/knowledgeHub.ts): upload by content (415 by bytes, 413, bad queries
// 400, nothing written), extraction by the job until done or failed with a reason, a new version replacing passages
// (and an older version's slow extraction never overwriting a newer one), a stale running extraction taken again by
// the sweep, access (consumers, the flag, another company), delete, and the demo's files extracting.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { KNOWLEDGE_HUB, type KnowledgeFile, type KnowledgeFilePage, type PassagePage } from '../../contracts/knowledgeHub.ts';
import { DEMO_FILES, encryptedOfficeFile, pdfFile, pptxFile } from '../../db/seed/content/knowledgeFiles.ts';
import { extractFile, sweepExtractions } from '../../search-api/knowledgeHub/extraction.ts';
import { signIn, signInOutsider, testApp, type TestApp } from '../helpers/app.ts';
import { northwindId, sqlReads } from '../helpers/db.ts';

type Session = Awaited<ReturnType<typeof signIn>>;
let t: TestApp;
let companyId: number;
let curator: Session;
let seller: Session;
const { one } = sqlReads(() => t.db);

const setFlags = (id: number, flags: Record<string, boolean>) =>
  t.db.execute(sql`UPDATE companies SET company_data = company_data || jsonb_build_object('flags', coalesce(company_data->'flags', '{}') || ${JSON.stringify(flags)}::jsonb)
                   WHERE id = ${id}`);
const upload = (s: Session, body: Buffer, query: string, path = '/api/knowledge_hub/files') =>
  s.agent.post(`${path}?${query}`).set('X-CSRF-Token', s.csrf).set('Content-Type', 'application/octet-stream').send(body);
const fileCount = async () => (await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM knowledge_files WHERE company_id = ${companyId}`)).n;
const passagesOf = async (id: number) => (await curator.get(`/api/knowledge_hub/files/${id}/passages`)).body as PassagePage;

/** Polls the file until its extraction ends, as the web page does. */
async function settled(id: number): Promise<KnowledgeFile> {
  let file: KnowledgeFile | undefined;
  await vi.waitFor(
    async () => {
      const res = await curator.get(`/api/knowledge_hub/files/${id}`);
      expect(res.status).toBe(200);
      file = res.body;
      expect(['done', 'failed']).toContain(file!.extraction);
    },
    { timeout: 30_000, interval: 50 },
  );
  return file!;
}

beforeAll(async () => {
  t = await testApp();
  companyId = await northwindId(t.db);
  curator = await signIn(t.app, 'curator@demo.test');
  seller = await signIn(t.app, 'seller@demo.test');
});
afterAll(() => t.drop());

describe('the demo files', () => {
  it('are seeded pending and all extract, with the pricing sheet’s rows and the deck’s notes found', async () => {
    const pending = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM knowledge_files WHERE company_id = ${companyId} AND extraction = 'pending'`);
    expect(pending.n).toBe(DEMO_FILES.length);
    expect(await sweepExtractions({ db: t.db })).toBe(DEMO_FILES.length);
    const page = (await curator.get('/api/knowledge_hub/files')).body as KnowledgeFilePage;
    expect(page.total).toBe(DEMO_FILES.length);
    expect(page.limit).toBe(KNOWLEDGE_HUB.filesPageSize);
    expect(page.items.filter((f) => f.extraction !== 'done').map((f) => [f.title, f.extractionError])).toEqual([]);
    const byTitle = new Map(page.items.map((f) => [f.title, f]));
    const pricing = await passagesOf(byTitle.get('Pricing sheet 2026')!.id);
    expect(pricing.items).toContainEqual(
      expect.objectContaining({ location: 'row', label: 'Plans', text: expect.stringContaining('Plan: Business · Product: Northwind Dashboards · Price: $55 / user / month') }),
    );
    const deck = await passagesOf(byTitle.get('Northwind pitch deck 2026')!.id);
    expect(deck.items).toContainEqual(expect.objectContaining({ location: 'notes', number: 3, text: expect.stringContaining('Lumenary has 90 connectors') }));
    const whitepaper = byTitle.get('Security whitepaper')!;
    expect(whitepaper.unitCount).toBe(12);
    expect((await passagesOf(whitepaper.id)).items).toContainEqual(expect.objectContaining({ location: 'page', number: 3, text: expect.stringContaining('US East (Virginia)') }));
    const board = byTitle.get('Board update: pricing strategy 2027')!;
    const executives = await one<{ id: number }>(sql`SELECT id FROM visibility_groups WHERE company_id = ${companyId} AND name = 'Executives'`);
    expect(board.visibilityGroupIds).toEqual([executives.id]);
    const sellerIn = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM visibility_group_members WHERE user_id = ${seller.me.id} AND visibility_group_id = ${executives.id}`);
    expect(sellerIn.n).toBe(0);
    expect(page.items.filter((f) => f.state === 'draft').length).toBeGreaterThanOrEqual(1);
  });
});

describe('upload and extraction', () => {
  let id: number;

  it('answers 202 with the file pending, then extracts it a page at a time', async () => {
    const products = await one<{ id: number }>(sql`SELECT min(id)::int AS id FROM products WHERE company_id = ${companyId}`);
    const res = await upload(curator, await pdfFile(['Helix saved 38% on Snowflake.', 'Brightwater embeds analytics for 600 clinics.']), `fileName=helix.pdf&title=Helix%20story&productId=${products.id}&state=approved`);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toMatchObject({ title: 'Helix story', fileName: 'helix.pdf', kind: 'pdf', productId: products.id, state: 'approved', version: 1, extraction: 'pending', passageCount: 0 });
    id = res.body.id;
    const stored = await one<{ sha256: string; size: number }>(sql`SELECT f.sha256, length(c.content)::int AS size FROM knowledge_files f JOIN knowledge_file_contents c ON c.file_id = f.id WHERE f.id = ${id}`);
    expect(stored.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.size).toBe(res.body.sizeBytes);
    const done = await settled(id);
    expect(done).toMatchObject({ extraction: 'done', extractionError: null, unitCount: 2, passageCount: 2 });
    expect((await passagesOf(id)).items).toEqual([
      { seq: 1, location: 'page', number: 1, label: null, text: 'Helix saved 38% on Snowflake.' },
      { seq: 2, location: 'page', number: 2, label: null, text: 'Brightwater embeds analytics for 600 clinics.' },
    ]);
  });

  it('lists with filters and finds by title', async () => {
    const list = async (q: string) => ((await curator.get(`/api/knowledge_hub/files?${q}`)).body as KnowledgeFilePage).items.map((f) => f.id);
    expect(await list('q=helix')).toEqual([id]);
    expect(await list('state=draft&q=helix')).toEqual([]);
    expect((await list('state=draft')).length).toBeGreaterThan(0);
    expect(await list('q=100%25')).toEqual([]);
  });

  it('a new version replaces the passages once it is extracted', async () => {
    const res = await upload(curator, await pptxFile([{ title: 'Helix, updated', bullets: ['42% saved'], notes: 'Updated in March.' }]), 'fileName=helix.pptx', `/api/knowledge_hub/files/${id}/version`);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toMatchObject({ version: 2, kind: 'pptx', fileName: 'helix.pptx', extraction: 'pending', title: 'Helix story' });
    expect(await settled(id)).toMatchObject({ extraction: 'done', version: 2, unitCount: 1, passageCount: 2 });
    expect((await passagesOf(id)).items.map((p) => [p.location, p.number, p.text])).toEqual([
      ['slide', 1, 'Helix, updated 42% saved'],
      ['notes', 1, 'Updated in March.'],
    ]);
  });

  it('an older version’s extraction finishing after a newer upload writes nothing', async () => {
    await t.db.execute(sql`UPDATE knowledge_files SET extraction = 'pending' WHERE id = ${id}`);
    const outcome = await extractFile({
      db: t.db,
      extract: async () => {
        // A new version arrives while this one is being read.
        await t.db.execute(sql`UPDATE knowledge_files SET version = version + 1, extraction = 'pending', updated_at = now() WHERE id = ${id}`);
        return { ok: true, unitCount: 1, passages: [{ seq: 1, location: 'page', number: 1, label: null, text: 'stale text' }] };
      },
    }, id);
    expect(outcome).toBe('stale');
    expect((await passagesOf(id)).items.map((p) => p.text)).not.toContain('stale text');
    expect(await extractFile({ db: t.db }, id)).toBe('done');
    expect((await passagesOf(id)).items.map((p) => p.text)).toEqual(['Helix, updated 42% saved', 'Updated in March.']);
  });

  it('takes again a running extraction whose worker went quiet, and leaves a fresh one alone', async () => {
    const stale = new Date(Date.now() - KNOWLEDGE_HUB.staleExtractionMs - 60_000).toISOString();
    await t.db.execute(sql`UPDATE knowledge_files SET extraction = 'running', extraction_started_at = ${stale}::timestamptz, passage_count = 0 WHERE id = ${id}`);
    await t.db.execute(sql`DELETE FROM knowledge_passages WHERE file_id = ${id}`);
    const fresh = (await upload(curator, Buffer.from('# Fresh\n\nBeing read right now.'), 'fileName=fresh.md')).body.id as number;
    await settled(fresh);
    await t.db.execute(sql`UPDATE knowledge_files SET extraction = 'running', extraction_started_at = now() WHERE id = ${fresh}`);
    expect(await sweepExtractions({ db: t.db })).toBe(1);
    expect(await settled(id)).toMatchObject({ extraction: 'done', passageCount: 2 });
    expect((await curator.get(`/api/knowledge_hub/files/${fresh}`)).body.extraction).toBe('running');
  });

  it('fails a password-protected Office file with a reason', async () => {
    const res = await upload(curator, encryptedOfficeFile(), 'fileName=locked.xlsx');
    expect(res.status).toBe(202);
    expect(res.body.kind).toBe('xlsx');
    expect(await settled(res.body.id)).toMatchObject({ extraction: 'failed', extractionError: 'the document is password-protected: upload a copy without a password', passageCount: 0 });
  });

  it('patches title, product, state and groups; refuses what is not the company’s', async () => {
    const group = await one<{ id: number }>(sql`SELECT id FROM visibility_groups WHERE company_id = ${companyId} AND name = 'Sales'`);
    const res = await curator.patch(`/api/knowledge_hub/files/${id}`, { title: 'Helix Logistics story', productId: null, state: 'draft', visibilityGroupIds: [group.id, group.id] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ title: 'Helix Logistics story', productId: null, state: 'draft', visibilityGroupIds: [group.id] });
    const otherGroup = await one<{ id: number }>(sql`INSERT INTO visibility_groups (company_id, name) SELECT id, 'Elsewhere' FROM companies WHERE id <> ${companyId} LIMIT 1 RETURNING id`);
    const bad = await curator.patch(`/api/knowledge_hub/files/${id}`, { visibilityGroupIds: [otherGroup.id] });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/visibilityGroupIds/);
    expect((await curator.patch(`/api/knowledge_hub/files/${id}`, {})).status).toBe(400);
    expect((await curator.get(`/api/knowledge_hub/files/${id}`)).body.visibilityGroupIds).toEqual([group.id]);
  });

  it('deletes a file with its passages', async () => {
    expect((await curator.delete(`/api/knowledge_hub/files/${id}`)).status).toBe(204);
    expect((await curator.get(`/api/knowledge_hub/files/${id}`)).status).toBe(404);
    expect((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM knowledge_passages WHERE file_id = ${id}`)).n).toBe(0);
    expect((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM knowledge_file_contents WHERE file_id = ${id}`)).n).toBe(0);
  });
});

describe('bad uploads write nothing', () => {
  it('415 for a PNG named .pdf, by its content', async () => {
    const before = await fileCount();
    const res = await upload(curator, Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex'), 'fileName=pricing.pdf');
    expect(res.status).toBe(415);
    expect(res.body.code).toBe('file_type_unsupported');
    expect(res.body.error).toMatch(/pricing\.pdf/);
    expect(await fileCount()).toBe(before);
  });

  it('413 over the cap', async () => {
    const before = await fileCount();
    const res = await upload(curator, Buffer.alloc(KNOWLEDGE_HUB.maxFileBytes + 1, 0x61), 'fileName=huge.txt');
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('file_too_large');
    expect(await fileCount()).toBe(before);
  });

  it('400 for a bad query, an empty body, or a product of another company', async () => {
    const before = await fileCount();
    const text = Buffer.from('Some words.');
    for (const [query, field] of [
      ['title=x', 'fileName'],
      ['fileName=a.txt&state=published', 'state'],
      ['fileName=a.txt&visibilityGroupIds=abc', 'visibilityGroupIds'],
      ['fileName=a.txt&productId=2147483000', 'productId'],
    ]) {
      const res = await upload(curator, text, query);
      expect(res.status, query).toBe(400);
      expect(res.body.error, query).toContain(field);
    }
    expect((await upload(curator, Buffer.alloc(0), 'fileName=empty.txt')).status).toBe(400);
    expect((await curator.get('/api/knowledge_hub/files?page=0')).status).toBe(400);
    expect(await fileCount()).toBe(before);
  });
});

describe('access', () => {
  it('consumers get 403; without the flag 403 knowledge_hub_off; another company 404', async () => {
    const own = (await upload(curator, Buffer.from('Ours.'), 'fileName=ours.txt')).body.id as number;
    expect((await seller.get('/api/knowledge_hub/files')).body.code).toBe('curators_only');
    expect((await upload(seller, Buffer.from('x'), 'fileName=x.txt')).status).toBe(403);
    const outsider = await signInOutsider(t);
    const other = await one<{ id: number }>(sql`SELECT id FROM companies WHERE name = 'Other Co'`);
    expect((await outsider.get(`/api/knowledge_hub/files/${own}`)).body.code).toBe('knowledge_hub_off');
    await setFlags(other.id, { knowledgeHub: true });
    expect((await outsider.get(`/api/knowledge_hub/files/${own}`)).status).toBe(404);
    expect((await outsider.delete(`/api/knowledge_hub/files/${own}`)).status).toBe(404);
    expect(((await outsider.get('/api/knowledge_hub/files')).body as KnowledgeFilePage).total).toBe(0);
    await setFlags(companyId, { knowledgeHub: false });
    const off = await upload(curator, Buffer.from('x'), 'fileName=x.txt');
    expect([off.status, off.body.code]).toEqual([403, 'knowledge_hub_off']);
    await setFlags(companyId, { knowledgeHub: true });
    expect((await curator.get(`/api/knowledge_hub/files/${own}`)).status).toBe(200);
  });
});

