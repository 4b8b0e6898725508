// The words the server writes for review insights and Ask, in the reader's language: an insight's summary (the line
// of its stored figures, composed when read), the card drafted from it, a landing page's insights, and what Ask's
// answer without a model says itself. The demo's curator and seller read German here, the admin English.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InsightCardDraft, InsightListResponse, InsightView } from '../../contracts/insights.ts';
import type { LandingPage } from '../../contracts/landing.ts';
import { escapeHtml } from '../../contracts/htmlEscape.ts';
import { signIn, testApp, type TestApp } from '../helpers/app.ts';
import { northwindId, sqlReads } from '../helpers/db.ts';
import { answerOf, buffered, parseSse } from './askStream.ts';

let t: TestApp;
type Session = Awaited<ReturnType<typeof signIn>>;
let curator: Session;
let seller: Session;
let admin: Session;
let lumenary: number;
const { one } = sqlReads(() => t.db);
const V2 = '/api/insights/v2';

beforeAll(async () => {
  t = await testApp({ search: true });
  await t.db.execute(sql`UPDATE users SET language = 'de' WHERE email IN ('curator@demo.test', 'seller@demo.test')`);
  [curator, seller, admin] = await Promise.all(['curator@demo.test', 'seller@demo.test', 'admin@demo.test'].map((email) => signIn(t.app, email)));
  lumenary = (await one<{ id: number }>(sql`SELECT id FROM rivals WHERE company_id = ${await northwindId(t.db)} AND name = 'Lumenary'`)).id;
});
afterAll(() => t.drop());

const insights = async (s: Session) => ((await s.get(`${V2}/insights/supported-rivals/${lumenary}`)).body as InsightListResponse).insights;
const stored = (id: number) =>
  one<{ summary: string | null; review_count: number; share: number; opinions: number; usual_share: number }>(
    sql`SELECT summary, review_count, share, opinions, usual_share FROM insights WHERE id = ${id}`,
  );
const number = (language: string, n: number) => new Intl.NumberFormat(language).format(n);
const percent = (x: number) => Math.round(x * 100);

describe('insight summaries', () => {
  it('are the line of the stored figures, in German for a German reader and in English for an English one', async () => {
    const german = await insights(curator);
    const english = await insights(admin);
    const [strength, weakness] = [german.strengths![0], german.weaknesses![0]];
    expect(english.strengths!.map((i) => i.id)).toEqual(german.strengths!.map((i) => i.id));

    const s = await stored(strength.id);
    // No model ran: nothing but the figures is stored.
    expect(s.summary).toBeNull();
    expect(strength.summary).toBe(
      `${number('de', s.review_count)} Bewertungen loben diesen Aspekt: ${percent(s.share)}\u00a0% von ${number('de', s.opinions)} Meinungen sind positiv, ` +
        `gegenüber ${percent(s.usual_share)}\u00a0% über alle Aspekte des Wettbewerbers hinweg.`,
    );
    expect(english.strengths![0].summary).toBe(
      `Praised in ${number('en', s.review_count)} reviews: ${percent(s.share)}% of ${number('en', s.opinions)} opinions are positive, ` +
        `against ${percent(s.usual_share)}% across the rival’s aspects.`,
    );

    const w = await stored(weakness.id);
    expect(weakness.summary).toMatch(new RegExp(`^${number('de', w.review_count)} Bewertungen kritisieren diesen Aspekt: \\d+\u00a0% von [\\d.]+ Meinungen sind negativ, `));
    expect(english.weaknesses!.find((i) => i.id === weakness.id)!.summary).toMatch(new RegExp(`^Criticised in ${number('en', w.review_count)} reviews: \\d+% of [\\d,]+ opinions are negative, `));
  });

  it('draft a card in the words of the one who asks', async () => {
    const [strength] = (await insights(curator)).strengths!;
    const english: InsightView = (await insights(admin)).strengths![0];
    const german = (await curator.post(`${V2}/insights/supported-rivals/${lumenary}/card`, { insightId: strength.id })).body as InsightCardDraft;
    expect(german.title).toBe(`Stärke von Lumenary: ${strength.title}`);
    expect(german.body.startsWith(`<p>${escapeHtml(strength.summary)}</p><p>Das sagen die Bewertungen:</p><ul>`)).toBe(true);

    const drafts = (await admin.get(`${V2}/insights/supported-rivals/${lumenary}/card`)).body.insights as InsightCardDraft[];
    const draft = drafts.find((d) => d.insightId === strength.id)!;
    expect(draft.title).toBe(`Lumenary strength: ${strength.title}`);
    expect(draft.body.startsWith(`<p>${escapeHtml(english.summary)}</p><p>What reviewers say:</p><ul>`)).toBe(true);
  });

  it('read on a landing page as on the insights screen, in the reader’s language', async () => {
    const page = async (s: Session) => ((await s.get(`/api/overviews/${lumenary}/landing_page.json`)).body as LandingPage).insights!;
    const [german, english] = await Promise.all([page(seller), page(admin)]);
    const [strength] = german.strengths;
    expect(strength.summary).toBe((await insights(curator)).strengths!.find((i) => i.id === strength.id)!.summary);
    expect(strength.summary).toMatch(/Bewertungen loben diesen Aspekt/);
    expect(english.strengths[0].summary).toMatch(/^Praised in /);
  });
});

describe('the answer without a model', () => {
  const ask = (s: Session, question: string) => buffered(s.agent.post('/api/ask/answers').set('X-CSRF-Token', s.csrf).send({ question }));

  it('says it found nothing in the asker’s language, and stores it so', async () => {
    const question = 'xylophone quasar marmalade';
    const german = answerOf(parseSse((await ask(seller, question)).raw));
    const nothing = 'Dazu habe ich in den Inhalten, die Sie sehen können, nichts gefunden. Versuchen Sie es mit anderen Worten, oder fragen Sie nach einem bestimmten Wettbewerber.';
    expect(german.text).toBe(nothing);
    expect(german.answer!.text).toBe(`<p>${nothing}</p>`);
    const english = answerOf(parseSse((await ask(admin, question)).raw));
    expect(english.text).toBe('I could not find anything about this in the content you can see. Try other words, or ask about a specific competitor.');
  });
});
