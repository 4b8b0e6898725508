import { describe, expect, it } from 'vitest';
import type { RateRow } from '../../../contracts/deals.ts';
import {
  dimensionOf,
  drillFilters,
  filtersFromSearch,
  formatAmount,
  formatShare,
  initialColumns,
  mappingColumns,
  missingRequired,
  quarterLabel,
  quarterRange,
  reasonFilters,
  searchFromFilters,
  sortRows,
  surveyView,
  tabOf,
  tabPath,
} from './model.ts';

const row = (key: string, wins: number, losses: number, winRate: number | null): RateRow => ({ key, label: key, deals: wins + losses, wins, losses, winRate, low: null, high: null, amountWon: 0 });

describe('the filters in the URL', () => {
  it('reads each filter with the contract’s rule and drops a wrong one', () => {
    const f = filtersFromSearch(new URLSearchParams('rivalId=4&industry=Banking&closedAfter=2026-01-01&ownerId=abc&closedBefore=1.2.2026&lng=de'));
    expect(f).toEqual({ rivalId: 4, industry: 'Banking', closedAfter: '2026-01-01' });
  });

  it('writes them in a fixed order, keeping other parameters and dropping cleared ones', () => {
    const base = new URLSearchParams('dimension=region&industry=Retail');
    expect(searchFromFilters({ region: 'EMEA', rivalId: 2 }, base).toString()).toBe('dimension=region&rivalId=2&region=EMEA');
    expect(filtersFromSearch(searchFromFilters({ segment: 'Mid-market', product: 'Core' }))).toEqual({ segment: 'Mid-market', product: 'Core' });
  });

  it('names a tab per path (an interview’s or a survey’s page in its tab), a dimension per query', () => {
    expect(tabOf('')).toBe('overview');
    expect(tabOf('reports/')).toBe('reports');
    expect(tabOf('interviews')).toBe('interviews');
    expect(tabOf('interviews/12')).toBe('interviews');
    expect(tabOf('interviews/x')).toBeNull();
    expect(tabPath('interviews')).toBe('/win-loss/interviews');
    expect(tabOf('surveys')).toBe('surveys');
    expect(tabOf('surveys/new')).toBe('surveys');
    expect(tabOf('surveys/12/')).toBe('surveys');
    expect(tabOf('surveys/0')).toBeNull();
    expect(tabOf('surveys/x')).toBeNull();
    expect(tabOf('surveys/1/send')).toBeNull();
    expect([surveyView('surveys'), surveyView('surveys/new'), surveyView('surveys/12')]).toEqual([{ kind: 'list' }, { kind: 'new' }, { kind: 'open', id: 12 }]);
    expect(tabPath('surveys')).toBe('/win-loss/surveys');
    expect(dimensionOf(new URLSearchParams('dimension=useCase'))).toBe('useCase');
    expect(dimensionOf(new URLSearchParams('dimension=nope'))).toBe('rival');
  });
});

describe('drilling down', () => {
  it('adds the group’s own filter to the bar’s', () => {
    expect(drillFilters({ region: 'EMEA' }, 'rival', '7')).toEqual({ region: 'EMEA', rivalId: 7 });
    expect(drillFilters({}, 'owner', '3')).toEqual({ ownerId: 3 });
    expect(drillFilters({ rivalId: 1 }, 'industry', 'Banking')).toEqual({ rivalId: 1, industry: 'Banking' });
    expect(drillFilters({}, 'rival', 'none')).toBeNull();
  });

  it('narrows a quarter to the bar’s dates', () => {
    expect(quarterRange('2024-Q1')).toEqual({ closedAfter: '2024-01-01', closedBefore: '2024-03-31' });
    expect(quarterRange('2026-Q4')).toEqual({ closedAfter: '2026-10-01', closedBefore: '2026-12-31' });
    expect(drillFilters({ closedAfter: '2026-02-10' }, 'quarter', '2026-Q1')).toEqual({ closedAfter: '2026-02-10', closedBefore: '2026-03-31' });
    expect(drillFilters({ closedBefore: '2025-12-31' }, 'quarter', '2026-Q2')).toEqual({ closedAfter: '2026-04-01', closedBefore: '2025-12-31' });
    expect(quarterLabel('2026-Q3', ({ quarter, year }) => `Q${quarter}/${year}`)).toBe('Q3/2026');
  });

  it('asks for a reason as anyone or as one sayer said it', () => {
    expect(reasonFilters({ rivalId: 2 }, 9)).toEqual({ rivalId: 2, reasonId: 9 });
    expect(reasonFilters({}, 9, 'buyer')).toEqual({ reasonId: 9, saidBy: 'buyer' });
  });
});

describe('sorting a report', () => {
  const rows = [row('b', 1, 3, 0.25), row('a', 4, 0, 1), row('c', 0, 0, null)];
  it('sorts by a column either way, rows without a rate last', () => {
    expect(sortRows(rows, 'winRate', 'desc').map((r) => r.key)).toEqual(['a', 'b', 'c']);
    expect(sortRows(rows, 'winRate', 'asc').map((r) => r.key)).toEqual(['b', 'a', 'c']);
    expect(sortRows(rows, 'label', 'asc').map((r) => r.key)).toEqual(['a', 'b', 'c']);
    expect(sortRows(rows, 'losses', 'desc').map((r) => r.key)).toEqual(['b', 'a', 'c']);
  });
});

describe('numbers in the reader’s language', () => {
  it('writes shares and amounts per language', () => {
    expect(formatShare(0.456, 'en')).toBe('46%');
    expect(formatShare(0.456, 'de')).toBe('46\u00a0%');
    expect(formatShare(null, 'en')).toBeNull();
    expect(formatAmount(125000, 'USD', 'en')).toBe('$125,000');
    expect(formatAmount(125000, 'EUR', 'de')).toBe('125.000\u00a0€');
    expect(formatAmount(5, 'XX1', 'en')).toBe('5 XX1');
  });
});

describe('the import’s mapping', () => {
  it('starts from the suggestion the file’s headers allow and names what is missing', () => {
    const columns = initialColumns({ crmId: 'Id', name: 'Deal', stage: 'Gone' }, ['Id', 'Deal', 'Created']);
    expect(columns).toEqual({ crmId: 'Id', name: 'Deal' });
    expect(missingRequired(columns)).toEqual(['stage', 'createdOn']);
    expect(mappingColumns({ ...columns, notes: undefined, createdOn: 'Created' })).toEqual({ crmId: 'Id', name: 'Deal', createdOn: 'Created' });
  });
});
