// How search matches (search-api/search/text.ts), through the API on each engine: terms across fields,
// tiers, question words, synonyms of every form edited through the API and applied without a reindex,
// the same for intel and Ask's retrieval; and the synonyms API's validation. The words are invented so
// the demo data never matches them.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SYNONYMS } from '../../search-api/synonyms/vocabulary.ts';
import { rankedCardIds } from '../../search-api/ask/retrieval.ts';
import { queryConcepts } from '../../search-api/search/synonyms.ts';
import { SearchQuery } from '../../contracts/search.ts';
import { buildCardSearch, CARD_SEARCH_FIELDS } from '../../search-api/search/request.ts';
import { feedbackWords } from '../../search-api/search/feedback.ts';
import { signIn, testApp, type TestApp } from '../helpers/app.ts';
import { firstPublishedBoardId } from '../helpers/db.ts';
import { availableEngines } from '../helpers/engines.ts';

type Session = Awaited<ReturnType<typeof signIn>>;

describe.each(availableEngines())('search semantics on the $name engine', (factory) => {
  let t: TestApp;
  let curator: Session;
  let seller: Session;
  let companyId: number;
  let boardId: number;
  const card: Record<string, number> = {};

  async function addCard(key: string, name: string, textHtml: string) {
    const res = await curator.post('/api/cards.json?v=2', { data: { name, textHtml }, boardId, allAccess: true, isDraft: false });
    expect(res.status).toBe(201);
    card[key] = res.body.id;
  }

  const search = async (s: Session, query: string, extra = '') => {
    const res = await s.get(`/api/search.json?query=${encodeURIComponent(query)}&size=50${extra}`);
    expect(res.status).toBe(200);
    return res.body as { nr_results: number; matched: 'all' | 'any'; results: { id: number; titleHtml: string }[] };
  };
  const ids = async (query: string, extra = '') => (await search(curator, query, extra)).results.map((r) => r.id);

  beforeAll(async () => {
    t = await testApp({ search: true, engine: factory });
    curator = await signIn(t.app, 'curator@demo.test');
    seller = await signIn(t.app, 'seller@demo.test');
    companyId = curator.me.companyId ?? ((await t.db.execute(sql`SELECT company_id FROM users WHERE email = 'curator@demo.test'`)).rows[0] as { company_id: number }).company_id;
    boardId = await firstPublishedBoardId(t.db, companyId);
    // Created oldest first: newest-first sorts list them in reverse.
    await addCard('split', 'Zorvex app', '<p>Android has no kelpbloom mode.</p>');
    await addCard('three', 'Quillmoss strelitz vzyntrax', '<p>All three words.</p>');
    await addCard('two', 'Quillmoss strelitz', '<p>Two of them.</p>');
    await addCard('one', 'Quillmoss', '<p>One of them.</p>');
    await addCard('phrase', 'Identity', '<p>Supports single frobnic-on for every plan.</p>');
    await addCard('literal', 'Zorblat setup', '<p>How zorblat is set up.</p>');
    await addCard('glarp', 'Glarp only', '<p>Nothing else here.</p>');
    await t.search.indexer!.drain();
  });
  afterAll(() => t.drop());

  it('finds a card whose terms are split between its title and its body, all of them required first', async () => {
    expect(await ids('zorvex kelpbloom')).toEqual([card.split]);
    expect((await search(curator, 'zorvex kelpbloom')).matched).toBe('all');
  });

  it('lists cards matching every term first, then fewer, tier by tier, in any sort; counts what it lists', async () => {
    const q = 'quillmoss strelitz vzyntrax';
    for (const sort of ['newest', 'relevance', 'oldest', 'alpha']) {
      expect(await ids(q, `&sort=${sort}`)).toEqual([card.three, card.two, card.one]);
    }
    const body = await search(curator, q);
    expect(body.nr_results).toBe(3);
    expect(body.matched).toBe('all');
    // No card holds a made-up fourth word: near misses still show, and the response says so.
    const near = await search(curator, `${q} plinthor`);
    expect(near.results.map((r) => r.id)).toEqual([card.three, card.two, card.one]);
    expect(near.matched).toBe('any');
  });

  it('ignores the words a question is made of, and still answers a query made only of them', async () => {
    expect(await ids('how do we handle them on quillmoss strelitz vzyntrax?')).toEqual(await ids('handle quillmoss strelitz vzyntrax'));
    expect(await ids('do they have quillmoss', '&sort=relevance')).toEqual(await ids('quillmoss', '&sort=relevance'));
    const res = await curator.get(`/api/search.json?query=${encodeURIComponent('who are they')}`);
    expect(res.status).toBe(200);
  });

  it('tolerates a typo', async () => {
    expect(await ids('quilmoss strelitz vzyntrax')).toEqual([card.three, card.two, card.one]);
  });

  it('applies synonyms edited through the API at once, without a reindex, each form, literal matches first', async () => {
    expect(await ids('zorblat')).toEqual([card.literal]);
    const put = await curator.put('/api/company/synonyms.json', {
      synonyms: [
        { terms: ['Zorblat', 'single frobnic-on'] },
        { terms: ['glarp'], mapsTo: ['quillmoss'] },
      ],
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ isDefault: false, synonyms: [{ terms: ['zorblat', 'single frobnic on'], mapsTo: [] }, { terms: ['glarp'], mapsTo: ['quillmoss'] }] });
    expect(put.body.updatedBy.id).toBe(curator.me.id);
    // No drain: nothing was reindexed.
    expect(await ids('zorblat', '&sort=relevance')).toEqual([card.literal, card.phrase]);
    // The phrase, then its synonym; cards holding only "single" follow a tier below (the next test).
    expect((await ids('single frobnic on', '&sort=relevance')).slice(0, 2)).toEqual([card.phrase, card.literal]);
    expect((await ids('SINGLE FROBNIC-ON', '&sort=relevance')).slice(0, 2)).toEqual([card.phrase, card.literal]);
    // One-way: glarp finds quillmoss cards, quillmoss does not find the glarp card.
    expect(new Set(await ids('glarp'))).toEqual(new Set([card.glarp, card.three, card.two, card.one]));
    expect((await ids('glarp', '&sort=relevance'))[0]).toBe(card.glarp);
    expect(await ids('quillmoss')).not.toContain(card.glarp);
    // Suggestions complete a typed synonym too.
    const suggested = await curator.get('/api/suggest.json?query=glarp');
    const completions = suggested.body.suggestions.filter((x: { type: string }) => x.type === 'completion').map((x: { text: string }) => x.text.toLowerCase());
    expect(completions).toEqual(expect.arrayContaining(['glarp only', 'quillmoss']));
    // Sellers' searches use the same vocabulary.
    expect((await search(seller, 'zorblat')).results.map((r) => r.id)).toEqual(expect.arrayContaining([card.literal, card.phrase]));

    const restored = await curator.delete('/api/company/synonyms.json');
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ isDefault: true, updatedBy: null });
    expect(restored.body.synonyms).toEqual(DEFAULT_SYNONYMS);
    expect(await ids('zorblat')).toEqual([card.literal]);
  });

  it("counts a phrase's words as tiers: the phrase or its synonym first, then a card holding one of its words", async () => {
    await addCard('wholePhrase', 'Vorpal frindle', '<p>The whole phrase.</p>');
    await addCard('phraseSynonym', 'Snickersnack', '<p>Another name for it.</p>');
    await addCard('halfPhrase', 'Vorpal', '<p>Half of it.</p>');
    await t.search.indexer!.drain();
    expect((await curator.put('/api/company/synonyms.json', { synonyms: [{ terms: ['vorpal frindle', 'snickersnack'] }] })).status).toBe(200);
    // Newest first within a tier: the synonym's card is newer than the phrase's, the half match comes last anyway.
    expect(await ids('vorpal frindle')).toEqual([card.phraseSynonym, card.wholePhrase, card.halfPhrase]);
    expect(await ids('vorpal frindle', '&sort=relevance')).toEqual([card.wholePhrase, card.phraseSynonym, card.halfPhrase]);
    const body = await search(curator, 'vorpal frindle');
    expect(body.nr_results).toBe(3);
    expect(body.matched).toBe('all');
    expect((await curator.delete('/api/company/synonyms.json')).status).toBe(200);
    expect(await ids('snickersnack')).toEqual([card.phraseSynonym]);
  });

  it('ranks a rarer synonym below the word typed, as it ranks a common one', async () => {
    // "plovik" is in many cards, its synonym "snerd" in one: BM25 alone would put the rare word's card first.
    await addCard('plovik', 'Plovik', '<p>The plan in short.</p>');
    await addCard('snerd', 'Snerd', '<p>The plan in short.</p>');
    for (let i = 0; i < 40; i++) await addCard(`plovik${i}`, `Note ${i}`, `<p>Mentions plovik once.</p>`);
    await t.search.indexer!.drain();
    expect((await curator.put('/api/company/synonyms.json', { synonyms: [{ terms: ['plovik', 'snerd'] }] })).status).toBe(200);
    const top = async (q: string, extra = '') => (await ids(q, `&sort=relevance${extra}`)).slice(0, 2);
    expect(await top('plovik')).toEqual([card.plovik, card.snerd]);
    expect(await top('snerd')).toEqual([card.snerd, card.plovik]);
    // Intel and Ask's retrieval weigh them the same way.
    const viewer = { companyId, curator: true, visibilityGroupIds: [], previewGroupId: null };
    expect((await rankedCardIds(t.search.engine, await queryConcepts(t.db, companyId, 'plovik'), { viewer, rivalIds: [] })).slice(0, 2)).toEqual([card.plovik, card.snerd]);
    // A typo of a word of the vocabulary means that word: "snerf" lists the snerd card before a newer plovik one.
    await addCard('newerPlovik', 'Plovik', '<p>The plan in short.</p>');
    await t.search.indexer!.drain();
    expect((await top('snerf'))[0]).toBe(card.snerd);
    expect((await curator.delete('/api/company/synonyms.json')).status).toBe(200);
  });

  it('orders cards sorted by relevance by the words the best answers share, and brings in no card the query does not match', async () => {
    await addCard('answer', 'Zentrofax', '<p>Blorpic wuzzle, both of them.</p>');
    await addCard('alsoAnswer', 'Keeper', '<p>Zentrofax keeps the blorpic wuzzle.</p>');
    await addCard('sharing', 'Ledger', '<p>Zentrofax blorpic wuzzle.</p>');
    await addCard('unrelated', 'Almanac', '<p>Zentrofax gimble quandle.</p>');
    await addCard('noQueryWord', 'Blorpic wuzzle', '<p>Blorpic wuzzle and more blorpic wuzzle.</p>');
    await t.search.indexer!.drain();
    const viewer = { companyId, curator: true, visibilityGroupIds: [], previewGroupId: null };
    const cs = await queryConcepts(t.db, companyId, 'zentrofax');
    const request = buildCardSearch(SearchQuery.parse({ query: 'zentrofax', sort: 'relevance' }), viewer, cs);
    expect((await feedbackWords(t.search.engine, companyId, request, cs, CARD_SEARCH_FIELDS)).sort()).toEqual(['blorpic', 'wuzzle']);
    // "unrelated" is the newer of two cards saying as much about zentrofax; the one sharing the answers' words comes first.
    const ranked = await ids('zentrofax', '&sort=relevance');
    expect(ranked.indexOf(card.sharing)).toBeLessThan(ranked.indexOf(card.unrelated));
    expect(ranked).not.toContain(card.noQueryWord);
    // The added words rank; only the query's word is marked.
    const shown = (await search(curator, 'zentrofax', '&sort=relevance')).results.find((r) => r.id === card.sharing) as unknown as { snippetHtml: string };
    expect(shown.snippetHtml).toContain('<em>Zentrofax</em>');
    expect(shown.snippetHtml).not.toContain('<em>blorpic</em>');
    // By date, the newer card first: feedback only orders by relevance.
    const newest = await ids('zentrofax');
    expect(newest.indexOf(card.unrelated)).toBeLessThan(newest.indexOf(card.sharing));
    // Ask draws on the cards in the same order.
    const asked = await rankedCardIds(t.search.engine, cs, { viewer, rivalIds: [] });
    expect(asked.indexOf(card.sharing)).toBeLessThan(asked.indexOf(card.unrelated));
  });

  it("orders a rival's cards by the rest of the query when the query names the rival", async () => {
    const { name } = (
      await t.db.execute(sql`SELECT r.name FROM boards b JOIN profiles p ON p.id = b.profile_id JOIN rivals r ON r.id = p.rival_id WHERE b.id = ${boardId}`)
    ).rows[0] as { name: string };
    await addCard('named', `${name} at a glance`, '<p>Where they stand; a word on trombalt.</p>');
    await addCard('topic', 'Notes', '<p>Trombalt, and trombalt again.</p>');
    await t.search.indexer!.drain();
    // The rival's name in a title makes a card no more about trombalt: the card saying more about it comes first.
    const both = await ids(`${name} trombalt`, '&sort=relevance');
    expect(both.slice(0, 2)).toEqual([card.topic, card.named]);
    // Alone, the name still ranks the card titled with it first.
    const alone = await ids(name, '&sort=relevance');
    const rank = (id: number) => (alone.includes(id) ? alone.indexOf(id) : Infinity);
    expect(rank(card.named)).toBeLessThan(rank(card.topic));
  });

  it("Ask's retrieval uses the same concepts and synonyms", async () => {
    const viewer = { companyId, curator: false, visibilityGroupIds: [], previewGroupId: null };
    const cs = await queryConcepts(t.db, companyId, 'How do we handle them on quillmoss and strelitz?');
    expect(cs.map((c) => c.text)).toEqual(['handle', 'quillmoss', 'strelitz']);
    const ranked = await rankedCardIds(t.search.engine, cs, { viewer, rivalIds: [] });
    expect(ranked.slice(0, 2).sort()).toEqual([card.three, card.two].sort());
  });

  it('intel search and the alerts feed match the same way', async () => {
    const post = (content: string) => curator.post('/api/alerts.json', { item: { alert_type: 'in-app', title: content.split(' ')[0], content }, rivals: null });
    const both = (await post('Trelvane moved to a brindlecap price list')).body.id;
    const one = (await post('Trelvane hired a new head of product')).body.id;
    await t.search.indexer!.drain();
    const q = encodeURIComponent('brindlecap trelvane');
    const unified = await curator.get(`/api/search.json?index=intel&query=${q}`);
    expect(unified.body.results.map((r: { id: number }) => r.id)).toEqual([both, one]);
    const feed = await curator.get(`/api/intel/v1?q=${q}&sort=newest`);
    expect(feed.body.hits.map((h: { id: number }) => h.id)).toEqual([both, one]);
    expect(feed.body.pagination.total).toBe(2);
  });
});

describe('the synonyms API', () => {
  let t: TestApp;
  let curator: Session;
  let seller: Session;
  beforeAll(async () => {
    t = await testApp();
    curator = await signIn(t.app, 'curator@demo.test');
    seller = await signIn(t.app, 'seller@demo.test');
  });
  afterAll(() => t.drop());

  const rows = async () => (await t.db.execute(sql`SELECT company_id FROM search_synonyms`)).rows.length;

  it('starts a company on the default vocabulary', async () => {
    const res = await curator.get('/api/company/synonyms.json');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ synonyms: DEFAULT_SYNONYMS, isDefault: true, updatedAt: null, updatedBy: null });
    expect(res.body.synonyms).toEqual(expect.arrayContaining([{ terms: ['sso', 'single sign on', 'saml'], mapsTo: [] }]));
  });

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const long = 'x'.repeat(61);
    const cases: [unknown, string][] = [
      [{ synonyms: [{ terms: ['alone'] }] }, 'synonyms.0.terms'],
      [{ synonyms: [{ terms: [] , mapsTo: ['x'] }] }, 'synonyms.0.terms'],
      [{ synonyms: [{ terms: ['a', '  '] }] }, 'synonyms.0.terms.1'],
      [{ synonyms: [{ terms: ['a', long] }] }, 'synonyms.0.terms.1'],
      [{ synonyms: [{ terms: ['a', 'b', 'A'] }] }, 'synonyms.0.terms.2'],
      [{ synonyms: [{ terms: ['a'], mapsTo: ['b'] }, { terms: ['b'], mapsTo: ['c'] }, { terms: ['c'], mapsTo: ['a'] }] }, 'synonyms.2.mapsTo.0'],
      [{ synonyms: [{ terms: ['a', 'b'] }, { terms: ['c', 'B'] }] }, 'synonyms.1.terms.1'],
      [{ synonyms: Array.from({ length: 301 }, (_, i) => ({ terms: [`a${i}`, `b${i}`] })) }, 'synonyms'],
      [{ synonyms: [{ terms: Array.from({ length: 13 }, (_, i) => `t${i}`) }] }, 'synonyms.0.terms'],
      [{ synonyms: [{ terms: ['a', 'b'], extra: 1 }] }, 'synonyms.0'],
      [{}, 'synonyms'],
    ];
    for (const [body, field] of cases) {
      const res = await curator.put('/api/company/synonyms.json', body as object);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect(await rows()).toBe(0);
  });

  it('is for curators', async () => {
    expect((await seller.get('/api/company/synonyms.json')).status).toBe(403);
    expect((await seller.put('/api/company/synonyms.json', { synonyms: [] })).status).toBe(403);
    expect((await seller.delete('/api/company/synonyms.json')).status).toBe(403);
    expect(await rows()).toBe(0);
  });
});
