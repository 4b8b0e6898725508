// The knowledge hub's own organization, products, checklist, positioning and variables (issue #58,
// contracts/knowledgeHub.ts): who may use them, the steps computed from what exists and confirmed, positioning drafted
// from approved files' passages (extractively, and by a local model server speaking the chat-completions stream),
// variables' keys unique per company; every read and write scoped to the caller's company.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { KnowledgeStep, PositioningStatement, StepsResponse } from '../../contracts/knowledgeHub.ts';
import { failStaleDrafts, runDraft } from '../../search-api/knowledgeHub/positioning.ts';
import { variableValues } from '../../documents/variables.ts';
import { hashPassword } from '../../server-shared/passwords.ts';
import { signIn, signInOutsider, testApp, type TestApp } from '../helpers/app.ts';
import { northwindId, sqlReads } from '../helpers/db.ts';

type Session = Awaited<ReturnType<typeof signIn>>;
let t: TestApp;
let companyId: number;
let org: number;
let curator: Session;
let seller: Session;
let outsider: Session;
let otherCompany: number;
const { one, rows } = sqlReads(() => t.db);

const setFlags = (id: number, flags: Record<string, boolean>) =>
  t.db.execute(sql`UPDATE companies SET company_data = company_data || jsonb_build_object('flags', coalesce(company_data->'flags', '{}') || ${JSON.stringify(flags)}::jsonb)
                   WHERE id = ${id}`);
const steps = async (s: Session, organizationId: number, query = ''): Promise<Record<string, KnowledgeStep>> => {
  const res = await s.get(`/api/organizations/${organizationId}/steps${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return Object.fromEntries((res.body as StepsResponse).steps.map((st) => [st.name, st]));
};
const insertFile = async (company: number, title: string, state: 'draft' | 'approved', extraction: string, error: string | null = null) =>
  (
    await one<{ id: number }>(sql`INSERT INTO knowledge_files (company_id, title, file_name, kind, state, size_bytes, sha256, extraction, extraction_error)
                                  VALUES (${company}, ${title}, ${`${title}.pdf`}, 'pdf', ${state}, 100, 'x', ${extraction}, ${error}) RETURNING id`)
  ).id;
const insertPassages = (fileId: number, company: number, texts: string[]) =>
  t.db.execute(sql`INSERT INTO knowledge_passages (company_id, file_id, seq, location, number, text)
                   SELECT ${company}, ${fileId}, n::int, 'page', n::int, x.t FROM unnest(${sql.param(texts)}::text[]) WITH ORDINALITY AS x(t, n)`);
/** Waits until the company's positioning draft has ended (it runs in-process: the test app has no job runner). */
const draftEnded = (s: Session, organizationId: number) =>
  vi.waitFor(async () => expect((await steps(s, organizationId, '?steps[]=positioning')).positioning.status).not.toBe('generating'), { timeout: 10_000, interval: 50 });

const model = { status: 200, answer: '', prompts: [] as string[] };
const modelServer = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    model.prompts.push((JSON.parse(body) as { messages: { content: string }[] }).messages.at(-1)!.content);
    if (model.status !== 200) return res.writeHead(model.status).end('{"error":{"message":"boom"}}');
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: model.answer.slice(0, 10) } }] })}\n\n`);
    res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: model.answer.slice(10) } }] })}\n\n`);
    res.end('data: [DONE]\n\n');
  });
});

beforeAll(async () => {
  await new Promise<void>((r) => modelServer.listen(0, '127.0.0.1', r));
  t = await testApp();
  companyId = await northwindId(t.db);
  org = (await one<{ id: number }>(sql`SELECT id FROM organizations WHERE company_id = ${companyId} AND is_own_organization`)).id;
  curator = await signIn(t.app, 'curator@demo.test');
  seller = await signIn(t.app, 'seller@demo.test');
  outsider = await signInOutsider(t);
  otherCompany = (await one<{ id: number }>(sql`SELECT id FROM companies WHERE name = 'Other Co'`)).id;
});
afterAll(async () => {
  await t.drop();
  await new Promise((r) => modelServer.close(r));
});

describe('who may use the hub', () => {
  it('answers consumers 403, a company without the flag 403, and another company’s things 404', async () => {
    expect((await seller.get('/api/knowledge_hub/variables')).body.code).toBe('curators_only');
    expect((await seller.get(`/api/organizations/${org}/steps`)).status).toBe(403);
    await setFlags(companyId, { knowledgeHub: false });
    try {
      const off = await curator.get('/api/knowledge_hub/positioning');
      expect([off.status, off.body.code]).toEqual([403, 'knowledge_hub_off']);
      expect((await curator.patch('/api/company/confirm_step.json?step=variables')).status).toBe(403);
      expect((await curator.post('/api/organizations', { name: 'Partner', isOwnOrganization: false })).body.code).toBe('knowledge_hub_off');
    } finally {
      await setFlags(companyId, { knowledgeHub: true });
    }
    await setFlags(otherCompany, { knowledgeHub: true });
    const statement = (await one<{ id: number }>(sql`SELECT id FROM positioning_statements WHERE company_id = ${companyId} LIMIT 1`)).id;
    const variable = (await one<{ id: number }>(sql`SELECT id FROM knowledge_variables WHERE company_id = ${companyId} LIMIT 1`)).id;
    expect((await outsider.post(`/api/knowledge_hub/positioning/${statement}/verify`)).status).toBe(404);
    expect((await outsider.put(`/api/knowledge_hub/variables/${variable}`, { key: 'x', label: 'X', value: '1' })).status).toBe(404);
    expect((await outsider.delete(`/api/knowledge_hub/positioning/${statement}`)).status).toBe(404);
    expect((await outsider.get(`/api/organizations/${org}/steps`)).body.code).toBe('organization_not_found');
    expect((await outsider.get('/api/knowledge_hub/variables')).body).toEqual([]);
    expect((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM positioning_statements WHERE id = ${statement}`)).n).toBe(1);
  });
});

describe('the own organization and its products', () => {
  it('is created by a curator with the hub, once per company', async () => {
    expect((await curator.get('/api/organizations/own.json')).body).toEqual({ id: org, name: 'Northwind Analytics', url: 'https://www.northwind.test', isOwnOrganization: true });
    const again = await curator.post('/api/organizations', { name: 'Northwind again', isOwnOrganization: true });
    expect([again.status, again.body.code]).toEqual([409, 'own_organization_exists']);

    // A curator of the other company (which has the hub, and no own organization yet) sets theirs up.
    expect((await outsider.get('/api/organizations/own.json')).body.code).toBe('organization_not_found');
    const user = await one<{ id: number }>(
      sql`INSERT INTO users (company_id, email, name, username, password_hash) VALUES (${otherCompany}, 'cura@other.test', 'Cura Other', 'cura', ${await hashPassword('other-password')}) RETURNING id`,
    );
    await t.db.execute(sql`INSERT INTO user_roles (company_id, user_id, role) VALUES (${otherCompany}, ${user.id}, 'curator')`);
    const otherCurator = await signIn(t.app, 'cura@other.test', 'other-password');
    expect((await otherCurator.post('/api/organizations', { name: 'Other Co', url: 'notaurl', isOwnOrganization: true })).status).toBe(400);
    const made = await otherCurator.post('/api/organizations', { name: 'Other Co', url: 'https://other.test', isOwnOrganization: true });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await otherCurator.get('/api/organizations/own.json')).body).toMatchObject({ id: made.body.id, name: 'Other Co' });
    expect((await otherCurator.post('/api/organizations', { name: 'Other twice', isOwnOrganization: true })).status).toBe(409);
    expect((await one<{ own: number }>(sql`SELECT own_organization_id AS own FROM companies WHERE id = ${otherCompany}`)).own).toBe(made.body.id);

    // Its products step cannot be confirmed before it has a product.
    const early = await otherCurator.patch(`/api/organizations/${made.body.id}/products/confirm`);
    expect([early.status, early.body.code, early.body.error]).toEqual([409, 'step_not_ready', 'The step products cannot be confirmed yet: add a product first']);
    expect((await otherCurator.post(`/api/organizations/${made.body.id}/products`, { name: 'Widget', description: 'Makes widgets.' })).status).toBe(201);
    expect((await steps(otherCurator, made.body.id)).products.status).toBe('pending');
    const confirmed = await otherCurator.patch(`/api/organizations/${made.body.id}/products/confirm`);
    expect(confirmed.body.steps.find((s: KnowledgeStep) => s.name === 'products').status).toBe('done');
    expect((await steps(otherCurator, made.body.id)).products.status).toBe('done');
    // Positioning is drafted from approved files: the other company has none.
    expect((await otherCurator.post('/api/knowledge_hub/positioning/draft')).body.code).toBe('positioning_no_files');
  });

  it('keeps products with descriptions, and the landing page reads them', async () => {
    const list = (await seller.get(`/api/organizations/${org}/products`)).body.products as { name: string; description: string | null }[];
    expect(list.find((p) => p.name === 'Northwind Dashboards')?.description).toMatch(/^Self-service dashboards/);
    const added = await curator.post(`/api/organizations/${org}/products`, { name: 'Northwind Lens', description: '  Looks closer.  ' });
    expect([added.status, added.body.description]).toEqual([201, 'Looks closer.']);
    // A rename without a description keeps it; a description of null clears it.
    expect((await curator.put(`/api/organizations/${org}/products/${added.body.id}`, { name: 'Northwind Lens 2' })).body).toEqual({ id: added.body.id, name: 'Northwind Lens 2', description: 'Looks closer.' });
    expect((await curator.put(`/api/organizations/${org}/products/${added.body.id}`, { name: 'Northwind Lens 2', description: null })).body.description).toBeNull();
    const long = await curator.post(`/api/organizations/${org}/products`, { name: 'Too long', description: 'x'.repeat(2_001) });
    expect([long.status, long.body.details[0].field]).toEqual([400, 'description']);
    expect((await curator.put(`/api/organizations/${org}/products/${added.body.id}`, { name: 'Northwind Embed', description: 'taken' })).status).toBe(409);
    expect((await one<{ description: string | null }>(sql`SELECT description FROM products WHERE id = ${added.body.id}`)).description).toBeNull();
    expect((await curator.delete(`/api/organizations/${org}/products/${added.body.id}`)).status).toBe(204);
  });
});

describe('the checklist', () => {
  it('shows the demo’s steps as seeded, only the asked ones when given', async () => {
    const all = await steps(curator, org);
    expect(Object.keys(all)).toEqual(['files', 'variables', 'products', 'positioning', 'done']);
    expect([all.variables.status, all.products.status, all.positioning.status, all.done.status]).toEqual(['done', 'done', 'pending', 'pending']);
    expect(Object.keys(await steps(curator, org, '?steps[]=positioning&steps[]=variables'))).toEqual(['variables', 'positioning']);
    expect(Object.keys(await steps(curator, org, '?steps=files'))).toEqual(['files']);
    expect((await curator.get(`/api/organizations/${org}/steps?steps[]=nope`)).status).toBe(400);
    expect((await curator.patch('/api/company/confirm_step.json?step=nope')).status).toBe(400);
    expect((await curator.get(`/api/organizations/${org + 100_000}/steps`)).status).toBe(404);
  });

  it('computes the files step from the files’ extraction, and confirms it only once a file is read', async () => {
    // From no file (the files the demo may seed go, and with them their passages: the drafts below read only this file's).
    await t.db.execute(sql`DELETE FROM knowledge_files WHERE company_id = ${companyId}`);
    await t.db.execute(sql`DELETE FROM knowledge_steps WHERE company_id = ${companyId} AND step = 'files'`);
    expect((await steps(curator, org)).files.status).toBe('not-started');
    const none = await curator.patch('/api/company/confirm_step.json?step=files');
    expect([none.status, none.body.code, none.body.error]).toEqual([409, 'step_not_ready', 'The step files cannot be confirmed yet: upload a file first']);
    const file = await insertFile(companyId, 'Pricing 2026', 'approved', 'running');
    expect((await steps(curator, org)).files.status).toBe('generating');
    await t.db.execute(sql`UPDATE knowledge_files SET extraction = 'failed', extraction_error = 'the PDF is encrypted' WHERE id = ${file}`);
    expect((await steps(curator, org)).files).toEqual({ name: 'files', status: 'error', error: 'Pricing 2026: the PDF is encrypted' });
    expect((await curator.patch('/api/company/confirm_step.json?step=files')).body.error).toMatch(/reading Pricing 2026 failed: the PDF is encrypted/);
    await t.db.execute(sql`UPDATE knowledge_files SET extraction = 'done', extraction_error = NULL WHERE id = ${file}`);
    expect((await steps(curator, org)).files.status).toBe('pending');
    const ok = await curator.patch('/api/company/confirm_step.json?step=files');
    expect(ok.status).toBe(200);
    expect(ok.body.steps.find((s: KnowledgeStep) => s.name === 'files').status).toBe('done');
    expect((await one<{ by: number }>(sql`SELECT confirmed_by AS by FROM knowledge_steps WHERE company_id = ${companyId} AND step = 'files'`)).by).toBe(curator.me.id);
    // The rest: positioning confirmed, then done is done.
    expect((await curator.patch('/api/company/confirm_step.json?step=done')).body.error).toMatch(/finish positioning first/);
    await curator.patch('/api/company/confirm_step.json?step=positioning');
    expect((await steps(curator, org)).done.status).toBe('done');
  });

  it('adds the competitors step with its flag: done once a rival is published and it is confirmed', async () => {
    await setFlags(companyId, { knowledgeHubCompetitorsStep: true });
    try {
      const before = await steps(curator, org);
      expect([before.competitors.status, before.done.status]).toEqual(['pending', 'pending']);
      expect((await curator.patch('/api/company/confirm_step.json?step=competitors')).status).toBe(200);
      expect((await steps(curator, org)).competitors.status).toBe('done');
    } finally {
      await setFlags(companyId, { knowledgeHubCompetitorsStep: false });
    }
    expect((await curator.patch('/api/company/confirm_step.json?step=competitors')).body.code).toBe('step_not_ready');
  });
});

describe('positioning', () => {
  it('lists the seeded statements by kind, and is written, verified and deleted by curators', async () => {
    const list = (await curator.get('/api/knowledge_hub/positioning')).body as PositioningStatement[];
    expect(list.map((s) => s.kind)).toEqual(['value_proposition', 'ideal_customer', ...Array(4).fill('differentiator'), ...Array(4).fill('proof_point')]);
    expect(list.filter((s) => s.owner !== null)).toHaveLength(10);

    const badOwner = await curator.post('/api/knowledge_hub/positioning', { kind: 'differentiator', text: 'Fast.', ownerId: seller.me.id });
    expect([badOwner.status, badOwner.body.details[0].field]).toEqual([400, 'ownerId']);
    expect((await curator.post('/api/knowledge_hub/positioning', { kind: 'differentiator', text: 'Fast.', ownerId: outsider.me.id })).status).toBe(400);
    expect((await curator.post('/api/knowledge_hub/positioning', { kind: 'slogan', text: 'Fast.' })).body.details[0].field).toBe('kind');
    expect((await curator.post('/api/knowledge_hub/positioning', { kind: 'differentiator', text: ' ' })).body.details[0].field).toBe('text');
    const count = (await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM positioning_statements WHERE company_id = ${companyId}`)).n;
    expect(count).toBe(10);

    const made = await curator.post('/api/knowledge_hub/positioning', { kind: 'differentiator', text: 'Answers cite their sources.' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ kind: 'differentiator', position: 4, owner: { id: curator.me.id }, lastVerifiedAt: null, sources: [] });
    const admin = (await one<{ id: number }>(sql`SELECT id FROM users WHERE email = 'admin@demo.test'`)).id;
    const changed = await curator.put(`/api/knowledge_hub/positioning/${made.body.id}`, { kind: 'differentiator', text: 'Every answer cites its sources.', ownerId: admin });
    expect(changed.body).toMatchObject({ text: 'Every answer cites its sources.', owner: { id: admin }, position: 4 });
    const before = Date.now();
    const verified = await curator.post(`/api/knowledge_hub/positioning/${made.body.id}/verify`);
    expect(new Date(verified.body.lastVerifiedAt).getTime()).toBeGreaterThanOrEqual(before - 5_000);
    expect((await curator.delete(`/api/knowledge_hub/positioning/${made.body.id}`)).status).toBe(204);
    expect((await curator.put(`/api/knowledge_hub/positioning/${made.body.id}`, { kind: 'differentiator', text: 'x' })).body.code).toBe('positioning_not_found');
  });

  it('drafts statements extractively from approved files’ passages, replacing only drafted ones nobody verified', async () => {
    const file = await insertFile(companyId, 'Pitch deck', 'approved', 'done');
    await insertPassages(file, companyId, [
      'Northwind helps every team make decisions faster without waiting on analysts.',
      'It is built for mid-market companies with a small central data team.',
      'Over 2,400 customers such as Harbor Bank rely on it. Unlike per-seat tools, viewers are free.',
    ]);
    const hidden = await insertFile(companyId, 'Draft notes', 'draft', 'done');
    await insertPassages(hidden, companyId, ['Our secret plan is the only platform to win every deal by 300% soon.']);
    // Two earlier drafted statements: one verified since (it stays), one not (it goes).
    await t.db.execute(sql`INSERT INTO positioning_statements (company_id, organization_id, kind, text, sources, last_verified_at)
                           VALUES (${companyId}, ${org}, 'proof_point', 'Old unverified draft', ARRAY[${`${file}:1`}], NULL),
                                  (${companyId}, ${org}, 'proof_point', 'Old verified draft', ARRAY[${`${file}:1`}], now())`);

    const res = await curator.post('/api/knowledge_hub/positioning/draft');
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect((res.body as StepsResponse).steps.find((s) => s.name === 'positioning')?.status).toBe('generating');
    await draftEnded(curator, org);

    const list = (await curator.get('/api/knowledge_hub/positioning')).body as PositioningStatement[];
    const texts = list.map((s) => s.text);
    expect(texts).toContain('Old verified draft');
    expect(texts).not.toContain('Old unverified draft');
    expect(texts.filter((x) => /secret plan/.test(x))).toEqual([]);
    const drafted = list.filter((s) => s.sources.length > 0 && s.lastVerifiedAt === null);
    expect(drafted.map((s) => [s.kind, s.text, s.sources])).toEqual([
      ['value_proposition', 'Northwind helps every team make decisions faster without waiting on analysts.', [{ fileId: file, seq: 1, citation: 'Pitch deck, page 1' }]],
      ['ideal_customer', 'It is built for mid-market companies with a small central data team.', [{ fileId: file, seq: 2, citation: 'Pitch deck, page 2' }]],
      ['differentiator', 'Unlike per-seat tools, viewers are free.', [{ fileId: file, seq: 3, citation: 'Pitch deck, page 3' }]],
      ['proof_point', 'Over 2,400 customers such as Harbor Bank rely on it.', [{ fileId: file, seq: 3, citation: 'Pitch deck, page 3' }]],
    ]);
    // The seeded statements (nobody drafted them) are all still there.
    expect(list.filter((s) => s.sources.length === 0 && s.owner !== null)).toHaveLength(10);
    expect((await rows(sql`SELECT 1 FROM positioning_drafts WHERE company_id = ${companyId}`)).length).toBe(0);
  });

  it('refuses a second draft while one runs, fails a stale one, and drafts again after', async () => {
    await t.db.execute(sql`INSERT INTO positioning_drafts (company_id, state) VALUES (${companyId}, 'running')`);
    expect((await steps(curator, org)).positioning.status).toBe('generating');
    expect((await curator.post('/api/knowledge_hub/positioning/draft')).body.code).toBe('positioning_draft_running');
    expect((await curator.patch('/api/company/confirm_step.json?step=positioning')).body.error).toMatch(/a positioning draft is being written/);
    expect(await failStaleDrafts(t.db)).toBe(0);
    await t.db.execute(sql`UPDATE positioning_drafts SET started_at = now() - interval '1 hour' WHERE company_id = ${companyId}`);
    expect(await failStaleDrafts(t.db)).toBe(1);
    expect((await steps(curator, org)).positioning).toEqual({ name: 'positioning', status: 'error', error: 'the draft stopped before it ended; draft again' });
    expect((await curator.post('/api/knowledge_hub/positioning/draft')).status).toBe(202);
    await draftEnded(curator, org);
    expect((await steps(curator, org)).positioning.status).not.toBe('error');
  });

  it('drafts with the model Ask uses, citing the passages it was given; a failing model leaves the step in error', async () => {
    const llm = { baseUrl: `http://127.0.0.1:${(modelServer.address() as AddressInfo).port}/v1`, model: 'test-model' };
    const given = await rows<{ fileId: number; seq: number }>(
      sql`SELECT p.file_id AS "fileId", p.seq FROM knowledge_passages p JOIN knowledge_files f ON f.id = p.file_id
          WHERE f.company_id = ${companyId} AND f.state = 'approved' ORDER BY f.updated_at DESC, f.id, p.seq`,
    );
    const n = given.length;
    model.answer = `VALUE: Decisions in minutes for every team [1].\nPROOF: Trusted by Harbor Bank [${n}][${n + 4}].\nDIFFERENTIATOR: Uncited claims are dropped.`;
    model.prompts.length = 0;
    await t.db.execute(sql`INSERT INTO positioning_drafts (company_id, state) VALUES (${companyId}, 'running')`);
    await runDraft({ db: t.db, llm }, companyId);
    expect(model.prompts[0]).toContain('Northwind helps every team make decisions faster');
    expect(model.prompts[0]).not.toContain('secret plan');
    const drafted = ((await curator.get('/api/knowledge_hub/positioning')).body as PositioningStatement[]).filter((s) => s.sources.length && !s.lastVerifiedAt);
    expect(drafted.map((s) => [s.kind, s.text, s.sources.map((x) => `${x.fileId}:${x.seq}`)])).toEqual([
      ['value_proposition', 'Decisions in minutes for every team.', [`${given[0].fileId}:${given[0].seq}`]],
      ['proof_point', 'Trusted by Harbor Bank.', [`${given[n - 1].fileId}:${given[n - 1].seq}`]],
    ]);
    expect((await steps(curator, org)).positioning.status).not.toBe('generating');

    model.status = 500;
    try {
      await t.db.execute(sql`INSERT INTO positioning_drafts (company_id, state) VALUES (${companyId}, 'running')`);
      await runDraft({ db: t.db, llm }, companyId);
      const step = (await steps(curator, org)).positioning;
      expect(step.status).toBe('error');
      expect(step.error).toMatch(/The model answered 500/);
      // What was drafted before stays.
      expect(((await curator.get('/api/knowledge_hub/positioning')).body as PositioningStatement[]).map((s) => s.text)).toContain('Trusted by Harbor Bank.');
    } finally {
      model.status = 200;
      await t.db.execute(sql`DELETE FROM positioning_drafts WHERE company_id = ${companyId}`);
    }
  });
});

describe('variables', () => {
  it('lists the seeded ones by key, and keeps keys unique per company', async () => {
    const list = (await curator.get('/api/knowledge_hub/variables')).body as { key: string }[];
    expect(list).toHaveLength(12);
    expect(list.map((v) => v.key)).toEqual([...list.map((v) => v.key)].sort());
    const made = await curator.post('/api/knowledge_hub/variables', { key: 'partner_count', label: 'Partners', value: ' 85 ' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ key: 'partner_count', label: 'Partners', value: '85', updatedBy: { id: curator.me.id } });
    const dup = await curator.post('/api/knowledge_hub/variables', { key: 'customer_count', label: 'Again', value: '1' });
    expect([dup.status, dup.body.code, dup.body.error]).toEqual([409, 'variable_key_taken', 'A variable with the key customer_count exists already']);
    for (const [body, field] of [
      [{ key: 'Customer Count', label: 'X', value: '1' }, 'key'],
      [{ key: '1st', label: 'X', value: '1' }, 'key'],
      [{ key: 'ok_key', label: '', value: '1' }, 'label'],
      [{ key: 'ok_key', label: 'X', value: 'x'.repeat(501) }, 'value'],
    ] as const) {
      const res = await curator.post('/api/knowledge_hub/variables', body);
      expect([res.status, res.body.details[0].field], JSON.stringify(body)).toEqual([400, field]);
    }
    expect((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM knowledge_variables WHERE key = 'ok_key'`)).n).toBe(0);

    const renamed = await curator.put(`/api/knowledge_hub/variables/${made.body.id}`, { key: 'customer_count', label: 'Partners', value: '85' });
    expect(renamed.body.code).toBe('variable_key_taken');
    const changed = await curator.put(`/api/knowledge_hub/variables/${made.body.id}`, { key: 'partner_count', label: 'Partners', value: '90' });
    expect(changed.body.value).toBe('90');
    expect((await variableValues(t.db, companyId)).get('partner_count')).toBe('90');
    expect((await variableValues(t.db, otherCompany)).has('partner_count')).toBe(false);
    // Another company may use the same key.
    expect((await outsider.post('/api/knowledge_hub/variables', { key: 'partner_count', label: 'Partners', value: '3' })).status).toBe(201);
    expect((await curator.delete(`/api/knowledge_hub/variables/${made.body.id}`)).status).toBe(204);
    expect((await curator.delete(`/api/knowledge_hub/variables/${made.body.id}`)).body.code).toBe('variable_not_found');
  });
});
