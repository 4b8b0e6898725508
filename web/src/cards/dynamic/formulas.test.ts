import { describe, expect, it } from 'vitest';
import { parseFormula, PROVIDER_NAMES } from '../../../../contracts/cards.ts';
import { amountText, compactNumber, crmCondition, FORMULA_TYPES, formatValue, formulaData, formulaView, hasFormulas, isBlockValid, isEmptyData, monthTick, resolveCompanies, splitCardHtml } from './formulas.ts';

describe('formula → provider', () => {
  it('maps the formula types of part 1 §9 to the six providers', () => {
    expect(formulaView('revenue')?.provider).toBe('firmographic');
    expect(formulaView('employeeCount')?.provider).toBe('firmographic');
    expect(formulaView('keyPeople')?.provider).toBe('companyData');
    expect(formulaView('officeLocations')?.provider).toBe('companyData');
    expect(formulaView('traffic')?.provider).toBe('webTraffic');
    expect(formulaView('keywords')?.provider).toBe('webTraffic');
    expect(formulaView('jobPostings')?.provider).toBe('hiring');
    expect(formulaView('pressAndVideos')?.provider).toBe('news');
    expect(formulaView('crmWins')?.provider).toBe('own');
    expect(formulaView('nope')).toBeNull();
    for (const v of Object.values(FORMULA_TYPES)) expect(PROVIDER_NAMES).toContain(v.provider);
  });
});

describe('block validity (part 2 §5)', () => {
  it('Salesforce formulas are always valid', () => {
    expect(isBlockValid({ formulaKey: 'crmWins', companies: [] })).toBe(true);
    expect(isBlockValid({ formulaKey: 'latestOpportunities', companies: [] })).toBe(true);
  });
  it('comparison formulas need two different companies', () => {
    expect(isBlockValid({ formulaKey: 'trafficComparison', companies: ['rival'] })).toBe(false);
    expect(isBlockValid({ formulaKey: 'trafficComparison', companies: [3, 3] })).toBe(false);
    expect(isBlockValid({ formulaKey: 'trafficComparison', companies: ['rival', 3] })).toBe(true);
  });
  it('other formulas need at least one company; unknown types are invalid', () => {
    expect(isBlockValid({ formulaKey: 'revenue', companies: [] })).toBe(false);
    expect(isBlockValid({ formulaKey: 'revenue', companies: ['rival'] })).toBe(true);
    expect(isBlockValid({ formulaKey: 'horoscope', companies: ['rival'] })).toBe(false);
  });
});

describe('placeholders', () => {
  it('parses companies, ids, domains and the Salesforce query type', () => {
    expect(parseFormula('{{ trafficComparison(rival, 12, Acme.com) }}')).toMatchObject({ formulaKey: 'trafficComparison', companies: ['rival', 12, 'acme.com'] });
    expect(parseFormula('{{latestOpportunities(rival, "open")}}')).toMatchObject({ companies: ['rival'], sfdcQueryType: 'open' });
    expect(parseFormula('text {{revenue(rival)}}')).toBeNull();
  });

  it('splits card HTML at placeholders, taking a paragraph that holds only the placeholder', () => {
    const segs = splitCardHtml('<h4>A</h4><p>{{revenue(rival)}}</p><p>Hiring: {{jobPostings(rival)}} now</p>');
    expect(segs.map((s) => (s.kind === 'html' ? s.html : s.formula.formulaKey))).toEqual(['<h4>A</h4>', 'revenue', '<p>Hiring: ', 'jobPostings', ' now</p>']);
    expect(hasFormulas('<p>{{revenue(rival)}}</p>')).toBe(true);
    expect(hasFormulas('<p>{not one}</p>')).toBe(false);
    expect(splitCardHtml('<p>plain</p>')).toEqual([{ kind: 'html', html: '<p>plain</p>' }]);
  });

  it('resolves the current rival, ids and domains once each', () => {
    const f = parseFormula('{{trafficComparison(rival, 7, 7, acme.com, junk)}}')!;
    expect(resolveCompanies(f, 7)).toEqual([{ rivalId: 7 }, { domain: 'acme.com' }]);
    expect(resolveCompanies(parseFormula('{{crmWins()}}')!, 4)).toEqual([{ rivalId: 4 }]);
    expect(resolveCompanies(parseFormula('{{revenue(rival)}}')!, null)).toEqual([]);
  });
});

describe('provider data of a formula', () => {
  it('picks the formula fields, the series and the articles; no fields means empty', () => {
    const d = formulaData(formulaView('traffic')!, { monthlyVisits: 1200, series: [{ month: '2026-01', visits: 10 }, { bad: 1 }], other: 1 });
    expect(d.facts).toEqual([['monthlyVisits', 1200]]);
    expect(d.series).toEqual([{ month: '2026-01', value: 10 }]);
    expect(isEmptyData(d)).toBe(false);
    expect(isEmptyData(formulaData(formulaView('revenue')!, {}))).toBe(true);
    expect(isEmptyData(formulaData(formulaView('keywords')!, { monthlyVisits: 3 }))).toBe(true);
    expect(formulaData(formulaView('pressAndVideos')!, { articles: [{ title: 'T', url: 'https://x.test' }, { title: 3 }] }).articles).toHaveLength(1);
  });
  it('lists the latest opportunities of latestOpportunities, which alone are not empty', () => {
    const view = formulaView('latestOpportunities')!;
    const opportunity = { name: 'Acme renewal', accountName: 'Acme', stage: 'Proposal', amount: 5000, currency: 'EUR' };
    const d = formulaData(view, { dealsOpen: 2, opportunities: [opportunity, { name: 'no stage' }] });
    expect(d.facts).toEqual([['dealsOpen', 2]]);
    expect(d.opportunities).toEqual([opportunity]);
    expect(isEmptyData(formulaData(view, { opportunities: [opportunity] }))).toBe(false);
    // crmWins lists none, whatever the data holds.
    expect(formulaData(formulaView('crmWins')!, { dealsWon: 0, opportunities: [opportunity] })).toMatchObject({ facts: [['dealsWon', 0]], opportunities: [] });
  });
  it('reads a Salesforce formula’s condition from its query type; others have none', () => {
    expect(crmCondition({ formulaKey: 'crmWins', sfdcQueryType: 'closed opportunities last 6 months' })).toBe('Closed Opportunities Last 6 Months');
    expect(crmCondition({ formulaKey: 'latestOpportunities', sfdcQueryType: 'Opportunities Last 6 Months' })).toBe('Opportunities Last 6 Months');
    expect(crmCondition({ formulaKey: 'crmWins', sfdcQueryType: 'Everything' })).toBeUndefined();
    expect(crmCondition({ formulaKey: 'crmWins' })).toBeUndefined();
    expect(crmCondition({ formulaKey: 'revenue', sfdcQueryType: 'Opportunities Last 6 Months' })).toBeUndefined();
  });
  it('writes a deal’s amount in its currency', () => {
    expect(amountText(5000, 'EUR', 'en')).toBe('€5,000');
    expect(amountText(5000, 'USD', 'de')).toMatch(/^5\.000\s\$$/);
    expect(amountText(5000, 'NOPE1', 'en')).toBe('5,000 NOPE1');
  });
  it('formats rates, dollars, lists and maps', () => {
    expect(formatValue('winRate', 0.4567, 'en')).toBe('45.7%');
    expect(formatValue('estimatedRevenueUsd', 12000000, 'en')).toBe('$12,000,000');
    expect(formatValue('avgDealSizeUsd', 1234.5, 'en')).toBe('$1,234.50');
    expect(formatValue('monthlyVisits', 1234567, 'en')).toBe('1,234,567');
    expect(formatValue('byDepartment', { Sales: 3, 'G&A': 1 }, 'en')).toBe('Sales: 3, G&A: 1');
    expect(formatValue('x', ['a', 'b'], 'en')).toBe('a, b');
  });
  it('formats rates, dollars and counts the German way', () => {
    expect(formatValue('winRate', 0.4567, 'de')).toBe('45,7\u00a0%');
    expect(formatValue('estimatedRevenueUsd', 12000000, 'de')).toBe('12.000.000\u00a0$');
    expect(formatValue('pagesPerVisit', 2.5, 'de')).toBe('2,5');
    expect(formatValue('byDepartment', { Sales: 1200 }, 'de')).toBe('Sales: 1.200');
  });
  it('labels chart axes with short months and compact numbers', () => {
    expect(monthTick('2026-05', 'en')).toBe('May 26');
    expect(monthTick('2025-12', 'en')).toBe('Dec 25');
    expect(monthTick('Q2', 'en')).toBe('Q2');
    expect(compactNumber(12300, 'en')).toBe('12.3K');
    expect(compactNumber(1_500_000, 'en')).toBe('1.5M');
    expect(compactNumber(42, 'en')).toBe('42');
  });
  it('labels chart axes the German way', () => {
    expect(monthTick('2026-03', 'de')).toBe('März 26');
    expect(monthTick('2025-12', 'de')).toBe('Dez. 25');
    expect(compactNumber(12300, 'de')).toBe('12.300');
    expect(compactNumber(1_500_000, 'de')).toBe('1,5\u00a0Mio.');
  });
});
