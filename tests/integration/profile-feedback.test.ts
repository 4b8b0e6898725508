// Reading feedback (part 2 §2 #comments, §6): curators read the feedback on a card, newest first with
// author and date, and so the feedback on a battlecard's cards; a seller reads nobody's feedback, not
// through the feedback list, the card, the battlecards or search; other companies get 404.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signInOutsider, testApp, type TestApp } from '../helpers/app.ts';
import { sqlReads } from '../helpers/db.ts';

type Session = Awaited<ReturnType<typeof signIn>>;

let t: TestApp;
let curator: Session;
let seller: Session;
let colleague: Session;
let outsider: Session;
/** A card on a published battlecard that everyone sees. */
let card: { id: number; battlecardId: number };
const { one } = sqlReads(() => t.db);
const SECRET = 'Zebrafinch pricing objection from the Acme deal';

beforeAll(async () => {
  t = await testApp({ search: true });
  curator = await signIn(t.app, 'curator@demo.test');
  seller = await signIn(t.app, 'seller@demo.test');
  colleague = await signIn(t.app, 'admin@demo.test');
  outsider = await signInOutsider(t);
  card = await one(sql`SELECT c.id, bc.id AS "battlecardId" FROM battlecards bc
    JOIN LATERAL jsonb_array_elements_text(bc.cards->'desktop') e(id) ON true JOIN cards c ON c.id = e.id::int
    JOIN profiles p ON p.id = bc.profile_id
    WHERE NOT bc.is_draft AND NOT p.is_draft AND c.all_access AND NOT c.is_draft ORDER BY bc.id, c.id LIMIT 1`);
});
afterAll(() => t.drop());

describe('reading feedback', () => {
  it('lists a card’s feedback for curators, newest first, with author and date', async () => {
    const first = await colleague.post(`/api/cards/${card.id}/comments`, { body: SECRET });
    const second = await seller.post(`/api/cards/${card.id}/comments`, { body: 'Second thought: the table is stale' });
    expect([first.status, second.status]).toEqual([201, 201]);
    // A seller's answer is their own message only.
    expect(JSON.stringify(second.body)).not.toContain('Zebrafinch');

    const list = await curator.get(`/api/cards/${card.id}/comments.json`);
    expect(list.status).toBe(200);
    expect(list.body.slice(0, 2).map((c: { body: string; user: { name: string } }) => [c.body, c.user.name])).toEqual([
      ['Second thought: the table is stale', 'Sam Seller'],
      [SECRET, colleague.me.name],
    ]);
    expect(Date.parse(list.body[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(list.body[1].createdAt));
  });

  it('never shows a seller anyone’s feedback', async () => {
    expect((await seller.get(`/api/cards/${card.id}/comments.json`)).status).toBe(403);
    await t.search.indexer!.drain();
    const readable = [
      `/api/cards/${card.id}.json`,
      '/api/battlecards.json',
      `/api/battlecards/${card.battlecardId}/cards.json?v=2`,
      // Words of the feedback, searched for, never bring its text back.
      `/api/search.json?query=${encodeURIComponent('Acme deal pricing objection')}`,
      `/api/suggest.json?query=${encodeURIComponent('Acme deal')}`,
    ];
    for (const url of readable) {
      const res = await seller.get(url);
      expect(res.status, url).toBeLessThan(400);
      expect(JSON.stringify(res.body), url).not.toContain('Zebrafinch');
    }
  });

  it('answers 404 to another company and for an unknown card', async () => {
    expect((await outsider.get(`/api/cards/${card.id}/comments.json`)).status).toBe(404);
    expect((await curator.get('/api/cards/99999999/comments.json')).status).toBe(404);
    expect((await curator.get('/api/cards/-1/comments.json')).status).toBe(400);
  });
});
