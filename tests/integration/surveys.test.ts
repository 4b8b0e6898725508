// Win/loss surveys (issue #57) against a real PostgreSQL and a loopback SMTP server: a curator's CRUD and its
// refusals, sending (one mail a contact, a working link, only the token's hash kept, nobody mailed twice), the public
// page's calls without a session (opened, answered once, the answer landing as the deal's buyer-said reasons and in
// the overview, expiry, unknown tokens, no cookie, a rate limit per address), the token opening no other route,
// reminders on a controlled clock, and the health figures, the demo's surveys included.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../contracts/apiRoutes.ts';
import { SURVEY_PUBLIC_RATE_PER_MINUTE, type SurveyDetail, type SurveySummary } from '../../contracts/winLoss.ts';
import { upsertDeals, type DealRow } from '../../db/deals.ts';
import { SESSION_COOKIE } from '../../search-api/auth/sessions.ts';
import { mailSurvey, surveysDue } from '../../search-api/surveys/mail.ts';
import { answerSurvey, openSurvey } from '../../search-api/surveys/public.ts';
import { DEMO_PASSWORD, signIn, signInOutsider, testApp, type TestApp } from '../helpers/app.ts';
import { header, mimePart, startInbox } from '../helpers/mail.ts';
import { northwindId, sqlReads } from '../helpers/db.ts';

let t: TestApp;
let inbox: Awaited<ReturnType<typeof startInbox>>;
let companyId: number;
let curator: Awaited<ReturnType<typeof signIn>>;
const { one, rows } = sqlReads(() => t.db);
const APP_URL = 'https://ci.northwind.test';
const DAY = 86_400_000;
const day = (at: number) => new Date(at).toISOString().slice(0, 10);
const CLOSED_ON = day(Date.now() - 10 * DAY);
let won: number;
let lost: number;
let open: number;
let winReason: number;
let lossReason: number;

const QUESTIONS = [
  { id: 'q1', type: 'rating', text: 'How was our sales process?', scale: 5, required: true },
  { id: 'q2', type: 'reasons', text: 'What mattered most?', required: true },
  { id: 'q3', type: 'single', text: 'How many vendors?', options: ['One', 'Several'] },
  { id: 'q4', type: 'multiple', text: 'Who decided?', options: ['IT', 'Finance', 'Sales'] },
  { id: 'q5', type: 'text', text: 'In your own words?' },
];
const body = (over: Record<string, unknown> = {}) => ({ name: 'Q4 decisions', intro: 'Three minutes.', questions: QUESTIONS, recipients: [], ...over });
const contact = (dealId: number, email: string, name: string | null = null) => ({ dealId, email, name });

/** Calls of the public page from one address (a test's own, so the rate limit of one test leaves the others alone). */
let addresses = 0;
function visitor() {
  const ip = `203.0.113.${++addresses}`;
  return {
    get: (token: string) => request(t.app).get(`/api/win-loss/p/${token}`).set('X-Forwarded-For', ip),
    post: (token: string, answers: Record<string, unknown>) => request(t.app).post(`/api/win-loss/p/${token}`).set('X-Forwarded-For', ip).send({ answers }),
  };
}

const linkIn = (raw: string) => new RegExp(`${APP_URL.replace(/\./g, '\\.')}/win-loss/p/([\\w-]+)`).exec(mimePart(raw, 'text/plain'))?.[1];
/** The token mailed to each address, from the mails that arrived since `from`. */
function tokensSince(from: number): Map<string, string> {
  return new Map(inbox.mails.slice(from).map((m) => [m.to[0], linkIn(m.raw)!]));
}
const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

async function createSent(recipients: ReturnType<typeof contact>[], over: Record<string, unknown> = {}) {
  const created = await curator.post('/api/win-loss/surveys', body({ recipients, ...over }));
  expect(created.status).toBe(201);
  const before = inbox.mails.length;
  const sent = await curator.post(`/api/win-loss/surveys/${created.body.id}/send`);
  expect(sent.status).toBe(200);
  return { survey: sent.body as SurveyDetail, tokens: tokensSince(before) };
}

beforeAll(async () => {
  inbox = await startInbox();
  t = await testApp({ env: { SMTP_URL: inbox.url, APP_URL, TRUST_PROXY: 'true' } });
  companyId = await northwindId(t.db);
  await t.db.execute(sql`UPDATE companies SET company_data = jsonb_set(company_data, '{flags}', coalesce(company_data->'flags', '{}') || '{"winLoss": true}') WHERE id = ${companyId}`);
  curator = await signIn(t.app, 'curator@demo.test');
  winReason = (await one<{ id: number }>(sql`INSERT INTO win_loss_reasons (company_id, kind, name) VALUES (${companyId}, 'win', 'SV Onboarding') RETURNING id`)).id;
  lossReason = (await one<{ id: number }>(sql`INSERT INTO win_loss_reasons (company_id, kind, name) VALUES (${companyId}, 'loss', 'SV Latency') RETURNING id`)).id;
  let n = 0;
  const deal = (outcome: DealRow['outcome']): DealRow => ({
    crmId: `SV-${++n}`, source: 'csv', name: `SV deal ${n}`, accountName: null, accountCrmId: null, ownerEmail: null, ownerName: null,
    ownerUserId: curator.me.id, amount: 1000, currency: 'USD', stage: outcome ? `Closed ${outcome}` : 'Discovery', outcome,
    createdOn: day(Date.now() - 60 * DAY), closedOn: outcome ? CLOSED_ON : null, rivalIds: [], primaryRivalId: null,
    buyerPersona: null, industry: null, region: null, segment: null, technology: null, useCase: null, product: 'SurveyFixture',
    notes: null, crmModifiedAt: null,
  });
  await upsertDeals(t.db, companyId, [deal('win'), deal('loss'), deal(null)]);
  const ids = await rows<{ id: number; crm_id: string }>(sql`SELECT id, crm_id FROM deals WHERE company_id = ${companyId} AND crm_id LIKE 'SV-%' ORDER BY crm_id`);
  [won, lost, open] = ids.map((r) => r.id);
});
afterAll(async () => {
  await t?.drop();
  await inbox.close();
});

describe('a curator builds a survey', () => {
  const surveysCount = async () => (await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM surveys`)).n;

  it('refuses contacts of open or unknown deals, a contact twice, and bad questions, naming the field, writing nothing', async () => {
    const before = await surveysCount();
    const openDeal = await curator.post('/api/win-loss/surveys', body({ recipients: [contact(won, 'a@buyer.test'), contact(open, 'b@buyer.test')] }));
    expect(openDeal.status).toBe(400);
    expect(openDeal.body.code).toBe('survey_deal_not_closed');
    expect(openDeal.body.details[0].field).toBe('recipients.1.dealId');
    const unknown = await curator.post('/api/win-loss/surveys', body({ recipients: [contact(2_000_000_000, 'a@buyer.test')] }));
    expect(unknown.body).toMatchObject({ code: 'survey_deal_not_closed', details: [{ field: 'recipients.0.dealId' }] });
    const twice = await curator.post('/api/win-loss/surveys', body({ recipients: [contact(won, 'a@buyer.test'), contact(won, 'A@Buyer.test')] }));
    expect(twice.body).toMatchObject({ code: 'survey_recipient_twice', details: [{ field: 'recipients.1.email' }] });
    const oneOption = await curator.post('/api/win-loss/surveys', body({ questions: [{ id: 'q', type: 'single', text: 'Pick', options: ['Only'] }] }));
    expect(oneOption.status).toBe(400);
    expect(oneOption.body.details[0].field).toBe('questions.0.options');
    const sameIds = await curator.post('/api/win-loss/surveys', body({ questions: [QUESTIONS[0], QUESTIONS[0]] }));
    expect(sameIds.body.details[0]).toMatchObject({ field: 'questions' });
    expect(await surveysCount()).toBe(before);
  });

  it('needs win/loss to read and a curator to write', async () => {
    const seller = await signIn(t.app, 'seller@demo.test');
    const consumers = (on: boolean) =>
      t.db.execute(sql`UPDATE companies SET company_data = jsonb_set(company_data, '{flags,winLossConsumerAccess}', ${JSON.stringify(on)}::jsonb) WHERE id = ${companyId}`);
    const given = (await one<{ on: boolean | null }>(sql`SELECT (company_data->'flags'->>'winLossConsumerAccess')::boolean AS on FROM companies WHERE id = ${companyId}`)).on;
    try {
      await consumers(false);
      expect((await seller.get('/api/win-loss/surveys')).body.code).toBe('win_loss_off');
      expect((await seller.get('/api/win-loss/surveys/health.json')).status).toBe(403);
      await consumers(true);
      expect((await seller.get('/api/win-loss/surveys')).status).toBe(200);
      expect((await seller.post('/api/win-loss/surveys', body())).body.code).toBe('curators_only');
    } finally {
      await consumers(given ?? false);
    }
  });

  it('creates a draft, changes it whole, lists it, and hides it from another company', async () => {
    const created = await curator.post('/api/win-loss/surveys', body({ recipients: [contact(won, 'Dana@Buyer.test', 'Dana'), contact(lost, 'lee@buyer.test')] }));
    expect(created.status).toBe(201);
    const draft = created.body as SurveyDetail;
    expect(draft).toMatchObject({ name: 'Q4 decisions', state: 'draft', sentAt: null, expiresInDays: 14, remindAfterDays: 3, maxReminders: 2 });
    expect(draft.recipients.map((r) => [r.email, r.state, r.deal.id, r.deal.outcome])).toEqual([
      ['dana@buyer.test', 'pending', won, 'win'],
      ['lee@buyer.test', 'pending', lost, 'loss'],
    ]);
    const changed = await curator.put(`/api/win-loss/surveys/${draft.id}`, body({ name: 'Renamed', maxReminders: 0, recipients: [contact(lost, 'lee@buyer.test', 'Lee'), contact(won, 'kim@buyer.test')] }));
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ name: 'Renamed', maxReminders: 0 });
    expect((changed.body as SurveyDetail).recipients.map((r) => [r.email, r.name])).toEqual([
      ['lee@buyer.test', 'Lee'],
      ['kim@buyer.test', null],
    ]);
    const list = (await curator.get('/api/win-loss/surveys')).body as SurveySummary[];
    expect(list[0]).toMatchObject({ id: draft.id, name: 'Renamed', state: 'draft', questions: 5, recipients: 2, health: { sent: 0, answered: 0, responseRate: null } });
    const outsider = await signInOutsider(t);
    await t.db.execute(sql`UPDATE companies SET company_data = jsonb_set(company_data, '{flags}', '{"winLoss": true}') WHERE name = 'Other Co'`);
    expect((await outsider.get(`/api/win-loss/surveys/${draft.id}`)).body.code).toBe('survey_not_found');
    expect((await outsider.delete(`/api/win-loss/surveys/${draft.id}`)).status).toBe(404);
    expect(((await outsider.get('/api/win-loss/surveys')).body as SurveySummary[]).length).toBe(0);
    expect((await curator.delete(`/api/win-loss/surveys/${draft.id}`)).status).toBe(204);
    expect((await curator.get(`/api/win-loss/surveys/${draft.id}`)).status).toBe(404);
  });
});

describe('sending, and the public page', () => {
  let survey: SurveyDetail;
  let tokens: Map<string, string>;

  beforeAll(async () => {
    ({ survey, tokens } = await createSent([contact(won, 'dana@buyer.test', 'Dana'), contact(lost, 'lee@buyer.test')]));
  });

  it('mails each contact their own link, keeps only its hash, and mails nobody twice', async () => {
    expect(survey.state).toBe('sent');
    expect(survey.recipients.every((r) => r.state === 'sent' && r.sentAt)).toBe(true);
    expect([...tokens.keys()].sort()).toEqual(['dana@buyer.test', 'lee@buyer.test']);
    const dana = inbox.mails.find((m) => m.to[0] === 'dana@buyer.test')!;
    expect(header(dana.raw, 'Subject')).toBe('Northwind Analytics would like your feedback');
    expect(mimePart(dana.raw, 'text/plain')).toMatch(/^Hello Dana, thank you for considering Northwind Analytics/);
    const token = tokens.get('dana@buyer.test')!;
    expect(token).toMatch(/^[\w-]{43}$/);
    const stored = await rows<{ token_hash: string }>(sql`SELECT token_hash FROM survey_recipients WHERE survey_id = ${survey.id} ORDER BY id`);
    expect(stored.map((r) => r.token_hash)).toEqual([sha256(token), sha256(tokens.get('lee@buyer.test')!)]);
    const before = inbox.mails.length;
    expect((await curator.post(`/api/win-loss/surveys/${survey.id}/send`)).status).toBe(200);
    expect(inbox.mails.length).toBe(before);
  });

  it('once sent, takes only new contacts (and mails them) and refuses other changes', async () => {
    const same = { ...body(), recipients: [contact(won, 'dana@buyer.test', 'Dana'), contact(lost, 'lee@buyer.test')] };
    expect((await curator.put(`/api/win-loss/surveys/${survey.id}`, { ...same, name: 'Other' })).body.code).toBe('survey_sent');
    expect((await curator.put(`/api/win-loss/surveys/${survey.id}`, { ...same, recipients: same.recipients.slice(0, 1) })).status).toBe(409);
    const before = inbox.mails.length;
    const added = await curator.put(`/api/win-loss/surveys/${survey.id}`, { ...same, recipients: [...same.recipients, contact(won, 'max@buyer.test')] });
    expect(added.status).toBe(200);
    expect((added.body as SurveyDetail).recipients.map((r) => r.state)).toEqual(['sent', 'sent', 'sent']);
    expect(inbox.mails.slice(before).map((m) => m.to[0])).toEqual(['max@buyer.test']);
    tokens.set('max@buyer.test', tokensSince(before).get('max@buyer.test')!);
  });

  it('refuses new contacts for a sent survey while the server cannot mail, adding nobody', async () => {
    const same = { ...body(), recipients: [contact(won, 'dana@buyer.test', 'Dana'), contact(lost, 'lee@buyer.test'), contact(won, 'max@buyer.test')] };
    const smtp = t.config.SMTP_URL;
    t.config.SMTP_URL = undefined;
    try {
      const refused = await curator.put(`/api/win-loss/surveys/${survey.id}`, { ...same, recipients: [...same.recipients, contact(lost, 'ria@buyer.test')] });
      expect([refused.status, refused.body.code]).toEqual([503, 'survey_mail_off']);
    } finally {
      t.config.SMTP_URL = smtp;
    }
    expect(((await curator.get(`/api/win-loss/surveys/${survey.id}`)).body as SurveyDetail).recipients.map((r) => r.email)).not.toContain('ria@buyer.test');
  });

  it('opens the survey with the link alone: no session read or set, the reasons of the deal’s outcome, marked opened', async () => {
    const token = tokens.get('dana@buyer.test')!;
    // A browser that also holds a curator's session: the answer neither uses nor touches it.
    const signedIn = await request(t.app).post('/account/signin').send({ email: 'curator@demo.test', password: DEMO_PASSWORD });
    const session = (signedIn.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
    expect(session).toContain(`${SESSION_COOKIE}=`);
    const res = await request(t.app).get(`/api/win-loss/p/${token}`).set('Cookie', session);
    expect(res.status).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatchObject({ companyName: 'Northwind Analytics', name: 'Q4 decisions', intro: 'Three minutes.', contactName: 'Dana', questions: QUESTIONS.map((q) => expect.objectContaining({ id: q.id })) });
    const winIds = (await rows<{ id: number }>(sql`SELECT id FROM win_loss_reasons WHERE company_id = ${companyId} AND kind = 'win'`)).map((r) => r.id);
    expect((res.body.reasons as { id: number }[]).map((r) => r.id).sort()).toEqual(winIds.sort());
    expect(Date.parse(res.body.expiresAt)).toBeGreaterThan(Date.now() + 13 * DAY);
    const detail = (await curator.get(`/api/win-loss/surveys/${survey.id}`)).body as SurveyDetail;
    expect(detail.recipients.find((r) => r.email === 'dana@buyer.test')!.state).toBe('opened');
  });

  it('checks the answers against the questions, naming the question, and stores nothing then', async () => {
    const v = visitor();
    const token = tokens.get('dana@buyer.test')!;
    const good = { q1: 4, q2: [winReason] };
    const cases: [Record<string, unknown>, string][] = [
      [{ q2: [winReason] }, 'answers.q1'],
      [{ ...good, q1: 6 }, 'answers.q1'],
      [{ ...good, q2: [lossReason] }, 'answers.q2'],
      [{ ...good, q3: 'Many' }, 'answers.q3'],
      [{ ...good, q4: ['IT', 'Legal'] }, 'answers.q4'],
      [{ ...good, q9: 'x' }, 'answers.q9'],
      [{ ...good, q5: 7 }, 'answers.q5'],
    ];
    for (const [answers, field] of cases) {
      const res = await v.post(token, answers);
      expect(res.status, JSON.stringify(answers)).toBe(400);
      expect(res.body.details[0].field).toBe(field);
    }
    expect((await one<{ answered: boolean }>(sql`SELECT answered_at IS NOT NULL AS answered FROM survey_recipients WHERE token_hash = ${sha256(token)}`)).answered).toBe(false);
  });

  it('stores an answer once, as plain text, landing on the deal as buyer-said reasons with the quote and in the overview', async () => {
    const v = visitor();
    const token = tokens.get('dana@buyer.test')!;
    const overview = async () => (await curator.get('/api/win-loss/overview.json?product=SurveyFixture')).body.topWinReasons as { reasonId: number; buyer: number }[];
    expect((await overview()).find((r) => r.reasonId === winReason)).toBeUndefined();
    const res = await v.post(token, { q1: 5, q2: [winReason, winReason], q3: 'Several', q4: ['IT', 'Finance'], q5: '<b>Fast</b> onboarding <script>alert(1)</script>&amp; support' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ ok: true });
    expect(res.headers['set-cookie']).toBeUndefined();
    const stored = await one<{ answer: { reasonIds: number[]; quote: string; answers: Record<string, unknown> } }>(sql`SELECT answer FROM survey_recipients WHERE token_hash = ${sha256(token)}`);
    expect(stored.answer).toEqual({ answers: { q1: 5, q2: [winReason], q3: 'Several', q4: ['IT', 'Finance'], q5: 'Fast onboarding & support' }, reasonIds: [winReason], quote: 'Fast onboarding & support' });
    const deal = (await curator.get(`/api/deals/${won}`)).body as { reasons: { id: number; saidBy: string; quote: string | null }[] };
    expect(deal.reasons).toContainEqual(expect.objectContaining({ id: winReason, saidBy: 'buyer', quote: 'Fast onboarding & support' }));
    expect((await overview()).find((r) => r.reasonId === winReason)).toMatchObject({ buyer: 1 });
    // Used: both calls now answer 410 with no word of any other survey.
    const again = await v.post(token, { q1: 1, q2: [winReason] });
    expect(again.status).toBe(410);
    expect(again.body.code).toBe('survey_closed');
    expect((await v.get(token)).status).toBe(410);
    expect((await curator.get(`/api/win-loss/surveys/${survey.id}`)).body.recipients.find((r: { email: string }) => r.email === 'dana@buyer.test').state).toBe('answered');
  });

  it('lets one of two racing submissions in', async () => {
    const token = tokens.get('lee@buyer.test')!;
    const [a, b] = await Promise.all([visitor().post(token, { q1: 2, q2: [lossReason] }), visitor().post(token, { q1: 3, q2: [lossReason] })]);
    expect([a.status, b.status].sort()).toEqual([201, 410]);
    expect((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM deal_reasons WHERE deal_id = ${lost} AND from_voice`)).n).toBe(1);
  });

  it('answers 404 for a token no contact holds and 410 once the link expired, on the clock given', async () => {
    const v = visitor();
    const unknown = await v.get(crypto.randomBytes(24).toString('base64url'));
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('survey_not_found');
    expect(unknown.headers['set-cookie']).toBeUndefined();
    expect((await v.get('not a token')).status).toBe(404);
    const token = tokens.get('max@buyer.test')!;
    const later = new Date(Date.now() + 15 * DAY);
    await expect(openSurvey(t.db, token, later)).rejects.toMatchObject({ code: 'survey_closed' });
    await expect(answerSurvey(t.db, token, { answers: { q1: 3, q2: [winReason] } }, later)).rejects.toMatchObject({ code: 'survey_closed' });
    expect((await v.get(token)).status).toBe(200);
    await t.db.execute(sql`UPDATE survey_recipients SET expires_at = now() - interval '1 minute' WHERE token_hash = ${sha256(token)}`);
    expect((await v.get(token)).body.code).toBe('survey_closed');
    expect((await v.post(token, { q1: 3, q2: [winReason] })).status).toBe(410);
    const detail = (await curator.get(`/api/win-loss/surveys/${survey.id}`)).body as SurveyDetail;
    expect(detail.recipients.map((r) => r.state)).toEqual(['answered', 'answered', 'expired']);
    // No contact can answer any more: the survey is closed.
    expect(detail.state).toBe('closed');
    expect(detail.health).toEqual({ sent: 3, opened: 3, answered: 2, responseRate: 2 / 3, medianDaysToAnswer: 10 });
  });

  it('refuses an address past the rate limit with 429', async () => {
    const v = visitor();
    const token = tokens.get('dana@buyer.test')!;
    for (let i = 0; i < SURVEY_PUBLIC_RATE_PER_MINUTE; i++) expect((await v.get(token)).status).toBe(410);
    const limited = await v.get(token);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await visitor().get(token)).status).toBe(410);
  });
});

describe('a token opens nothing else', () => {
  it('every other route, given the token in its path, query, headers or cookies and no session, refuses', async () => {
    const { tokens } = await createSent([contact(won, 'iso@buyer.test')], { name: 'Isolation survey' });
    const token = tokens.get('iso@buyer.test')!;
    const routes = API_ROUTES.filter((r) => !r.path.startsWith('/api/win-loss/p/'));
    expect(routes.length).toBeGreaterThan(100);
    for (const route of routes) {
      const path = route.path.replace(/\{[^}]+\}/g, token);
      const asToken = await request(t.app)
        [route.method](`${path}?token=${token}&t=${token}`)
        .set('X-Survey-Token', token)
        .set('Cookie', `${SESSION_COOKIE}=${token}; token=${token}`)
        .send({});
      // As an API token too, on the routes of deals and win/loss (an unknown bearer is refused the same way everywhere).
      const asBearer = /win-loss|deals/.test(route.path) ? [await request(t.app)[route.method](path).set('Authorization', `Bearer ${token}`).send({})] : [];
      for (const res of [asToken, ...asBearer]) {
        const where = `${route.method} ${route.path} → ${res.status}`;
        if (route.access === 'public') {
          // Sign-in, password resets, the API's own docs: whatever they answer, nothing of the survey.
          expect(res.text, where).not.toMatch(/Isolation survey|iso@buyer\.test/);
        } else if (res.status < 300) {
          // The one route that answers a signed-out visitor says so.
          expect(res.body, where).toEqual({ signedIn: false });
        } else expect([401, 403, 404], where).toContain(res.status);
      }
    }
  }, 120_000);
});

describe('reminders', () => {
  it('remind the unanswered after remindAfterDays since the last mail, at most maxReminders times, never after expiry', async () => {
    const { survey, tokens } = await createSent([contact(won, 'r1@buyer.test'), contact(lost, 'r2@buyer.test')], { name: 'Reminded', remindAfterDays: 3, maxReminders: 2, expiresInDays: 30 });
    expect((await visitor().post(tokens.get('r1@buyer.test')!, { q1: 4, q2: [winReason] })).status).toBe(201);
    const at = (days: number, hours = 0) => new Date(Date.now() + days * DAY + hours * 3_600_000);
    const deps = { db: t.db, config: t.config };
    expect(await mailSurvey(deps, survey.id, at(2, 23))).toBe(0);
    expect(await surveysDue(t.db, at(2, 23))).not.toContain(survey.id);
    expect(await surveysDue(t.db, at(3, 1))).toContain(survey.id);
    let before = inbox.mails.length;
    expect(await mailSurvey(deps, survey.id, at(3, 1))).toBe(1);
    const reminder = inbox.mails.slice(before);
    expect(reminder.map((m) => m.to[0])).toEqual(['r2@buyer.test']);
    expect(header(reminder[0].raw, 'Subject')).toBe('Reminder: Northwind Analytics would like your feedback');
    // The reminder carries the contact's own link again: the first mail's still opens the survey.
    expect(linkIn(reminder[0].raw)).toBe(tokens.get('r2@buyer.test'));
    expect((await visitor().get(tokens.get('r2@buyer.test')!)).status).toBe(200);
    expect(await mailSurvey(deps, survey.id, at(5))).toBe(0);
    expect(await mailSurvey(deps, survey.id, at(6, 2))).toBe(1);
    expect(await mailSurvey(deps, survey.id, at(20))).toBe(0);
    const detail = (await curator.get(`/api/win-loss/surveys/${survey.id}`)).body as SurveyDetail;
    expect(detail.recipients.map((r) => [r.email, r.reminders])).toEqual([
      ['r1@buyer.test', 0],
      ['r2@buyer.test', 2],
    ]);
    before = inbox.mails.length;

    const short = await createSent([contact(lost, 'r3@buyer.test')], { name: 'Short', remindAfterDays: 1, maxReminders: 5, expiresInDays: 2 });
    expect(await mailSurvey(deps, short.survey.id, at(1, 1))).toBe(1);
    expect(await mailSurvey(deps, short.survey.id, at(2, 1))).toBe(0);
    expect(await surveysDue(t.db, at(2, 1))).not.toContain(short.survey.id);
    expect(inbox.mails.length).toBe(before + 2);
  });
});

describe('a send cut short', () => {
  it('loses no contact and mails nobody twice', async () => {
    const created = await curator.post('/api/win-loss/surveys', body({ name: 'Cut short', recipients: [contact(won, 'c1@buyer.test'), contact(lost, 'c2@buyer.test')] }));
    const id = created.body.id as number;
    // Marked sent, and the mail server gone before any mail went out (as a crash between the two would leave it).
    await t.db.execute(sql`UPDATE surveys SET state = 'sent', sent_at = now() WHERE id = ${id}`);
    const refused = { ...t.config, SMTP_URL: 'smtp://127.0.0.1:1' };
    await expect(mailSurvey({ db: t.db, config: refused }, id)).rejects.toThrow();
    const pending = (await curator.get(`/api/win-loss/surveys/${id}`)).body as SurveyDetail;
    expect(pending.recipients.map((r) => r.state)).toEqual(['pending', 'pending']);
    expect(await surveysDue(t.db)).toContain(id);
    const before = inbox.mails.length;
    expect(await mailSurvey({ db: t.db, config: t.config }, id)).toBe(2);
    expect(await mailSurvey({ db: t.db, config: t.config }, id)).toBe(0);
    expect(inbox.mails.slice(before).map((m) => m.to[0]).sort()).toEqual(['c1@buyer.test', 'c2@buyer.test']);
    expect(await surveysDue(t.db)).not.toContain(id);
  });
});

describe('health', () => {
  it('sums the program: the demo’s surveys and these, with a response rate and the median days from close to answer', async () => {
    const res = await curator.get('/api/win-loss/surveys/health.json');
    expect(res.status).toBe(200);
    const figures = await one<{ sent: number; opened: number; answered: number }>(
      sql`SELECT count(sent_at)::int AS sent, count(opened_at)::int AS opened, count(answered_at)::int AS answered FROM survey_recipients WHERE company_id = ${companyId}`,
    );
    expect(res.body).toMatchObject(figures);
    expect(res.body.responseRate).toBeCloseTo(figures.answered / figures.sent, 10);
    // The demo's ~240 contacts mailed, about a third answering some weeks after their deal closed.
    expect(figures.sent).toBeGreaterThan(200);
    expect(res.body.responseRate).toBeGreaterThan(0.25);
    expect(res.body.responseRate).toBeLessThan(0.45);
    expect(res.body.medianDaysToAnswer).toBeGreaterThan(10);
    const demo = ((await curator.get('/api/win-loss/surveys')).body as SurveySummary[]).filter((s) => s.name.startsWith('Decision survey'));
    expect(demo.map((s) => s.state).sort()).toEqual(['closed', 'draft', 'sent']);
  });
});
