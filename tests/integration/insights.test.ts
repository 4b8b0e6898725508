// Review insights end to end over the demo's 3,000 reviews: who may read and change them, the reviews list and its
// filters and pages (answers checked against PostgreSQL), the pin, aspects (pages, rename, hide, merge), insights,
// their sources and card drafts, the cached aspect summary, and imports (a good file lands with its duplicates
// counted, a bad file is refused naming lines and writes nothing, a failing analysis lands nothing).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AspectListResponse, InsightListResponse, ReviewImportView, ReviewListResponse } from '../../contracts/insights.ts';
import type { StoredReviewAnalysis } from '../../db/schema.ts';
import { insightGenerationJob, reviewImportJob } from '../../search-api/insights/reviews/import/service.ts';
import { aheadStats, forgetAhead } from '../../search-api/insights/reviews/import/ahead.ts';
import { storedAnalysis } from '../../search-api/insights/analysis/stored.ts';
import { runJob, type JobHandler } from '../../search-api/jobs/store.ts';
import { signIn, signInOutsider, testApp, type TestApp } from '../helpers/app.ts';
import { northwindId, sqlReads } from '../helpers/db.ts';

let t: TestApp;
type Session = Awaited<ReturnType<typeof signIn>>;
let curator: Session;
let seller: Session;
let companyId: number;
let lumenary: number;
const { rows, one } = sqlReads(() => t.db);
const V2 = '/api/insights/v2';

beforeAll(async () => {
  t = await testApp({ search: true });
  curator = await signIn(t.app, 'curator@demo.test');
  seller = await signIn(t.app, 'seller@demo.test');
  companyId = await northwindId(t.db);
  lumenary = (await one<{ id: number }>(sql`SELECT id FROM rivals WHERE company_id = ${companyId} AND name = 'Lumenary'`)).id;
});
afterAll(() => t.drop());

const reviews = async (query: string) => {
  const res = await curator.get(`${V2}/reviews/supported-rivals/${lumenary}?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as ReviewListResponse;
};
const count = async (where: ReturnType<typeof sql>) =>
  (await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM reviews r WHERE r.rival_id = ${lumenary} AND ${where}`)).n;
const handlers = { reviewImport: reviewImportJob(), insightGeneration: insightGenerationJob({ llm: null }) };
/** Runs every queued review job (imports first, then the generations they queue) and indexes what changed. */
async function runQueued(custom: Partial<Record<'reviewImport' | 'insightGeneration', JobHandler>> = {}) {
  for (;;) {
    const queued = await rows<{ id: number }>(sql`SELECT id FROM jobs WHERE state = 'queued' AND kind IN ('reviewImport', 'insightGeneration') ORDER BY id`);
    if (!queued.length) break;
    for (const { id } of queued) await runJob(t.db, id, { ...handlers, ...custom }, { chunkSize: 2 });
  }
  await t.search.indexer!.drain();
}

describe('access (part 3 §6)', () => {
  it('lets curators and admins read, and refuses sellers', async () => {
    const admin = await signIn(t.app, 'admin@demo.test');
    const list = await curator.get(`${V2}/insights/supported-rivals`);
    expect(list.status).toBe(200);
    expect(list.body.supportedRivals.length).toBe(12);
    expect((await admin.get(`${V2}/reviews/supported-rivals/${lumenary}`)).status).toBe(200);
    for (const path of [`/insights/supported-rivals`, `/reviews/supported-rivals/${lumenary}`, `/aspects/supported-rivals/${lumenary}`, `/insights/supported-rivals/${lumenary}`]) {
      expect((await seller.get(`${V2}${path}`)).status, path).toBe(403);
    }
    const reviewId = (await one<{ id: number }>(sql`SELECT id FROM reviews WHERE rival_id = ${lumenary} LIMIT 1`)).id;
    expect((await seller.patch(`${V2}/reviews/${reviewId}`, { bookmark: true })).status).toBe(403);
  });

  it('lets staff impersonating a seller read, and keeps other companies out', async () => {
    const staff = await signIn(t.app, 'staff@demo.test');
    expect((await staff.post('/api/impersonate', { userId: seller.me.id })).status).toBe(200);
    const res = await staff.get(`${V2}/reviews/supported-rivals/${lumenary}`);
    expect(res.status).toBe(200);
    expect(res.body.pagination.total).toBe(await count(sql`true`));

    const outsider = await signInOutsider(t);
    expect((await outsider.get(`${V2}/insights/supported-rivals`)).body.supportedRivals).toEqual([]);
    expect((await outsider.get(`${V2}/reviews/supported-rivals/${lumenary}`)).status).toBe(404);
    const aspectId = (await one<{ id: number }>(sql`SELECT id FROM aspects WHERE rival_id = ${lumenary} LIMIT 1`)).id;
    expect((await outsider.get(`${V2}/aspects/${aspectId}/summary`)).status).toBe(404);
    expect((await outsider.patch(`${V2}/aspects/${aspectId}`, { title: 'Mine' })).status).toBe(404);
  });
});

describe('the reviews list', () => {
  it('pages by 25 with page = offset/25 + 1', async () => {
    const total = await count(sql`true`);
    const first = await reviews('');
    expect(first.reviews).toHaveLength(25);
    expect(first.pagination).toEqual({ total, size: 25, offset: 0, page: 1, totalPages: Math.ceil(total / 25) });
    const third = await reviews('offset=50');
    expect(third.pagination.page).toBe(3);
    expect(third.reviews.map((r) => r.id)).not.toContain(first.reviews[0].id);
  });

  it('filters by rating, date, domain and aspect sentiment as PostgreSQL counts them', async () => {
    expect((await reviews('minRating=4&maxRating=4.5')).pagination.total).toBe(await count(sql`r.rating BETWEEN 4 AND 4.5`));
    const after = '2026-01-01T00:00:00.000Z';
    expect((await reviews(`publishedAfter=${after}`)).pagination.total).toBe(await count(sql`r.published_at >= ${after}`));
    const g2 = await reviews('domain=g2.com,,G2.com');
    expect(g2.pagination.total).toBe(await count(sql`r.site = 'g2'`));
    expect(new Set(g2.reviews.map((r) => r.source.name))).toEqual(new Set(['G2']));

    const aspect = await one<{ id: number; negative: number }>(sql`SELECT id, negative FROM aspects WHERE rival_id = ${lumenary} AND negative > 0 ORDER BY negative DESC LIMIT 1`);
    const negative = await reviews(`aspectId=${aspect.id}&sentiment=negative`);
    expect(negative.pagination.total).toBe(aspect.negative);
    for (const r of negative.reviews) expect(r.aspects.find((a) => a.id === aspect.id)?.sentiment).toBe('negative');
  });

  it('searches the words of titles and texts, with synonyms, forgiving a typo', async () => {
    // Words match on their stems ("onboarding" finds "onboarded"), and the company's synonyms count.
    const literal = await rows<{ id: number }>(sql`SELECT id FROM reviews r WHERE r.rival_id = ${lumenary} AND (r.text ~* '(^|[^a-z])onboard' OR r.title ~* '(^|[^a-z])onboard')`);
    expect(literal.length).toBeGreaterThan(0);
    const found = await reviews('q=onboarding&size=100');
    expect(found.pagination.total).toBeLessThanOrEqual(100);
    expect(found.reviews.map((r) => r.id)).toEqual(expect.arrayContaining(literal.map((r) => r.id)));
    const typo = await reviews('q=onbaording&size=100');
    expect(typo.reviews.map((r) => r.id)).toEqual(expect.arrayContaining(literal.map((r) => r.id)));
    expect((await reviews('q=zzyzx')).pagination.total).toBe(0);
  });

  it('sorts by sentiment both ways', async () => {
    const sentimentOf = async (ids: number[]) => {
      const got = await rows<{ id: number; sentiment: number }>(sql`SELECT id, sentiment FROM reviews WHERE id = ANY(${sql.param(ids)}::int[])`);
      const byId = new Map(got.map((g) => [g.id, g.sentiment]));
      return ids.map((id) => byId.get(id)!);
    };
    const positive = await sentimentOf((await reviews('sort=positive')).reviews.map((r) => r.id));
    expect(positive).toEqual([...positive].sort((a, b) => b - a));
    const negative = await sentimentOf((await reviews('sort=negative')).reviews.map((r) => r.id));
    expect(negative).toEqual([...negative].sort((a, b) => a - b));
    expect(negative[0]).toBeLessThan(positive[0]);
  });

  it('refuses bad filters with a 400 naming the field', async () => {
    for (const [query, field] of [['minRating=6', 'minRating'], ['minRating=4&maxRating=2', 'minRating'], ['aspectId=abc', 'aspectId'], ['size=101', 'size'], ['publishedAfter=yesterday', 'publishedAfter']]) {
      const res = await curator.get(`${V2}/reviews/supported-rivals/${lumenary}?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.details[0].field).toBe(field);
    }
  });

  it('pins a review for the company, and a bad pin writes nothing', async () => {
    const { id } = await one<{ id: number }>(sql`SELECT id FROM reviews WHERE rival_id = ${lumenary} AND NOT bookmarked ORDER BY id LIMIT 1`);
    const res = await curator.patch(`${V2}/reviews/${id}`, { bookmark: true });
    expect(res.status).toBe(200);
    expect(res.body.bookmarked).toBe(true);
    await t.search.indexer!.drain();
    expect((await reviews('bookmarked=true')).reviews.map((r) => r.id)).toContain(id);
    expect((await curator.patch(`${V2}/reviews/${id}`, { bookmark: 'no' })).status).toBe(400);
    expect((await one<{ bookmarked: boolean }>(sql`SELECT bookmarked FROM reviews WHERE id = ${id}`)).bookmarked).toBe(true);
  });
});

describe('aspects', () => {
  const aspects = async (query = '') => (await curator.get(`${V2}/aspects/supported-rivals/${lumenary}?${query}`)).body as AspectListResponse;

  it('pages by nextOffset, and counts under the filters', async () => {
    const all = await aspects();
    expect(all.pagination.size).toBe(100);
    expect(all.pagination.nextOffset).toBeNull();
    const first = await aspects('size=5');
    expect(first.pagination.nextOffset).toBe(5);
    const second = await aspects(`size=5&offset=${first.pagination.nextOffset}`);
    expect([...first.aspects, ...second.aspects]).toEqual(all.aspects.slice(0, 10));
    expect((await aspects('state=hidden')).pagination.size).toBe(50);
    const top = all.aspects[0];
    const stored = await one<{ review_count: number; positive: number }>(sql`SELECT review_count, positive FROM aspects WHERE id = ${top.id}`);
    expect(top.reviewCount).toBe(stored.review_count);
    const positiveOnly = (await aspects('sentiment=positive')).aspects.find((a) => a.id === top.id);
    expect(positiveOnly!.reviewCount).toBeLessThanOrEqual(top.reviewCount);
  });

  it('renames, hides and merges aspects, and refuses a merge into itself or another rival', async () => {
    const [a, b] = (await aspects()).aspects;
    const renamed = await curator.patch(`${V2}/aspects/${a.id}`, { title: 'Dashboards and reports' });
    expect(renamed.body.title).toBe('Dashboards and reports');
    expect((await aspects()).aspects.find((x) => x.id === a.id)?.title).toBe('Dashboards and reports');

    expect((await curator.patch(`${V2}/aspects/${a.id}`, { mergeInto: a.id })).status).toBe(400);
    const other = await one<{ id: number }>(sql`SELECT id FROM aspects WHERE rival_id <> ${lumenary} AND company_id = ${companyId} LIMIT 1`);
    expect((await curator.patch(`${V2}/aspects/${a.id}`, { mergeInto: other.id })).status).toBe(400);
    expect((await curator.patch(`${V2}/aspects/${a.id}`, { state: 'archived' })).status).toBe(400);

    expect((await curator.patch(`${V2}/aspects/${b.id}`, { mergeInto: a.id })).status).toBe(200);
    await runQueued();
    const merged = await aspects();
    expect(merged.aspects.map((x) => x.id)).not.toContain(b.id);
    expect(merged.aspects.find((x) => x.id === a.id)!.reviewCount).toBeGreaterThan(a.reviewCount);

    expect((await curator.patch(`${V2}/aspects/${a.id}`, { state: 'hidden' })).status).toBe(200);
    await runQueued();
    expect((await aspects()).aspects.map((x) => x.id)).not.toContain(a.id);
    expect((await aspects('state=hidden')).aspects.map((x) => x.id)).toContain(a.id);
    const insights = (await curator.get(`${V2}/insights/supported-rivals/${lumenary}`)).body as InsightListResponse;
    expect([...insights.insights.strengths!, ...insights.insights.weaknesses!].flatMap((i) => i.aspects.map((x) => x.id))).not.toContain(a.id);
  });

  it('summarises an aspect once a day', async () => {
    const { id } = await one<{ id: number }>(sql`SELECT id FROM aspects WHERE rival_id = ${lumenary} AND state = 'none' AND merged_into_id IS NULL ORDER BY review_count DESC LIMIT 1`);
    const first = await curator.get(`${V2}/aspects/${id}/summary`);
    expect(first.status).toBe(200);
    // Without a model there is no written summary: the screen says the counts, in its reader's language.
    expect(first.body.summary).toBeNull();
    expect(first.body.quotes.length).toBeGreaterThan(0);
    expect(first.body.timeline.reduce((n: number, m: { positive: number; negative: number; neutral: number }) => n + m.positive + m.negative + m.neutral, 0)).toBe(first.body.aspect.reviewCount);
    const again = await curator.get(`${V2}/aspects/${id}/summary`);
    expect(again.body.generatedAt).toBe(first.body.generatedAt);
  });
});

describe('insights', () => {
  it('lists strengths and weaknesses with their sources in pages of 25, and drafts a card', async () => {
    const list = (await curator.get(`${V2}/insights/supported-rivals/${lumenary}`)).body as InsightListResponse;
    expect(list.insights.strengths!.length).toBeGreaterThan(0);
    expect(list.insights.weaknesses!.length).toBeGreaterThan(0);
    const winLoss = (await curator.get(`${V2}/insights/supported-rivals/${lumenary}?type=win_reasons,loss_reasons`)).body as InsightListResponse;
    // The demo's deals against Lumenary give its win and loss reasons (tests/integration/insights-win-loss.test.ts has the arithmetic).
    expect(winLoss.insights.win_reasons!.length).toBeGreaterThan(0);
    expect(winLoss.insights.loss_reasons!.every((i) => i.type === 'loss_reasons' && i.winLossCount > 0)).toBe(true);

    const insight = list.insights.strengths![0];
    const sources = await curator.get(`${V2}/insights/${insight.id}/supported-rivals/${lumenary}/sources?page=2&size=10`);
    expect(sources.body.pagination).toEqual({ total: insight.sourcesCount, total_pages: Math.ceil(insight.sourcesCount / 10), current_page: 2 });
    expect(sources.body.sources.length).toBe(Math.min(10, insight.sourcesCount - 10));
    expect((await curator.get(`${V2}/insights/${insight.id}/supported-rivals/${lumenary + 1}/sources`)).status).toBe(404);

    const draft = await curator.post(`${V2}/insights/supported-rivals/${lumenary}/card`, { insightId: insight.id });
    expect(draft.status).toBe(200);
    expect(draft.body.title).toContain('Lumenary');
    expect(draft.body.title).toContain(insight.title);
    expect(draft.body.sources.length).toBeGreaterThan(0);
    expect(draft.body.body).toContain(insight.quotes[0].text.replace(/&/g, '&amp;').replace(/'/g, '&#39;'));
    expect((await seller.post(`${V2}/insights/supported-rivals/${lumenary}/card`, { insightId: insight.id })).status).toBe(403);
    const drafts = (await curator.get(`${V2}/insights/supported-rivals/${lumenary}/card`)).body.insights;
    expect(drafts).toHaveLength(list.insights.strengths!.length + list.insights.weaknesses!.length);
    expect(drafts[0]).toEqual(draft.body);
  });
});

describe('imports', () => {
  const reviewsOf = async (rivalId: number) => (await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM reviews WHERE rival_id = ${rivalId}`)).n;
  const beaconly = async () => (await one<{ id: number }>(sql`SELECT id FROM rivals WHERE company_id = ${companyId} AND name = 'Beaconly'`)).id;
  const upload = (rivalId: number, body: string, fileName = 'reviews.csv') =>
    curator.agent
      .post(`${V2}/reviews/imports?supportedRivalId=${rivalId}&fileName=${fileName}`)
      .set('X-CSRF-Token', curator.csrf)
      .set('Content-Type', 'text/csv')
      .send(body);
  const header = 'source,permalink,title,rating,published date,text,reviewer role,company size';
  const row = (n: number, extra = '') =>
    `G2,https://www.g2.com/products/beaconly/reviews/beaconly-review-${n}${extra},Review ${n},4.5,2026-03-0${n},"The reporting is excellent, but support is slow.",Analyst,51-200 employees`;

  it('lands a good file whole, de-duplicates permalinks and regenerates the rival', async () => {
    const rivalId = await beaconly();
    const before = await reviewsOf(rivalId);
    const res = await upload(rivalId, [header, row(1), row(2), row(3)].join('\n'));
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toMatchObject({ state: 'analysing', total: 3, analysed: 0, source: 'file', fileName: 'reviews.csv' });
    await runQueued();
    const done = (await curator.get(`${V2}/reviews/imports/${res.body.id}`)).body as ReviewImportView;
    expect(done).toMatchObject({ state: 'succeeded', imported: 3, duplicates: 0, analysed: 3 });
    expect(await reviewsOf(rivalId)).toBe(before + 3);
    expect((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM review_import_rows`)).n).toBe(0);

    // The same review again, linked with a tracking tag: a duplicate, not a new review.
    const again = await upload(rivalId, [header, row(1, '?utm_source=mail'), row(4)].join('\n'));
    await runQueued();
    expect((await curator.get(`${V2}/reviews/imports/${again.body.id}`)).body).toMatchObject({ state: 'succeeded', imported: 1, duplicates: 1 });
    const listed = await curator.get(`${V2}/reviews/supported-rivals/${rivalId}?domain=g2.com&publishedAfter=2026-03-01&publishedBefore=2026-03-05`);
    expect(listed.body.pagination.total).toBeGreaterThanOrEqual(4);
  });

  it('refuses a file with bad rows, naming each line, and writes nothing', async () => {
    const rivalId = await beaconly();
    const imports = (await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM review_imports`)).n;
    const bad = [header, row(5), 'G2,not a url,Bad,4,2026-03-01,Text,,', 'G2,https://www.g2.com/products/beaconly/reviews/x-9,Bad,7,2026-03-01,Text,,'].join('\n');
    const res = await upload(rivalId, bad);
    expect(res.status).toBe(400);
    expect(res.body.details.errors.map((e: { line: number; field: string }) => [e.line, e.field])).toEqual([[3, 'permalink'], [4, 'rating']]);
    expect((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM review_imports`)).n).toBe(imports);
    expect((await upload(99_999_999, [header, row(6)].join('\n'))).status).toBe(404);
    expect((await upload(rivalId, '')).status).toBe(400);
  });

  it('stores the same analyses whether the file was analysed ahead of its job or by it', async () => {
    const rivalId = await beaconly();
    const texts = ['Support is slow but the reporting is excellent.', 'The mobile app crashes offline; pricing went up twice.', 'Onboarding was quick and dashboards are easy.'];
    const file = (from: number) =>
      [header, ...texts.map((text, i) => `G2,https://www.g2.com/products/beaconly/reviews/ahead-${from + i},Review ${from + i},4,2026-04-0${i + 1},"${text}",Analyst,`)].join('\n');
    const landed = (importId: number) =>
      rows<{ title: string; text: string; sentiment: number; analysis: StoredReviewAnalysis }>(sql`SELECT title, text, sentiment, analysis FROM reviews WHERE import_id = ${importId} ORDER BY id`);
    const before = { ...aheadStats };

    const first = await upload(rivalId, file(1));
    await runQueued();
    // Three rows in chunks of two: both chunks took the analyses made while the file was staged.
    expect([aheadStats.taken - before.taken, aheadStats.missed - before.missed]).toEqual([2, 0]);

    const second = await upload(rivalId, file(10));
    forgetAhead(second.body.id); // as when its job runs in another process
    await runQueued();
    expect([aheadStats.taken - before.taken, aheadStats.missed - before.missed]).toEqual([2, 2]);

    for (const id of [first.body.id, second.body.id]) {
      const reviews = await landed(id);
      expect(reviews.map((r) => r.text)).toEqual(texts);
      for (const r of reviews) {
        const { sentiment, ...analysis } = storedAnalysis({ title: r.title, text: r.text }, ['Beaconly']);
        expect(r.analysis).toEqual(analysis);
        expect(r.sentiment).toBeCloseTo(sentiment, 5);
      }
    }
  });

  it('lands nothing when the analysis of a chunk fails', async () => {
    const rivalId = await beaconly();
    const before = await reviewsOf(rivalId);
    const res = await upload(rivalId, [header, row(7), row(8), row(9)].join('\n'));
    let chunks = 0;
    const failing: JobHandler = {
      ...handlers.reviewImport,
      run: async (tx, job, ids) => {
        if ((chunks += 1) === 2) throw new Error('analysis crashed');
        await handlers.reviewImport.run(tx, job, ids);
      },
    };
    await runQueued({ reviewImport: failing });
    expect((await curator.get(`${V2}/reviews/imports/${res.body.id}`)).body).toMatchObject({ state: 'failed', imported: 0, error: 'analysis crashed' });
    expect(await reviewsOf(rivalId)).toBe(before);
    expect((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM review_import_rows`)).n).toBe(0);
  });
});
