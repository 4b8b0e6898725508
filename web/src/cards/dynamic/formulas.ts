// Pure rules of dynamic data blocks (part 2 §3 Dynamic formula block, §4, §5; part 1 §9 formula types):
// which provider feeds each formula type and which of its fields it shows, whether a block is valid,
// how its companies resolve on a card, and how card HTML splits into HTML and formula segments.
import { CURRENT_RIVAL, FORMULA_PLACEHOLDER, parseFormula, type FormulaBlock, type ProviderName } from '../../../../contracts/cards.ts';
import { SFDC_CONDITIONS, type SfdcCondition } from '../../../../contracts/deals.ts';
import { numberFormat } from '../../shared/numbers.ts';

/** What a formula shows of its provider's data: fields as a table, a monthly series as a chart, articles as links. */
export type FormulaView = {
  provider: ProviderName;
  facts?: readonly string[];
  series?: { field: string; value: string };
  articles?: string;
  /** A field holding the latest CRM opportunities, listed below the facts (only readers of win/loss get it). */
  opportunities?: string;
  /** Salesforce (CRM) formulas: always valid, with their own empty-data wording. */
  salesforce?: boolean;
  /** Comparison formulas need two different companies. */
  comparison?: boolean;
};

const firmo = (facts: string[], extra: Partial<FormulaView> = {}): FormulaView => ({ provider: 'firmographic', facts, ...extra });
const traffic: FormulaView = { provider: 'webTraffic', facts: ['monthlyVisits', 'bounceRate', 'pagesPerVisit'], series: { field: 'series', value: 'visits' } };
const hiring: FormulaView = { provider: 'hiring', facts: ['openRoles', 'growthRate', 'byDepartment'], series: { field: 'series', value: 'openRoles' } };

/** The formula types of the company widget list (part 1 §9), each mapped to one of the six providers. */
export const FORMULA_TYPES: Record<string, FormulaView> = {
  keyPeople: { provider: 'companyData', facts: ['ceo', 'keyPeople'] },
  balanceSheetYear: firmo(['balanceSheetYear']),
  balanceSheetQuarter: firmo(['balanceSheetQuarter']),
  cashFlowYear: firmo(['cashFlowYear']),
  cashFlowQuarter: firmo(['cashFlowQuarter']),
  incomeYear: firmo(['incomeYear']),
  incomeQuarter: firmo(['incomeQuarter']),
  employeeCount: firmo(['employeeCount', 'employeeRange']),
  employeeCountComparison: firmo(['employeeCount', 'employeeRange'], { comparison: true }),
  revenue: firmo(['estimatedRevenueUsd', 'revenueRange']),
  revenueComparison: firmo(['estimatedRevenueUsd', 'revenueRange'], { comparison: true }),
  jobPostings: hiring,
  officeLocations: { provider: 'companyData', facts: ['headquarters', 'officeLocations'] },
  traffic,
  trafficComparison: { ...traffic, comparison: true },
  keywords: { provider: 'webTraffic', facts: ['keywords'] },
  social: { provider: 'companyData', facts: ['social'] },
  pressAndVideos: { provider: 'news', articles: 'articles' },
  crmWins: { provider: 'own', facts: ['dealsWon', 'dealsLost', 'winRate', 'mostCitedWinReason', 'mostCitedLossReason'], salesforce: true },
  latestOpportunities: { provider: 'own', facts: ['dealsOpen', 'avgDealSizeUsd', 'competitiveDeals'], opportunities: 'opportunities', salesforce: true },
};

export const formulaView = (formulaKey: string): FormulaView | null => FORMULA_TYPES[formulaKey] ?? null;

/**
 * Part 2 §5: Salesforce formulas are always valid; comparison formulas need two different companies;
 * all others at least one. An unknown formula type is never valid.
 */
export function isBlockValid(f: Pick<FormulaBlock, 'formulaKey' | 'companies'>): boolean {
  const view = formulaView(f.formulaKey);
  if (!view) return false;
  if (view.salesforce) return true;
  const distinct = new Set(f.companies.map(String));
  return view.comparison ? distinct.size >= 2 : distinct.size >= 1;
}

/** The deals a Salesforce formula reads, from its query type ("Closed Opportunities Last 6 Months"); none: the default. */
export function crmCondition(f: Pick<FormulaBlock, 'formulaKey' | 'sfdcQueryType'>): SfdcCondition | undefined {
  if (!formulaView(f.formulaKey)?.salesforce || !f.sfdcQueryType) return undefined;
  const wanted = f.sfdcQueryType.trim().toLowerCase();
  return SFDC_CONDITIONS.find((c) => c.toLowerCase() === wanted);
}

/** A company as the provider API takes it: the current rival placeholder becomes its id. */
export type CompanyRef = { rivalId: number } | { domain: string };
export function resolveCompanies(f: FormulaBlock, currentRivalId: number | null): CompanyRef[] {
  const refs: CompanyRef[] = [];
  const seen = new Set<string>();
  // A Salesforce formula without companies speaks of the card's rival.
  const companies = f.companies.length === 0 && formulaView(f.formulaKey)?.salesforce ? [CURRENT_RIVAL] : f.companies;
  for (const c of companies) {
    const ref: CompanyRef | null =
      c === CURRENT_RIVAL ? (currentRivalId ? { rivalId: currentRivalId } : null) : typeof c === 'number' ? { rivalId: c } : c.includes('.') ? { domain: c } : null;
    const key = ref && ('rivalId' in ref ? `r${ref.rivalId}` : `d${ref.domain}`);
    if (ref && !seen.has(key!)) {
      seen.add(key!);
      refs.push(ref);
    }
  }
  return refs;
}

export type CardSegment = { kind: 'html'; html: string } | { kind: 'formula'; formula: FormulaBlock };

/** Splits card HTML at its placeholders; a placeholder alone in a paragraph takes the paragraph with it. */
export function splitCardHtml(html: string): CardSegment[] {
  const out: CardSegment[] = [];
  const re = new RegExp(`<p>\\s*(${FORMULA_PLACEHOLDER.source})\\s*</p>|${FORMULA_PLACEHOLDER.source}`, 'g');
  let last = 0;
  for (const m of html.matchAll(re)) {
    const formula = parseFormula(m[1] ?? m[0]);
    if (!formula) continue;
    if (m.index > last) out.push({ kind: 'html', html: html.slice(last, m.index) });
    out.push({ kind: 'formula', formula });
    last = m.index + m[0].length;
  }
  if (last < html.length) out.push({ kind: 'html', html: html.slice(last) });
  return out;
}

export const hasFormulas = (html: string | null | undefined): boolean => !!html && new RegExp(FORMULA_PLACEHOLDER.source).test(html);

/** The provider data a formula shows; empty when the provider has none of it (the empty-data notice). */
export type Opportunity = { name: string; accountName: string | null; stage: string; amount: number | null; currency: string };
export function formulaData(
  view: FormulaView,
  data: Record<string, unknown>,
): {
  facts: [string, unknown][];
  series: { month: string; value: number }[];
  articles: { title: string; url: string; source?: string; publishedAt?: string }[];
  opportunities: Opportunity[];
} {
  const present = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);
  const facts = (view.facts ?? []).filter((k) => present(data[k])).map((k) => [k, data[k]] as [string, unknown]);
  const rawSeries = view.series ? data[view.series.field] : undefined;
  const series = Array.isArray(rawSeries)
    ? rawSeries
        .filter((p): p is Record<string, unknown> => !!p && typeof p === 'object')
        .map((p) => ({ month: String(p.month ?? ''), value: Number(p[view.series!.value]) }))
        .filter((p) => p.month && Number.isFinite(p.value))
    : [];
  const rawArticles = view.articles ? data[view.articles] : undefined;
  const articles = Array.isArray(rawArticles)
    ? rawArticles.filter((a): a is { title: string; url: string } => !!a && typeof a === 'object' && typeof a.title === 'string' && typeof a.url === 'string')
    : [];
  const rawOpportunities = view.opportunities ? data[view.opportunities] : undefined;
  const opportunities = Array.isArray(rawOpportunities)
    ? rawOpportunities.filter((o): o is Opportunity => !!o && typeof o === 'object' && typeof o.name === 'string' && typeof o.stage === 'string')
    : [];
  return { facts, series, articles, opportunities };
}

export const isEmptyData = (d: ReturnType<typeof formulaData>) =>
  d.facts.length === 0 && d.series.length === 0 && d.articles.length === 0 && d.opportunities.length === 0;

/** A provider value as text in the reader's language: rates as percents, USD amounts in dollars, lists and maps spelled out. */
export function formatValue(key: string, v: unknown, locale: string): string {
  if (typeof v === 'number') {
    if (/Rate$/.test(key)) return numberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(v);
    if (/Usd$/.test(key)) return numberFormat(locale, { style: 'currency', currency: 'USD', trailingZeroDisplay: 'stripIfInteger' }).format(v);
    return numberFormat(locale).format(v);
  }
  if (Array.isArray(v)) return v.map((x) => formatValue('', x, locale)).join(', ');
  if (v && typeof v === 'object') return Object.entries(v).map(([k, x]) => `${k}: ${formatValue(k, x, locale)}`).join(', ');
  return String(v);
}

/** A deal's amount in its own currency; a code Intl does not know reads as the number and the code. */
export function amountText(amount: number, currency: string, locale: string): string {
  try {
    return numberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount);
  } catch {
    return `${numberFormat(locale).format(amount)} ${currency}`;
  }
}

/** A chart's month axis tick: "2026-05" as "May 26" ("Mai 26" in German); anything else as it is. */
export function monthTick(month: string, locale: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m) return month;
  return new Intl.DateTimeFormat(locale, { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)));
}

/** A chart's value axis tick, short: 12,300 as "12.3K" (German "12.300"), 1.5 million as "1.5M" ("1,5 Mio."). */
export const compactNumber = (v: number, locale: string) => numberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(v);
