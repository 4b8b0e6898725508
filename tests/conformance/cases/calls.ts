// Conformance cases for the calls index under call insights' search (search-api/calls/search.ts buildCallSearch): full
// text on passages, title, account and rivals; filters by rival and rep; latest first among equals; the company scope;
// and the matched passages' fragments mapping back to their passages (passageMatches) the same way on every engine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IndexDefinition, SearchEngine } from '../../../engine/port.ts';
import { callsIndex, type CallDoc } from '../../../documents/calls.ts';
import { buildCallSearch, fragmentSnippet } from '../../../search-api/calls/search.ts';
import { plainFragment } from '../../../search-api/transcripts/matches.ts';
import { concepts, thesaurusOf } from '../../../search-api/search/text.ts';
import { ids } from './shared.ts';

const ZENTRIX = { id: 1, name: 'Zentrix' };
const HARBOR = { id: 2, name: 'Harbor BI' };

/** Calls 1–5 are company 1's; 6 is company 2's and says the same words. */
function call(id: number, over: Partial<CallDoc>): CallDoc {
  return { id: String(id), callId: id, company_id: 1, title: `Call ${id}`, accountName: null, passages: [], rivals: [], rivalIds: [], repUserId: null, repName: null, occurredAt: `2026-0${id}-01T10:00:00.000Z`, ...over };
}
const rivalsOf = (...rs: { id: number; name: string }[]) => ({ rivals: rs, rivalIds: rs.map((r) => r.id) });

const CALLS: CallDoc[] = [
  call(1, { title: 'Acme Freight pricing', accountName: 'Acme Freight', repUserId: 7, passages: ['Thanks for joining.', 'Zentrix is too expensive for what we get.', 'Understood.'], ...rivalsOf(ZENTRIX) }),
  call(2, { title: 'Bluefin discovery', accountName: 'Bluefin Health', repUserId: 8, passages: ['Walk me through onboarding.', 'The migration was painful and slow.', 'We fixed the migration in two weeks.'], ...rivalsOf(ZENTRIX, HARBOR) }),
  call(3, { title: 'Cobalt demo', accountName: 'Cobalt Retail', repUserId: 7, passages: ['Harbor BI dashboards are excellent.', 'Our dashboards are faster.'], ...rivalsOf(HARBOR) }),
  call(4, { title: 'Delta renewal', accountName: 'Delta Ridge Bank', passages: ['Pricing went up again this year.', 'We can hold the price.'] }),
  call(5, { title: 'Evergreen check-in', accountName: 'Evergreen Foods', repUserId: 8, passages: ['Onboarding went well.'] }),
  call(6, { company_id: 2, title: 'Other migration', passages: ['The migration was painful.'], ...rivalsOf(ZENTRIX) }),
];

type TextCase = { label: string; query: string; want: number[]; rivalId?: number; repId?: number };
const TEXT_CASES: TextCase[] = [
  { label: 'a word said in a passage', query: 'migration', want: [2] },
  { label: 'a stemmed word', query: 'dashboard', want: [3] },
  { label: 'an account', query: 'evergreen', want: [5] },
  { label: 'a title word', query: 'renewal', want: [4] },
  { label: 'a rival by name', query: 'zentrix', want: [1, 2] },
  { label: 'a word within a rival', query: 'onboarding', rivalId: 1, want: [2] },
  { label: 'a word by a rep', query: 'onboarding', repId: 8, want: [2, 5] },
];

/** The calls index (documents/calls.ts) under call search (search-api/calls/search.ts). */
export function callConformance(prefix: string, engineOf: () => SearchEngine): void {
  describe('calls index', () => {
    const def: IndexDefinition = { ...callsIndex, name: `${prefix}_calls` };
    const D = def.name;
    const search = (q: Omit<TextCase, 'label' | 'want'>, companyId = 1) =>
      engineOf().search(D, buildCallSearch({ companyId }, concepts(q.query, thesaurusOf([])), { rivalId: q.rivalId, repId: q.repId, from: 0, size: 20 }));

    beforeAll(async () => {
      const engine = engineOf();
      await engine.ensureIndex(def);
      const r = await engine.bulk(D, CALLS.map((doc) => ({ op: 'upsert' as const, id: doc.id, version: 1, doc: doc as unknown as Record<string, unknown> })), { refresh: true });
      expect(r.errors).toBe(false);
    }, 60_000);

    afterAll(async () => {
      const target = await engineOf().aliasTarget(D).catch(() => null);
      if (target) await engineOf().deleteIndex(target).catch(() => undefined);
    });

    for (const c of TEXT_CASES) {
      it(`finds ${c.label}`, async () => {
        const r = await search(c);
        expect([...ids(r)].sort()).toEqual(c.want.map(String).sort());
        expect(r.total.value).toBe(c.want.length);
      });
    }

    it('lists the calls latest first when asked for no words', async () => {
      expect(ids(await search({ query: '', repId: 7 }))).toEqual(['3', '1']);
    });

    it('cuts each highlighted fragment from one passage, so its text finds the passage that matched', async () => {
      const [hit] = (await search({ query: 'migration' })).hits;
      const fragments = hit.highlight?.passages ?? [];
      const seqs = fragments.map((f) => CALLS[1].passages.findIndex((text) => text.includes(plainFragment(f))));
      expect(seqs).toEqual([1, 2]);
      expect(fragmentSnippet(fragments[0])).toContain('<em>migration</em>');
    });

    it("scopes to the viewer's company: another company's call of the same words never shows", async () => {
      expect(ids(await search({ query: 'painful' }))).toEqual(['2']);
      expect(ids(await search({ query: 'painful' }, 2))).toEqual(['6']);
    });
  });
}
