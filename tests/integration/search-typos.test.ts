// Typo tolerance and "did you mean" through the API on each engine (search-api/search/text.ts and
// didYouMean.ts): fewer typos rank first in every sort, the typo budget grows with a word's length,
// the first letter is kept, a correction is offered only from cards the reader may see. The words
// are invented so the demo data never matches them; the last test reads the demo data as a rep would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, testApp, type TestApp } from '../helpers/app.ts';
import { firstPublishedBoardId, northwindId } from '../helpers/db.ts';
import { availableEngines } from '../helpers/engines.ts';

type Session = Awaited<ReturnType<typeof signIn>>;
type Body = { nr_results: number; didYouMean?: { query: string; nr_results: number }; results: { id: number; titleHtml: string; snippetHtml: string | null }[] };

describe.each(availableEngines())('typo tolerance on the $name engine', (factory) => {
  let t: TestApp;
  let curator: Session;
  let seller: Session;
  let boardId: number;
  const card: Record<string, number> = {};

  async function addCard(key: string, name: string, textHtml: string, isDraft = false) {
    const res = await curator.post('/api/cards.json?v=2', { data: { name, textHtml }, boardId, allAccess: true, isDraft });
    expect(res.status).toBe(201);
    card[key] = res.body.id;
  }

  const search = async (s: Session, query: string, extra = '') => {
    const res = await s.get(`/api/search.json?query=${encodeURIComponent(query)}&size=50${extra}`);
    expect(res.status).toBe(200);
    return res.body as Body;
  };
  const ids = async (query: string, extra = '') => (await search(curator, query, extra)).results.map((r) => r.id);

  beforeAll(async () => {
    t = await testApp({ search: true, engine: factory });
    curator = await signIn(t.app, 'curator@demo.test');
    seller = await signIn(t.app, 'seller@demo.test');
    boardId = await firstPublishedBoardId(t.db, await northwindId(t.db));
    // Created exact first: newest-first sorts would list them in reverse if typos did not count.
    await addCard('exact', 'Grimbalto rollout', '<p>The grimbalto plan.</p>');
    await addCard('oneTypo', 'Grimbelto rollout', '<p>The grimbelto plan.</p>');
    await addCard('twoTypos', 'Grumbelto rollout', '<p>The grumbelto plan.</p>');
    await addCard('firstLetter', 'Trimbalto rollout', '<p>The trimbalto plan.</p>');
    await addCard('seven', 'Flombat notes', '<p>About flombat.</p>');
    await addCard('sevenTwo', 'Flumbat notes', '<p>About flumbat.</p>');
    await addCard('short', 'Vexa notes', '<p>About vexa.</p>');
    // The correct word finds one card more than its typo does: "quarvelining" only through stemming.
    for (const n of [1, 2, 3]) await addCard(`quarvelin${n}`, `Quarvelin case ${n}`, '<p>A quarvelin story.</p>');
    await addCard('quarvelining', 'Quarvelining notes', '<p>On quarvelining.</p>');
    // Only curators see drafts: their words must not be offered to a seller.
    for (const n of [1, 2, 3]) await addCard(`zentrovax${n}`, `Zentrovax draft ${n}`, '<p>A zentrovax plan.</p>', true);
    await addCard('zentrovaxing', 'Zentrovaxing draft', '<p>On zentrovaxing.</p>', true);
    // The correct word finds exactly the cards its typo finds.
    for (const n of [1, 2, 3]) await addCard(`brondelica${n}`, `Brondelica case ${n}`, '<p>A brondelica story.</p>');
    await t.search.indexer!.drain();
  });
  afterAll(() => t.drop());

  it('lists exact matches before one-typo matches before two-typo ones, in every sort, and keeps the first letter', async () => {
    for (const sort of ['relevance', 'newest', 'oldest', 'alpha']) {
      expect(await ids('grimbalto', `&sort=${sort}`)).toEqual([card.exact, card.oneTypo, card.twoTypos]);
    }
    const body = await search(curator, 'grimbalto');
    expect(body.nr_results).toBe(3);
    // What matched with a typo is marked too, in the title and the snippet.
    const typo = body.results.find((r) => r.id === card.oneTypo)!;
    expect(typo.titleHtml).toBe('<em>Grimbelto</em> rollout');
    expect(typo.snippetHtml).toContain('<em>grimbelto</em>');
  });

  it('forgives one typo from 5 letters, two only from 9, none under 5', async () => {
    expect(await ids('flombit')).toEqual([card.seven]);
    expect(await ids('vexo')).toEqual([]);
    expect(await ids('vexa')).toEqual([card.short]);
  });

  it('offers the corrected query when the typed one is found only with typos and the corrected one finds more', async () => {
    const typed = await search(curator, 'quarvelni');
    expect(typed.results.map((r) => r.id).sort()).toEqual([card.quarvelin1, card.quarvelin2, card.quarvelin3].sort());
    expect(typed.didYouMean).toEqual({ query: 'quarvelin', nr_results: 4 });
    expect((await search(curator, 'quarvelin')).didYouMean).toBeUndefined();
    // Not on later pages, and not for a word some card holds as typed.
    expect((await search(curator, 'quarvelni', '&offset=1')).didYouMean).toBeUndefined();
    expect((await search(curator, 'grimbelto')).didYouMean).toBeUndefined();
  });

  it('does not offer a correction that finds the very cards the typed query found', async () => {
    const typed = await search(curator, 'brondelika');
    const corrected = await search(curator, 'brondelica');
    expect(typed.results.map((r) => r.id).sort()).toEqual([card.brondelica1, card.brondelica2, card.brondelica3].sort());
    expect(corrected.results.map((r) => r.id).sort()).toEqual(typed.results.map((r) => r.id).sort());
    expect(typed.didYouMean).toBeUndefined();
  });

  it('corrects only from cards the reader may see', async () => {
    expect((await search(curator, 'zentrovak')).didYouMean).toEqual({ query: 'zentrovax', nr_results: 4 });
    const asSeller = await search(seller, 'zentrovak');
    expect(asSeller.results).toEqual([]);
    expect(asSeller.didYouMean).toBeUndefined();
  });

  it('reads "pricng" as "pricing" on the demo data, without turning it into another word nor offering "pricing", which lists the same cards', async () => {
    const typo = await search(curator, 'pricng');
    const right = await search(curator, 'pricing');
    expect(typo.nr_results).toBeGreaterThan(0);
    expect(typo.nr_results).toBe(right.nr_results);
    expect(typo.didYouMean).toBeUndefined();
    const shown = typo.results.slice(0, 10).map((r) => `${r.titleHtml} ${r.snippetHtml ?? ''}`.toLowerCase());
    expect(shown.filter((s) => /\bbring\b/.test(s) && !/pric/.test(s))).toEqual([]);
  });
});
