// The company landing page (issue #28) over the demo data: sections generated per reader's scope by the
// landingGeneration job (a seller never reads a sentence drawn from, or a citation to, a card only curators see),
// regenerated when what they stand on changes and not on a plain view, failures and retry, the What's-new summary,
// the same page read by an English and a German reader, curated sections, the profile settings with the product
// filter, organizations' products, and access.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedSection, LandingPage, UpdateSummariesResponse } from '../../contracts/landing.ts';
import { runJob, type JobHandler } from '../../search-api/jobs/store.ts';
import { landingGenerationJob } from '../../search-api/landing/generate.ts';
import { cardVisibleSql } from '../../search-api/visibility/index.ts';
import { htmlToText } from '../../server-shared/htmlText.ts';
import { signIn, signInOutsider, testApp, type TestApp } from '../helpers/app.ts';
import { northwindId, sqlReads } from '../helpers/db.ts';

let t: TestApp;
type Session = Awaited<ReturnType<typeof signIn>>;
let curator: Session;
let seller: Session;
let outsider: Session;
let companyId: number;
let lumenary: { id: number; profileId: number };
let handlers: { landingGeneration: JobHandler };
const { rows, one } = sqlReads(() => t.db);

/** A curators-only card on Lumenary's first lane, worded to be the best answer to "where are they weak". */
const SECRET = 'Lumenary is weak at zeppelin-grade gaps and limitations that only curators should read about';

beforeAll(async () => {
  t = await testApp();
  curator = await signIn(t.app, 'curator@demo.test');
  seller = await signIn(t.app, 'seller@demo.test');
  outsider = await signInOutsider(t);
  companyId = await northwindId(t.db);
  lumenary = await one(sql`SELECT r.id, p.id AS "profileId" FROM rivals r JOIN profiles p ON p.rival_id = r.id WHERE r.company_id = ${companyId} AND r.name = 'Lumenary'`);
  handlers = { landingGeneration: landingGenerationJob(t.db, { llm: null }) };
  await t.db.execute(sql`
    INSERT INTO cards (company_id, board_id, name, text_html, is_draft)
    SELECT ${companyId}, b.id, 'Where Lumenary is weak (draft)', ${`<p>${SECRET}.</p>`}, true
    FROM boards b WHERE b.profile_id = ${lumenary.profileId} AND b.name = 'Strengths & Weaknesses'`);
});
afterAll(() => t.drop());

const page = async (s: Session, query = ''): Promise<LandingPage> => {
  const res = await s.get(`/api/overviews/${lumenary.id}/landing_page.json${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const queuedJobs = () => rows<{ id: number }>(sql`SELECT id FROM jobs WHERE state = 'queued' AND kind = 'landingGeneration' ORDER BY id`);
async function runQueued(custom: Partial<typeof handlers> = {}) {
  for (const { id } of await queuedJobs()) await runJob(t.db, id, { ...handlers, ...custom });
}
const section = (p: LandingPage, type: GeneratedSection['sectionType']) => p.generated.sections.find((s) => s.sectionType === type)!;
/** Generates the reader's page and answers it. */
async function generated(s: Session): Promise<LandingPage> {
  await page(s);
  await runQueued();
  return page(s);
}
/** The ids of the cards the given user may see on Lumenary, by the visibility rule's SQL (search-api/visibility). */
async function visibleCardIds(email: string): Promise<Set<number>> {
  const u = await one<{ id: number; curator: boolean; groups: number[] }>(sql`
    SELECT u.id, EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id AND r.role IN ('curator', 'admin')) AS curator,
      coalesce((SELECT array_agg(visibility_group_id) FROM visibility_group_members m WHERE m.user_id = u.id), '{}') AS groups
    FROM users u WHERE u.email = ${email}`);
  const ids = await rows<{ id: number }>(sql`SELECT c.id FROM cards c JOIN boards b ON b.id = c.board_id
    WHERE b.profile_id = ${lumenary.profileId} AND ${cardVisibleSql({ companyId, curator: u.curator, visibilityGroupIds: u.groups, previewGroupId: null })}`);
  return new Set(ids.map((r) => r.id));
}

describe('generated sections', () => {
  it('queues the sections on a first view, then shows them composed and cited once the job ran', async () => {
    const first = await page(seller);
    for (const s of first.generated.sections) expect(['queued', 'in_progress']).toContain(s.status);
    expect(await queuedJobs()).toHaveLength(1);
    await runQueued();
    const done = await page(seller);
    for (const type of ['overview', 'how_we_compare'] as const) {
      const s = section(done, type);
      expect(s.status).toBe('succeeded');
      expect(s.data!.citations.length).toBeGreaterThan(2);
      // Every [n] in the text points at a listed citation, and every citation is used.
      const refs = new Set([...s.data!.markdown.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1])));
      expect([...refs].sort((a, b) => a - b)).toEqual(s.data!.citations.map((c) => c.n));
      expect(s.data!.uses_private_sources).toBe(true);
    }
    expect(section(done, 'how_we_compare').data!.markdown).toMatch(/### Where Lumenary is (strong|weak)/);
    expect(section(done, 'overview').data!.markdown).toMatch(/\*\*Key facts:\*\*/);
  });

  it('queues one job when views arrive at once after a change, and none of them reads as failed', async () => {
    const { id } = await one<{ id: number }>(sql`SELECT id FROM rivals WHERE company_id = ${companyId} AND name = 'Quantive Labs'`);
    const profileId = (await one<{ id: number }>(sql`SELECT id FROM profiles WHERE rival_id = ${id}`)).id;
    const views = () =>
      Promise.all(
        Array.from({ length: 24 }, (_, i) => (i % 2 ? seller.get(`/api/overviews/${id}/landing_page.json`) : seller.get(`/api/profiles/${profileId}/update_summaries`))),
      );
    const statusesOf = (answers: Awaited<ReturnType<typeof views>>) =>
      new Set(answers.flatMap((a) => (a.body.generated ? a.body.generated.sections.map((s: GeneratedSection) => s.status) : a.body.updateSummaries.map((s: { status: string }) => s.status))));
    for (const change of [null, sql`UPDATE profiles SET public_sources_enabled = false WHERE id = ${profileId}`, sql`UPDATE profiles SET public_sources_enabled = true WHERE id = ${profileId}`]) {
      if (change) await t.db.execute(change);
      const before = (await queuedJobs()).length;
      expect(statusesOf(await views())).toEqual(new Set(['queued']));
      expect((await queuedJobs()).length).toBe(before + 1);
      await runQueued();
    }
  });

  it('answers every view and refresh while the job writes the sections (no lock cycle between them)', async () => {
    // A view that finds its sections stale locks them; the job locks each as it writes it. Taken in different
    // orders, the two deadlocked now and then, and PostgreSQL aborted the view with a 500. The orders differ once
    // the table is large enough for the view to lock through its unique index: many readers' scopes, as in a company.
    await t.db.execute(sql`
      INSERT INTO landing_sections (company_id, profile_id, scope, section_type)
      SELECT ${companyId}, ${lumenary.profileId}, 'other-scope-' || n, t FROM generate_series(1, 400) n, unnest(ARRAY['overview', 'how_we_compare']) t`);
    await t.db.execute(sql`ANALYZE landing_sections`);
    for (let round = 0; round < 20; round++) {
      const writing = (async () => {
        for (let i = 0; i < 6; i++) {
          await runQueued();
          await new Promise((r) => setTimeout(r, 2));
        }
      })();
      const answers = await Promise.all([
        curator.post(`/api/landing_pages/${lumenary.profileId}.json`),
        ...Array.from({ length: 10 }, (_, i) => ((i % 2 ? seller : curator).get(`/api/overviews/${lumenary.id}/landing_page.json`))),
        curator.post(`/api/landing_pages/${lumenary.profileId}.json`),
      ]);
      await writing;
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    }
    await runQueued();
    await t.db.execute(sql`DELETE FROM landing_sections WHERE scope LIKE 'other-scope-%'`);
  });

  it('tells the reader nothing when their sections are made (it is upkeep, not work they started)', async () => {
    await t.db.execute(sql`UPDATE landing_sections SET sources_key = NULL WHERE profile_id = ${lumenary.profileId}`);
    await generated(seller);
    const jobs = await rows<{ id: number }>(sql`SELECT id FROM jobs WHERE kind = 'landingGeneration' AND state = 'completed' AND user_id = ${seller.me.id}`);
    expect(jobs.length).toBeGreaterThan(0);
    expect(await rows(sql`SELECT id FROM notifications WHERE kind = 'job' AND target_id = ANY(${sql.param(jobs.map((j) => j.id))}::int[])`)).toEqual([]);
  });

  it('does not regenerate on a plain view', async () => {
    const before = await rows(sql`SELECT id FROM jobs WHERE kind = 'landingGeneration'`);
    const again = await page(seller);
    expect(again.generated.sections.map((s) => s.status)).toEqual(['succeeded', 'succeeded']);
    expect(await rows(sql`SELECT id FROM jobs WHERE kind = 'landingGeneration'`)).toHaveLength(before.length);
  });

  it('gives a seller and a curator each their own scope: the seller never reads or cites a curators-only card', async () => {
    const sellerPage = await page(seller);
    const curatorPage = await generated(curator);
    const sellerSees = await visibleCardIds('seller@demo.test');
    const curatorSees = await visibleCardIds('curator@demo.test');
    const secretId = (await one<{ id: number }>(sql`SELECT id FROM cards WHERE name = 'Where Lumenary is weak (draft)'`)).id;
    expect(sellerSees.has(secretId)).toBe(false);
    for (const s of sellerPage.generated.sections) {
      expect(s.data!.markdown).not.toContain('zeppelin');
      for (const c of s.data!.citations.filter((x) => x.type === 'card')) expect(sellerSees.has(c.id), c.title).toBe(true);
    }
    const curatorCompare = section(curatorPage, 'how_we_compare').data!;
    expect(curatorCompare.markdown).toContain('zeppelin');
    expect(curatorCompare.citations.some((c) => c.type === 'card' && c.id === secretId)).toBe(true);
    for (const s of curatorPage.generated.sections) for (const c of s.data!.citations.filter((x) => x.type === 'card')) expect(curatorSees.has(c.id)).toBe(true);
  });

  it('regenerates when a source changes, keeping the previous text meanwhile', async () => {
    // The fact sheet the overview opens with (its first citation) now says something new.
    const sheet = section(await page(seller), 'overview').data!.citations[0];
    expect(sheet.type).toBe('card');
    await t.db.execute(sql`UPDATE cards SET text_html = replace(text_html, ' sells ', ' sells quokka-powered '), updated_at = now() WHERE id = ${sheet.id}`);
    const stale = await page(seller);
    const overview = section(stale, 'overview');
    expect(overview.status).toBe('queued');
    expect(overview.data!.markdown).not.toContain('quokka');
    await runQueued();
    expect(section(await page(seller), 'overview').data!.markdown).toContain('quokka');
  });

  it('shows a failed generation as failed until retried with retryFailed', async () => {
    await t.db.execute(sql`UPDATE profiles SET public_sources_enabled = NOT public_sources_enabled WHERE id = ${lumenary.profileId}`);
    await page(seller);
    const failing: JobHandler = { run: async () => Promise.reject(new Error('the generator broke')) };
    await runQueued({ landingGeneration: failing });
    const failed = await page(seller);
    expect(failed.generated.sections.map((s) => s.status)).toEqual(['failed', 'failed']);
    expect(section(failed, 'overview').error).toBeTruthy();
    expect(await queuedJobs()).toHaveLength(0);
    const retried = await page(seller, '?retryFailed=true');
    expect(retried.generated.sections.map((s) => s.status)).toEqual(['queued', 'queued']);
    await runQueued();
    expect((await page(seller)).generated.sections.map((s) => s.status)).toEqual(['succeeded', 'succeeded']);
    await t.db.execute(sql`UPDATE profiles SET public_sources_enabled = NOT public_sources_enabled WHERE id = ${lumenary.profileId}`);
  });

  it('lets curators refresh every section, and nobody else', async () => {
    expect((await seller.post(`/api/landing_pages/${lumenary.profileId}.json`)).status).toBe(403);
    const refreshed = await curator.post(`/api/landing_pages/${lumenary.profileId}.json`);
    expect(refreshed.status).toBe(200);
    expect((refreshed.body as LandingPage).generated.sections.map((s) => s.status)).toEqual(['queued', 'queued']);
    // The seller's scope is made again on its next view.
    expect(section(await page(seller), 'overview').status).toBe('queued');
    await runQueued();
  });
});

describe('in the reader’s language', () => {
  /** The citations of a page's sections: the same sources, whatever the language. */
  const cited = (p: LandingPage) => p.generated.sections.map((s) => s.data!.citations.map((c) => `${c.type}:${c.id}`));

  it('writes the same page for an English and a German reader of one scope, each in their language, made once for each', async () => {
    const english = await generated(seller);
    // A German reader in the seller's scope: the seller, once their language is German.
    await t.db.execute(sql`UPDATE users SET language = 'de' WHERE id = ${seller.me.id}`);
    try {
      const first = await page(seller);
      // The German sections are made on the German reader's first view; the English ones stay as they are.
      for (const s of first.generated.sections) expect(['queued', 'in_progress']).toContain(s.status);
      await runQueued();
      const deutsch = await page(seller);
      expect(deutsch.generated.sections.map((s) => s.status)).toEqual(['succeeded', 'succeeded']);
      const overview = section(deutsch, 'overview').data!.markdown;
      expect(overview).toContain('**Eckdaten:**');
      expect(overview).not.toContain('**Key facts:**');
      expect(section(deutsch, 'how_we_compare').data!.markdown).toMatch(/### Wo Lumenary (stark|schwach) ist/);
      expect(section(english, 'overview').data!.markdown).toContain('**Key facts:**');
      // Drawn from the same sources, cited the same.
      expect(cited(deutsch)).toEqual(cited(english));
      // What's new too.
      const [summary] = ((await seller.get(`/api/profiles/${lumenary.profileId}/update_summaries`)).body as UpdateSummariesResponse).updateSummaries;
      expect(summary.status).toBe('succeeded');
      expect(summary.content).toMatch(/in den letzten 30 Tagen/);
      // The seller's scope (the only one read in German) holds its sections once in each language.
      const scopes = await rows<{ language: string; n: number }>(
        sql`SELECT language, count(*)::int AS n FROM landing_sections
            WHERE profile_id = ${lumenary.profileId} AND scope IN (SELECT scope FROM landing_sections WHERE language = 'de')
            GROUP BY language ORDER BY language`,
      );
      expect(scopes).toEqual([
        { language: 'de', n: 3 },
        { language: 'en', n: 3 },
      ]);
    } finally {
      await t.db.execute(sql`UPDATE users SET language = 'en' WHERE id = ${seller.me.id}`);
    }
    // Back in English, the seller reads the English sections as they were, with no job queued.
    expect(await queuedJobs()).toHaveLength(0);
    const again = await page(seller);
    expect(section(again, 'overview').data!.markdown).toBe(section(english, 'overview').data!.markdown);
    expect(await queuedJobs()).toHaveLength(0);
  });
});

describe('what the sections say', () => {
  /** The sentences a section quotes, block by block, each with the [n] of its source (labels and bullets left out). */
  const quoted = (markdown: string) =>
    markdown.split('\n\n').map((block) =>
      [...block.matchAll(/([^[\]\n]+?)\s*\[(\d+)\]/g)].map((m) => ({ sentence: m[1].replace(/^\s*(- )?(\*\*[^*]+\*\* )?/, '').trim(), n: Number(m[2]) })),
    );
  const cardText = async (id: number) => htmlToText((await one<{ text_html: string }>(sql`SELECT text_html FROM cards WHERE id = ${id}`)).text_html);

  it('keeps the steps of a card in the card’s own order (a talk track reads Acknowledge, Reframe, Prove)', async () => {
    const s = section(await generated(seller), 'how_we_compare');
    let pairs = 0;
    for (const block of quoted(s.data!.markdown)) {
      for (const c of s.data!.citations.filter((x) => x.type === 'card')) {
        const text = await cardText(c.id);
        const at = block.filter((q) => q.n === c.n).map((q) => text.indexOf(q.sentence)).filter((i) => i >= 0);
        pairs += Math.max(0, at.length - 1);
        expect(at, `${c.title} in "${block.map((q) => q.sentence).join(' ')}"`).toEqual([...at].sort((a, b) => a - b));
      }
    }
    expect(pairs).toBeGreaterThan(0);
  });

  it('says why we win and why we lose apart, and never gives a loss as a reason we win', async () => {
    const md = section(await generated(seller), 'how_we_compare').data!.markdown;
    const themes = md.split('### Win and loss themes\n\n')[1]?.split('\n\n')[0];
    expect(themes, md).toBeDefined();
    const lines = themes!.split('\n');
    for (const l of lines) expect(l).toMatch(/^- \*\*Why we (win|lose):\*\* /);
    const wins = lines.filter((l) => l.startsWith('- **Why we win:**'));
    expect(wins.length).toBeGreaterThan(0);
    for (const l of wins) expect(l).not.toMatch(/\b(lose|loses|losing|lost|loss|losses)\b/i);
  });

  it('lists in What’s new only intel about the rival: an item tagged for several rivals names it', async () => {
    // The demo has published items about another rival that are tagged for Lumenary too.
    const [{ n }] = await rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM intel_items i JOIN intel_rivals ir ON ir.intel_id = i.id AND ir.rival_id = ${lumenary.id}
      WHERE i.published_at > now() - interval '30 days' AND (SELECT count(*) FROM intel_rivals o WHERE o.intel_id = i.id) > 1
        AND strpos(lower(concat_ws(' ', i.title, i.summary, i.body)), 'lumenary') = 0`);
    expect(n).toBeGreaterThan(0);
    const summaries = async () => ((await seller.get(`/api/profiles/${lumenary.profileId}/update_summaries`)).body as UpdateSummariesResponse).updateSummaries;
    await summaries();
    await runQueued();
    const [summary] = await summaries();
    expect(summary.status).toBe('succeeded');
    const intel = summary.citations.filter((c) => c.type === 'intel');
    expect(intel.length).toBeGreaterThan(0);
    for (const c of intel) {
      const i = await one<{ text: string }>(sql`SELECT concat_ws(' ', curated_title, title, summary, body) AS text FROM intel_items WHERE id = ${c.id}`);
      expect(i.text, c.title).toMatch(/Lumenary/i);
    }
  });
});

describe("what's new", () => {
  it('summarises the intel published and the cards changed in the last 30 days, citing them', async () => {
    const intel = await one<{ id: number }>(sql`
      INSERT INTO intel_items (company_id, channel, title, summary, permalink, state, published_at)
      VALUES (${companyId}, 'rss', 'Lumenary launches a walrus analytics suite', 'Lumenary announced a walrus suite for retail analytics teams this week.',
              'https://news.example/lumenary-walrus', 'archived', now())
      RETURNING id`);
    await t.db.execute(sql`INSERT INTO intel_rivals (company_id, intel_id, rival_id) VALUES (${companyId}, ${intel.id}, ${lumenary.id})`);
    await t.db.execute(sql`INSERT INTO intel_items (company_id, channel, title, state) VALUES (${companyId}, 'rss', 'Lumenary walrus rumour never published', 'unprocessed')`);
    const get = async () => (await seller.get(`/api/profiles/${lumenary.profileId}/update_summaries`)).body as UpdateSummariesResponse;
    expect((await get()).updateSummaries[0].status).toBe('queued');
    await runQueued();
    const [summary] = (await get()).updateSummaries;
    expect(summary).toMatchObject({ bucket: 'L30D', status: 'succeeded' });
    expect(summary.content).toContain('walrus analytics suite');
    expect(summary.content).not.toContain('rumour');
    expect(summary.content).toMatch(/cards? changed in the last 30 days/);
    expect(summary.citations).toContainEqual(expect.objectContaining({ type: 'intel', id: intel.id, url: 'https://news.example/lumenary-walrus' }));
  });
});

describe('the page around the sections', () => {
  it('has the header, battlecards, insights and favorites for the reader', async () => {
    const p = await page(seller);
    expect(p).toMatchObject({ profileId: lumenary.profileId, sharePath: `/company/${lumenary.id}/profile/${lumenary.profileId}`, settings: null });
    expect(p.rival).toMatchObject({ id: lumenary.id, name: 'Lumenary' });
    expect(p.battlecards.length).toBeGreaterThan(0);
    expect(p.insights!.strengths.length + p.insights!.weaknesses.length).toBeGreaterThan(0);
    // The share link's shape answers the same page.
    expect((await seller.get(`/api/profiles/${lumenary.profileId}/landing_page.json`)).body.rival.id).toBe(lumenary.id);
    expect((await page(curator)).settings).toMatchObject({ id: lumenary.profileId, publicSourcesEnabled: true });
  });

  it('keeps curated sections to cards of the profile, showing each reader only those they may see', async () => {
    const cards = await rows<{ id: number; is_draft: boolean }>(sql`SELECT c.id, c.is_draft FROM cards c JOIN boards b ON b.id = c.board_id
      WHERE b.profile_id = ${lumenary.profileId} AND b.name <> 'Scratchpad' AND (c.is_draft OR c.all_access) ORDER BY c.is_draft DESC, c.id LIMIT 3`);
    const draft = cards.find((c) => c.is_draft)!.id;
    const open = cards.filter((c) => !c.is_draft).map((c) => c.id);
    const url = `/api/profiles/${lumenary.profileId}/landing_page/curated/strengths`;
    expect((await seller.put(url, { cardIds: open })).status).toBe(403);
    const other = await one<{ id: number }>(sql`SELECT c.id FROM cards c JOIN boards b ON b.id = c.board_id WHERE b.profile_id <> ${lumenary.profileId} AND c.company_id = ${companyId} LIMIT 1`);
    const refused = await curator.put(url, { cardIds: [other.id] });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/not cards of this profile/);
    expect((await curator.put(`/api/profiles/${lumenary.profileId}/landing_page/curated/opinions`, { cardIds: open })).status).toBe(400);
    const saved = await curator.put(url, { cardIds: [draft, ...open] });
    expect(saved.status).toBe(200);
    expect(saved.body.cardIds).toEqual([draft, ...open]);
    const curated = (p: LandingPage) => p.curated.sections.find((s) => s.sectionType === 'strengths')!;
    expect(curated(await page(curator)).cards.map((c) => c.id)).toEqual([draft, ...open]);
    expect(curated(await page(seller)).cards.map((c) => c.id)).toEqual(open);
  });

  it('names the first rival, whose page consumers land on when the company says so', async () => {
    const company = (await seller.get('/api/company.json')).body as { firstProfileId: number; firstRivalId: number };
    const { rival_id } = await one<{ rival_id: number }>(sql`SELECT rival_id FROM profiles WHERE id = ${company.firstProfileId}`);
    expect(company.firstRivalId).toBe(rival_id);
    expect((await seller.get(`/api/overviews/${company.firstRivalId}/landing_page.json`)).status).toBe(200);
  });

  it('records a share-link copy at most once per 5 s per reader and page', async () => {
    const uses = async () => (await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM share_link_uses WHERE profile_id = ${lumenary.profileId}`)).n;
    const before = await uses();
    for (let i = 0; i < 3; i++) expect((await seller.post(`/api/profiles/${lumenary.profileId}/share.json`)).status).toBe(204);
    expect(await uses()).toBe(before + 1);
    expect((await curator.post(`/api/profiles/${lumenary.profileId}/share.json`)).status).toBe(204);
    expect(await uses()).toBe(before + 2);
    await t.db.execute(sql`UPDATE share_link_uses SET created_at = created_at - interval '6 seconds' WHERE profile_id = ${lumenary.profileId}`);
    await seller.post(`/api/profiles/${lumenary.profileId}/share.json`);
    expect(await uses()).toBe(before + 3);
    expect((await outsider.post(`/api/profiles/${lumenary.profileId}/share.json`)).status).toBe(404);
  });

  it('answers 404 for a rival the reader may not see and for other companies', async () => {
    const draftRival = await one<{ id: number }>(sql`SELECT id FROM rivals WHERE company_id = ${companyId} AND is_draft LIMIT 1`);
    expect((await seller.get(`/api/overviews/${draftRival.id}/landing_page.json`)).status).toBe(404);
    expect((await outsider.get(`/api/overviews/${lumenary.id}/landing_page.json`)).status).toBe(404);
    expect((await outsider.get(`/api/profiles/${lumenary.profileId}/update_summaries`)).status).toBe(404);
    expect((await seller.get(`/api/overviews/abc/landing_page.json`)).status).toBe(400);
  });
});

describe('profile settings and products', () => {
  it('lists, adds, renames and deletes products of the own organization, for curators', async () => {
    const org = (await one<{ own_organization_id: number }>(sql`SELECT own_organization_id FROM companies WHERE id = ${companyId}`)).own_organization_id;
    const list = await seller.get(`/api/organizations/${org}/products`);
    expect(list.status).toBe(200);
    expect(list.body.products.map((p: { name: string }) => p.name)).toContain('Northwind Dashboards');
    expect((await seller.post(`/api/organizations/${org}/products`, { name: 'Northwind Lens' })).status).toBe(403);
    const added = await curator.post(`/api/organizations/${org}/products`, { name: 'Northwind Lens' });
    expect(added.status).toBe(201);
    expect((await curator.post(`/api/organizations/${org}/products`, { name: 'northwind lens' })).status).toBe(409);
    expect((await curator.post(`/api/organizations/${org}/products`, { name: '  ' })).status).toBe(400);
    expect((await curator.put(`/api/organizations/${org}/products/${added.body.id}`, { name: 'Northwind Lens Pro' })).body.name).toBe('Northwind Lens Pro');
    expect((await curator.put(`/api/organizations/${org}/products/${added.body.id}`, { name: 'Northwind Embed' })).status).toBe(409);
    expect((await curator.put(`/api/organizations/${org}/products/${added.body.id}`, { name: 'NORTHWIND LENS PRO' })).body.name).toBe('NORTHWIND LENS PRO');
    // Organizations: admins create them (curators only with the knowledge hub), and a company has one own organization.
    expect((await seller.post('/api/organizations', { name: 'Partner Co', isOwnOrganization: false })).status).toBe(403);
    const admin = await signIn(t.app, 'admin@demo.test');
    expect((await admin.post('/api/organizations', { name: 'Partner Co', url: 'https://partner.example', isOwnOrganization: false })).status).toBe(201);
    expect((await admin.post('/api/organizations', { name: 'Second self', isOwnOrganization: true })).status).toBe(409);

    const settings = await curator.put(`/api/profiles/${lumenary.profileId}`, { products: [added.body.id], publicSourcesEnabled: true });
    expect(settings.status).toBe(200);
    expect(settings.body.products).toEqual([added.body.id]);
    expect((await curator.delete(`/api/organizations/${org}/products/${added.body.id}`)).status).toBe(204);
    expect((await one<{ products: number[] }>(sql`SELECT products FROM profiles WHERE id = ${lumenary.profileId}`)).products).toEqual([]);
    expect((await outsider.get(`/api/organizations/${org}/products`)).status).toBe(404);
  });

  it('refuses a product filter naming anything but the own organization’s products, writing nothing', async () => {
    const before = await one(sql`SELECT products, public_sources_enabled FROM profiles WHERE id = ${lumenary.profileId}`);
    const res = await curator.put(`/api/profiles/${lumenary.profileId}`, { products: [999_999], publicSourcesEnabled: false });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/products/);
    expect(await one(sql`SELECT products, public_sources_enabled FROM profiles WHERE id = ${lumenary.profileId}`)).toEqual(before);
  });

  it('regenerates the sections after a settings change: without public sources nothing cites intel or insights', async () => {
    expect((await curator.put(`/api/profiles/${lumenary.profileId}`, { publicSourcesEnabled: false })).status).toBe(200);
    const p = await generated(seller);
    expect(p.insights).toBeNull();
    for (const s of p.generated.sections) {
      expect(s.data!.uses_public_sources).toBe(false);
      expect(s.data!.citations.every((c) => ['card', 'battlecard', 'positioning', 'product'].includes(c.type))).toBe(true);
    }
    await curator.put(`/api/profiles/${lumenary.profileId}`, { publicSourcesEnabled: true });
  });
});

describe('how we compare, our side (issue #58)', () => {
  it('sets our positioning and the products the profile compares beside them, cited, and follows a changed statement', async () => {
    const org = (await one<{ id: number } | undefined>(sql`SELECT id FROM organizations WHERE company_id = ${companyId} AND is_own_organization`))
      ?? (await one<{ id: number }>(sql`INSERT INTO organizations (company_id, name, is_own_organization) VALUES (${companyId}, 'Northwind', true) RETURNING id`));
    const statement = await one<{ id: number }>(sql`INSERT INTO positioning_statements (company_id, organization_id, kind, text)
      VALUES (${companyId}, ${org.id}, 'differentiator', 'Quasarine governance keeps every metric certified for finance.') RETURNING id`);
    const [picked, other] = await rows<{ id: number }>(sql`INSERT INTO products (company_id, organization_id, name, description)
      VALUES (${companyId}, ${org.id}, 'Northwind Ledger', 'Close the books with audited dashboards.'),
             (${companyId}, ${org.id}, 'Northwind Radar', 'Unpickedproduct monitoring for ops teams.') RETURNING id`);
    expect((await curator.put(`/api/profiles/${lumenary.profileId}`, { products: [picked.id] })).status).toBe(200);

    const compare = section(await generated(seller), 'how_we_compare').data!;
    const ours = compare.markdown.split('### What we bring\n\n')[1]?.split('\n\n')[0];
    expect(ours, compare.markdown).toContain('- Quasarine governance keeps every metric certified for finance. [');
    expect(ours).toContain('- **Northwind Ledger**: Close the books with audited dashboards. [');
    expect(compare.markdown).not.toContain('Unpickedproduct');
    expect(compare.citations).toEqual(expect.arrayContaining([
      expect.objectContaining({ type: 'positioning', id: statement.id, url: '' }),
      expect.objectContaining({ type: 'product', id: picked.id, title: 'Northwind Ledger' }),
    ]));
    expect(compare.citations.some((c) => c.type === 'product' && c.id === other.id)).toBe(false);

    await t.db.execute(sql`UPDATE positioning_statements SET text = 'Quasarine lineage traces every number to its source.' WHERE id = ${statement.id}`);
    const again = section(await generated(seller), 'how_we_compare').data!;
    expect(again.markdown).toContain('Quasarine lineage traces every number to its source.');
    expect(again.markdown).not.toContain('certified for finance');
    await curator.put(`/api/profiles/${lumenary.profileId}`, { products: [] });
  });
});
