// What the search results page shows should read well and add up (issue #31), on every engine: snippets
// of table cards read "label — column: value" from a word or sentence start, and a rival's count in the
// sidebar (the sum of its boards, web/src/search/sidebarModel.ts) is the number of its cards the
// results show once it is picked, under the same tag, date and text criteria.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardResult, SearchResponse } from '../../contracts/search.ts';
import { boardGroups, emptyNameBook } from '../../web/src/search/sidebarModel.ts';
import { signIn, testApp, type TestApp } from '../helpers/app.ts';
import { availableEngines } from '../helpers/engines.ts';

const COUNTERS = 'countersFor=board.id,board.rival_id,tags.id';
const visibleText = (html: string) => html.replace(/<\/?em>/g, '').replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>');

describe.each(availableEngines())('search results that read well on the $name engine', (factory) => {
  let t: TestApp;
  let seller: Awaited<ReturnType<typeof signIn>>;

  beforeAll(async () => {
    t = await testApp({ search: true, engine: factory });
    seller = await signIn(t.app, 'seller@demo.test');
  });
  afterAll(() => t.drop());

  const search = async (params: string): Promise<SearchResponse<CardResult>> => {
    const res = await seller.get(`/api/search.json?${params}`);
    expect(res.status, params).toBe(200);
    return res.body;
  };

  describe('snippets', () => {
    it('read table rows as "label — column: value", never as runs of bare numbers', async () => {
      const body = await search('query=mentions%20in%20wins&size=20');
      const snippets = body.results.map((r) => r.snippetHtml).filter((s): s is string => !!s);
      expect(snippets.length).toBeGreaterThan(5);
      const tables = snippets.filter((s) => /Mentions<\/em> in <em>wins<\/em>: \d+/.test(s));
      expect(tables.length, snippets.join('\n')).toBeGreaterThan(0);
      for (const s of snippets) expect(visibleText(s), s).not.toMatch(/\d\s+·\s+\d/);
    });

    it('start at a sentence or word start and end at a word, with an ellipsis when cut', async () => {
      for (const q of ['pricing', 'security%20review', 'headquarters', 'discount']) {
        const body = await search(`query=${q}&size=30`);
        const snippets = body.results.map((r) => r.snippetHtml).filter((s): s is string => !!s).map(visibleText);
        expect(snippets.length, q).toBeGreaterThan(0);
        for (const s of snippets) {
          expect(s, q).toMatch(/^(…\S|[\p{Lu}\p{N}"“$(])/u);
          expect(s, q).not.toMatch(/\s·\s*$|[,;]…?$/);
          expect(s.length, q).toBeLessThanOrEqual(220);
        }
      }
    });
  });

  describe('counts', () => {
    /** Each rival group of the sidebar: its count, the sum of its boards, and what picking the rival finds. */
    async function checkGroups(base: string, boardCriteria: string[]) {
      const filters = (extra: string[]) => {
        const all = [...base.split(',').filter(Boolean), ...extra];
        return all.length ? `&filters=${all.join(',')}` : '';
      };
      const body = await search(`query=pricing&${COUNTERS}&size=1${filters(boardCriteria)}`);
      const criteria = boardCriteria.map((c) => ({ field: 'board' as const, value: Number(c.split('-')[1]), type: 'should' as const }));
      const groups = boardGroups(body.counters, criteria, emptyNameBook()).filter((g) => g.rival.id !== null);
      expect(groups.length).toBeGreaterThan(1);
      for (const g of groups.slice(0, 4)) {
        expect(g.count, `${g.rival.name}: its boards`).toBe(g.boards.reduce((n, b) => n + b.count, 0));
        const picked = await search(`query=pricing&size=1${filters([`rival-${g.rival.id}`])}`);
        expect(g.count, `${g.rival.name}: picked on its own`).toBe(picked.nr_results);
      }
      return { body, groups };
    }

    it('give each rival the sum of its boards, with no filter and with a tag filter', async () => {
      const first = await search(`query=pricing&${COUNTERS}&size=1`);
      await checkGroups('', []);
      await checkGroups(`tag-${first.counters['tags.id']![0].id}`, []);
    });

    it('still add up while a board is selected, where the rival counter alone counts that board', async () => {
      const first = await search(`query=pricing&${COUNTERS}&size=1`);
      const board = first.counters['board.id']![0];
      const { body, groups } = await checkGroups('', [`board-${board.id}`]);
      const own = groups.find((g) => g.rival.id === board.rivalId)!;
      expect(own.boards.length).toBeGreaterThan(1);
      // The engine's rival counter applies the board criterion: the number the sidebar must not show.
      expect(body.counters['board.rival_id']!.find((r) => r.id === board.rivalId)!.count).toBe(board.count);
      expect(own.count).toBeGreaterThan(board.count);
      expect(body.nr_results).toBe(board.count);
    });
  });
});
