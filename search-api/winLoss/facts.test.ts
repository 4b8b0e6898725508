// The win/loss read model's aggregation over a handful of fixed deals: the filters (text, dates inclusive, rival
// containment, reason and sayer), by-rival counting a deal once per rival it met, groups left out without a key,
// the reasons split by sayer and counted only on deals of their own outcome, owner maxima in collation order.
import { describe, expect, it } from 'vitest';
import { FactsBuilder, ownerMaxima, quarterKey, reasonCounts, reasonKey, selectDeals, tallyBy, totals, type LoadRow } from './facts.ts';

const days = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;
const row = (id: number, over: Partial<LoadRow>): LoadRow => ({
  id, outcome: null, closed: null, amount: null, owner_user_id: null, owner_key: null, owner_name: null, owner_email: null, rival_ids: [],
  buyerPersona: null, industry: null, region: null, segment: null, technology: null, useCase: null, product: null, ...over,
});
const rows = [
  row(10, { outcome: 'win', closed: days('2026-01-15'), amount: 100, rival_ids: [1, 2], region: 'EMEA', owner_user_id: 7, owner_key: '7' }),
  row(11, { outcome: 'loss', closed: days('2026-03-31'), amount: 50, rival_ids: [1], region: 'EMEA', owner_key: 'b@x.test', owner_name: 'Bo', owner_email: 'b@x.test' }),
  row(12, { outcome: 'win', closed: days('2026-04-01'), amount: null, rival_ids: [2], region: 'APAC', owner_key: 'b@x.test', owner_name: 'Zed', owner_email: 'B@x.test' }),
  row(13, { outcome: 'churn', closed: days('2026-04-02'), rival_ids: [1] }),
  row(14, { outcome: null, rival_ids: [], region: 'EMEA' }),
];
const reasons = [
  { deal_id: 10, reason_id: 5, said_by: 'rep' },
  { deal_id: 10, reason_id: 5, said_by: 'buyer' },
  { deal_id: 11, reason_id: 6, said_by: 'buyer' },
  { deal_id: 12, reason_id: 6, said_by: 'rep' },
];

function facts() {
  // Deals added in two batches, as the loader does.
  const b = new FactsBuilder(rows.length);
  b.add(rows.slice(0, 2), reasons.slice(0, 3));
  b.add(rows.slice(2), reasons.slice(3));
  return b.done([...b.allStrings()].sort());
}

describe('win/loss facts', () => {
  const f = facts();
  const ids = (sel: Int32Array) => [...sel].map((i) => rows[i].id);

  it('selects by the filters with the SQL semantics', () => {
    expect(ids(selectDeals(f, {}))).toEqual([10, 11, 12, 13, 14]);
    expect(ids(selectDeals(f, { region: 'EMEA' }))).toEqual([10, 11, 14]);
    expect(ids(selectDeals(f, { region: 'Mars' }))).toEqual([]);
    expect(ids(selectDeals(f, { outcome: 'open' }))).toEqual([14]);
    expect(ids(selectDeals(f, { rivalId: 2 }))).toEqual([10, 12]);
    expect(ids(selectDeals(f, { closedAfter: '2026-03-31', closedBefore: '2026-04-01' }))).toEqual([11, 12]);
    expect(ids(selectDeals(f, { ownerId: 7 }))).toEqual([10]);
    expect(ids(selectDeals(f, { reasonId: 6 }))).toEqual([11, 12]);
    expect(ids(selectDeals(f, { reasonId: 6, saidBy: 'buyer' }))).toEqual([11]);
    expect(ids(selectDeals(f, { saidBy: 'buyer' }))).toEqual([10, 11]);
  });

  it('totals and groups the selected deals', () => {
    const all = selectDeals(f, {});
    expect(totals(f, all)).toEqual({ deals: 5, wins: 2, losses: 1, amountWon: 100, open: 1 });
    const byRival = Object.fromEntries(tallyBy(f, all, 'rival').map((t) => [t.key, t]));
    expect(byRival[1]).toEqual({ key: 1, deals: 3, wins: 1, losses: 1, amountWon: 100 });
    expect(byRival[2]).toEqual({ key: 2, deals: 2, wins: 2, losses: 0, amountWon: 100 });
    const byRegion = tallyBy(f, all, f.dims.region.codes).map((t) => [f.dims.region.dict.values[t.key], t.deals]);
    expect(byRegion).toEqual([['EMEA', 3], ['APAC', 1]]);
    expect(tallyBy(f, all, f.quarter).map((t) => [quarterKey(t.key), t.deals])).toEqual([['2026-Q1', 2], ['2026-Q2', 2]]);
  });

  it('counts reasons per sayer on deals of their own outcome, and the owner maxima', () => {
    const cited = reasonCounts(f, selectDeals(f, {}));
    expect(cited.get(reasonKey(5, 'win'))).toEqual({ deals: 1, rep: 1, buyer: 1 });
    expect(cited.get(reasonKey(6, 'loss'))).toEqual({ deals: 1, rep: 0, buyer: 1 });
    expect(cited.get(reasonKey(6, 'win'))).toEqual({ deals: 1, rep: 1, buyer: 0 });
    const byEmail = ownerMaxima(f, selectDeals(f, {})).get(f.ownerKeys.values.indexOf('b@x.test'))!;
    expect([f.strings.values[byEmail.name], f.strings.values[byEmail.email], byEmail.userId]).toEqual(['Zed', 'b@x.test', 0]);
  });
});
