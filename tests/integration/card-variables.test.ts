// Knowledge-hub variables inserted in card text (issue #58): every read of the card (the card JSON, a seller's read,
// card search) shows the variable's current value, an unknown key its placeholder; the stored text keeps the token;
// changing or deleting a variable re-indexes the cards that insert it, and another company's variables never count.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variableTokenHtml } from '../../contracts/cardVariables.ts';
import { signIn, signInOutsider, testApp, type TestApp } from '../helpers/app.ts';
import { firstPublishedBoardId, northwindId, sqlReads } from '../helpers/db.ts';

type Session = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
let curator: Session;
let seller: Session;
let nw: number;
let cardId: number;
let created: { textHtml: string; textJson: unknown };
const { rows, one } = sqlReads(() => t.db);

async function searchIds(s: Session, query: string): Promise<number[]> {
  await t.search.indexer!.drain();
  const res = await s.get(`/api/search.json?query=${encodeURIComponent(query)}&size=50`);
  expect(res.status).toBe(200);
  return res.body.results.map((r: { id: number }) => r.id);
}

const setValue = (key: string, value: string) =>
  t.db.execute(sql`UPDATE knowledge_variables SET value = ${value} WHERE company_id = ${nw} AND key = ${key}`);

beforeAll(async () => {
  t = await testApp({ search: true });
  curator = await signIn(t.app, 'curator@demo.test');
  seller = await signIn(t.app, 'seller@demo.test');
  await signInOutsider(t);
  nw = await northwindId(t.db);
  const other = await one<{ id: number }>(sql`SELECT id FROM companies WHERE name = 'Other Co'`);
  await t.db.execute(sql`INSERT INTO knowledge_variables (company_id, key, label, value)
    VALUES (${nw}, 'glimmer_count', 'Customer count', 'Glimmerquoll'), (${nw}, 'tier', 'Top tier', '<b>Pro</b> & up'),
           (${other.id}, 'arr', 'ARR', 'Leakworthy')`);
  const res = await curator.post('/api/cards.json?v=2', {
    data: {
      name: 'Why customers stay',
      textHtml: `<p>Trusted by ${variableTokenHtml('glimmer_count')} teams on ${variableTokenHtml('tier')}, ARR ${variableTokenHtml('arr')}.</p>`,
    },
    boardId: await firstPublishedBoardId(t.db, nw),
    templateName: 'CardHTML',
    allAccess: true,
    isDraft: false,
  });
  expect(res.status).toBe(201);
  cardId = res.body.id;
  created = res.body;
});
afterAll(() => t.drop());

describe('a card inserting variables', () => {
  it('reads each variable’s value, as text; an unknown key (or another company’s) keeps its placeholder; the stored text keeps the token', async () => {
    const expected = '<p>Trusted by <span data-variable="glimmer_count">Glimmerquoll</span> teams on '
      + '<span data-variable="tier">&lt;b&gt;Pro&lt;/b&gt; &amp; up</span>, ARR <span data-variable="arr">{{arr}}</span>.</p>';
    for (const s of [curator, seller]) {
      const res = await s.get(`/api/cards/${cardId}.json`);
      expect(res.status).toBe(200);
      expect(res.body.textHtml).toBe(expected);
    }
    // The authoring API's answer (the card just created) holds the values in its textJson too.
    expect(created.textHtml).toBe(expected);
    expect(created.textJson).toEqual([{ type: 'html', value: expected }]);
    const stored = await one<{ text_html: string }>(sql`SELECT text_html FROM cards WHERE id = ${cardId}`);
    expect(stored.text_html).toContain('<span data-variable="glimmer_count">{{glimmer_count}}</span>');
    expect(await searchIds(seller, 'Glimmerquoll')).toEqual([cardId]);
    expect(await searchIds(seller, 'Leakworthy')).toEqual([]);
  });

  it('follows a changed value in every read and in search once the indexer catches up', async () => {
    await t.search.indexer!.drain();
    await setValue('glimmer_count', 'Vexworthy');
    // The trigger marked the card stale in the write's transaction: a version the indexer has not written yet.
    expect(await rows(sql`SELECT 1 FROM search_outbox WHERE index = 'cards' AND doc_id = ${cardId} AND version > indexed_version`)).toHaveLength(1);
    expect((await seller.get(`/api/cards/${cardId}.json`)).body.textHtml).toContain('<span data-variable="glimmer_count">Vexworthy</span>');
    expect(await searchIds(seller, 'Vexworthy')).toEqual([cardId]);
    expect(await searchIds(seller, 'Glimmerquoll')).toEqual([]);
  });

  it('shows the placeholder again once the variable is deleted, in reads and in search', async () => {
    await t.db.execute(sql`DELETE FROM knowledge_variables WHERE company_id = ${nw} AND key = 'glimmer_count'`);
    expect((await seller.get(`/api/cards/${cardId}.json`)).body.textHtml).toContain('<span data-variable="glimmer_count">{{glimmer_count}}</span>');
    expect(await searchIds(seller, 'Vexworthy')).toEqual([]);
  });
});
