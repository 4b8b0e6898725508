// Conformance cases for the deals index under unified search's deals context (search-api/search/request.ts
// buildDealSearch): full text on name, account, rivals, reasons, quotes and notes; filters by rival, outcome and
// owner; sorts by close date with open deals last; the company scope. Expectations come from a plain-JS oracle.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IndexDefinition, SearchEngine } from '../../../engine/port.ts';
import { dealsIndex, type DealDoc } from '../../../documents/deals.ts';
import { SearchQuery, type SearchParams } from '../../../contracts/search.ts';
import { buildDealSearch } from '../../../search-api/search/request.ts';
import { concepts, thesaurusOf } from '../../../search-api/search/text.ts';
import { ids } from './shared.ts';

const LUMENARY = { id: 1, name: 'Lumenary' };
const VANTAPOINT = { id: 2, name: 'Vantapoint' };

/** Deals 1–6 are company 1's; 7 is company 2's and names the same rival, account and words. */
function deal(id: number, over: Partial<DealDoc>): DealDoc {
  return {
    id: String(id), dealId: id, company_id: 1, name: `Deal ${id}`, accountName: null, notes: null, reasons: [], reasonQuotes: [],
    reasonIds: [], rivals: [], rivalIds: [], primaryRivalId: null, outcome: 'win', stage: 'Closed Won', ownerUserId: null,
    ownerName: null, amount: null, currency: 'USD', closedOn: null, createdOn: '2025-01-01', buyerPersona: null, industry: null,
    region: null, segment: null, technology: null, useCase: null, product: null, ...over,
  };
}
const rivalsOf = (...rs: { id: number; name: string }[]) => ({ rivals: rs, rivalIds: rs.map((r) => r.id), primaryRivalId: rs[0]?.id ?? null });

const DEALS: DealDoc[] = [
  deal(1, { name: 'Globex platform renewal', accountName: 'Globex Corporation', outcome: 'loss', closedOn: '2025-05-10', ownerUserId: 7, reasons: ['Pricing'], reasonIds: [11], reasonQuotes: ['Their quote undercut ours'], ...rivalsOf(LUMENARY) }),
  deal(2, { name: 'Initech expansion', accountName: 'Initech', closedOn: '2025-02-01', notes: 'Security questionnaire answered within a day', reasons: ['Onboarding speed'], reasonIds: [12], ...rivalsOf(LUMENARY, VANTAPOINT) }),
  deal(3, { name: 'Hooli pilot', accountName: 'Hooli', outcome: null, stage: 'Negotiation', ownerUserId: 7, ...rivalsOf(VANTAPOINT) }),
  deal(4, { name: 'Umbrella migration', accountName: 'Umbrella', outcome: 'churn', closedOn: '2025-05-10', notes: 'Pricing pressure from the renewal', ...rivalsOf(LUMENARY) }),
  deal(5, { name: 'Stark analytics', accountName: 'Stark Industries', outcome: 'loss', closedOn: '2024-11-30', ownerUserId: 8, reasons: ['Missing features'], reasonIds: [13] }),
  deal(6, { name: 'Wayne security suite', accountName: 'Wayne Enterprises', outcome: null, stage: 'Discovery', ...rivalsOf(LUMENARY) }),
  deal(7, { company_id: 2, name: 'Globex other renewal', accountName: 'Globex Corporation', outcome: 'loss', closedOn: '2025-06-01', reasons: ['Pricing'], ...rivalsOf(LUMENARY) }),
];

const params = (q: Record<string, unknown>): SearchParams => SearchQuery.parse({ index: 'deals', size: 100, ...q });

/** Newest: most recently closed first, open deals last, then the id as a keyword sorts it. */
const byClosed = (dir: 1 | -1) => (a: DealDoc, b: DealDoc) => {
  if (a.closedOn !== b.closedOn) {
    if (a.closedOn === null) return 1;
    if (b.closedOn === null) return -1;
    return dir * (a.closedOn < b.closedOn ? -1 : 1);
  }
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
};

type FilterCase = { label: string; q: Record<string, unknown>; keeps: (d: DealDoc) => boolean };
const FILTER_CASES: FilterCase[] = [
  { label: 'every deal of the company', q: {}, keeps: () => true },
  { label: 'a rival', q: { rivals: '1' }, keeps: (d) => d.rivalIds.includes(1) },
  { label: 'either of two rivals', q: { rivals: '1,2' }, keeps: (d) => d.rivalIds.length > 0 },
  { label: 'an outcome', q: { outcome: 'loss' }, keeps: (d) => d.outcome === 'loss' },
  { label: 'open deals', q: { outcome: 'open' }, keeps: (d) => d.outcome === null },
  { label: 'an owner', q: { ownerId: '7' }, keeps: (d) => d.ownerUserId === 7 },
  { label: 'a rival and an outcome', q: { rivals: '1', outcome: 'churn' }, keeps: (d) => d.rivalIds.includes(1) && d.outcome === 'churn' },
];

type TextCase = { label: string; query: string; want: number[] };
const TEXT_CASES: TextCase[] = [
  { label: 'a name', query: 'hooli', want: [3] },
  { label: 'a name with a typo', query: 'migraton', want: [4] },
  { label: 'an account', query: 'initech', want: [2] },
  { label: 'a reason', query: 'onboarding', want: [2] },
  { label: 'a quote', query: 'undercut', want: [1] },
  { label: 'notes', query: 'questionnaire', want: [2] },
  { label: 'a rival', query: 'vantapoint', want: [2, 3] },
  { label: 'a word in a reason and in notes', query: 'pricing', want: [1, 4] },
];

/** The deals index (documents/deals.ts) under the deals context of unified search (search-api/search/request.ts). */
export function dealConformance(prefix: string, engineOf: () => SearchEngine): void {
  describe('deals index', () => {
    const def: IndexDefinition = { ...dealsIndex, name: `${prefix}_deals` };
    const D = def.name;
    const viewer = { companyId: 1 };
    const search = (q: Record<string, unknown>, companyId = 1) => {
      const p = params(q);
      return engineOf().search(D, { ...buildDealSearch(p, { companyId }, concepts(p.query, thesaurusOf([]))), track_total_hits: true });
    };

    beforeAll(async () => {
      const engine = engineOf();
      await engine.ensureIndex(def);
      const r = await engine.bulk(D, DEALS.map((doc) => ({ op: 'upsert' as const, id: doc.id, version: 1, doc: doc as unknown as Record<string, unknown> })), { refresh: true });
      expect(r.errors).toBe(false);
    }, 60_000);

    afterAll(async () => {
      const target = await engineOf().aliasTarget(D).catch(() => null);
      if (target) await engineOf().deleteIndex(target).catch(() => undefined);
    });

    for (const c of FILTER_CASES) {
      it(`filters ${c.label}, newest and oldest closed first, open deals last`, async () => {
        const kept = DEALS.filter((d) => d.company_id === viewer.companyId && c.keeps(d));
        expect(kept.length).toBeGreaterThan(0);
        expect(ids(await search({ ...c.q, sort: 'newest' }))).toEqual([...kept].sort(byClosed(-1)).map((d) => d.id));
        expect(ids(await search({ ...c.q, sort: 'oldest' }))).toEqual([...kept].sort(byClosed(1)).map((d) => d.id));
      });
    }

    for (const c of TEXT_CASES) {
      it(`finds ${c.label}`, async () => {
        const r = await search({ query: c.query, sort: 'newest' });
        expect([...ids(r)].sort()).toEqual(c.want.map(String).sort());
        expect(r.total.value).toBe(c.want.length);
      });
    }

    it('sorts by name', async () => {
      const want = DEALS.filter((d) => d.company_id === 1).sort((a, b) => (a.name < b.name ? -1 : 1)).map((d) => d.id);
      expect(ids(await search({ sort: 'alpha' }))).toEqual(want);
    });

    it("scopes to the viewer's company: another company's deal of the same rival and account never shows", async () => {
      expect([...ids(await search({ query: 'globex' }))]).toEqual(['1']);
      expect([...ids(await search({ query: 'globex' }, 2))]).toEqual(['7']);
      expect(ids(await search({ rivals: '1', outcome: 'loss' }))).toEqual(['1']);
    });
  });
}
