// Dynamic data blocks between the card editor and the stored card (contracts/cards.ts "Dynamic formula
// blocks"; part 2 §3, §5; part 1 §9). Stored, a block is a paragraph holding only its placeholder,
// `<p>{{revenue(rival)}}</p>`, in data.textHtml, and a {type: 'formula'} block between the html blocks of
// textJson, which is how the renderer (dynamic/CardText.tsx) and the demo cards have it. In the editor a
// block is one formula node, which Tiptap reads and writes as `<div data-formula="{{revenue(rival)}}"></div>`.
import { CURRENT_RIVAL, FORMULA_PLACEHOLDER, parseFormula, type FormulaBlock, type TextBlock } from '../../../../contracts/cards.ts';
import { formulaView, hasFormulas, isBlockValid } from '../dynamic/formulas.ts';

/** The formula types of part 1 §9 as the editor's grouped list offers them. */
export const FORMULA_GROUPS = {
  company: ['keyPeople', 'officeLocations', 'social'],
  financials: ['revenue', 'revenueComparison', 'balanceSheetYear', 'balanceSheetQuarter', 'cashFlowYear', 'cashFlowQuarter', 'incomeYear', 'incomeQuarter'],
  workforce: ['employeeCount', 'employeeCountComparison', 'jobPostings'],
  web: ['traffic', 'trafficComparison', 'keywords'],
  news: ['pressAndVideos'],
  salesforce: ['crmWins', 'latestOpportunities'],
} as const;

/** The Salesforce query types: the CRM opportunity conditions of part 1 §9. */
export const SFDC_QUERY_TYPES = ['Opportunities Last 6 Months', 'Closed Opportunities Last 6 Months'] as const;

export type FormulaDraft = Pick<FormulaBlock, 'formulaKey' | 'companies' | 'sfdcQueryType'>;

/** The placeholder of a formula: {{key(company, ...)}}, the Salesforce query type quoted last. */
export function formulaPlaceholder(f: FormulaDraft): string {
  const args = [...f.companies.map(String), ...(f.sfdcQueryType ? [`"${f.sfdcQueryType}"`] : [])];
  return `{{${f.formulaKey}(${args.join(', ')})}}`;
}

export type BlockIssue = 'unknownType' | 'needsTwoCompanies' | 'needsCompany';

/** Why a block is not valid by the rule the renderer applies (isBlockValid), or null when it is. */
export function blockIssue(f: Pick<FormulaBlock, 'formulaKey' | 'companies'>): BlockIssue | null {
  if (isBlockValid(f)) return null;
  const view = formulaView(f.formulaKey);
  return !view ? 'unknownType' : view.comparison ? 'needsTwoCompanies' : 'needsCompany';
}

/** The issue of a block as the editor holds it (its placeholder); text that is no formula has an unknown type. */
export function placeholderIssue(placeholder: string): BlockIssue | null {
  const f = parseFormula(placeholder);
  return f ? blockIssue(f) : 'unknownType';
}

/** A company as a formula argument: the current rival, a rival id, or a web domain. */
export function companyArg(value: string): number | string {
  return /^[1-9]\d{0,9}$/.test(value) ? Number(value) : value === CURRENT_RIVAL ? CURRENT_RIVAL : value.toLowerCase();
}

/** The host name of what a curator typed as a web domain (acme.com, https://www.acme.com/about), or null. */
export function webDomain(text: string): string | null {
  const host = text.trim().toLowerCase().replace(/^https?:\/\//, '').replace(/[/?#].*$/, '');
  return /^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(host) ? host : null;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#39;': "'", '&lt;': '<', '&gt;': '>', '&nbsp;': '\u00a0' };
const decode = (s: string) => s.replace(/&(?:amp|quot|#39|lt|gt|nbsp);/g, (e) => ENTITIES[e]);
const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;');

const STORED_BLOCK = new RegExp(`<p>\\s*(${FORMULA_PLACEHOLDER.source})\\s*</p>`, 'g');
const EDITOR_BLOCK = /<div data-formula="([^"]*)"[^>]*>\s*<\/div>/g;
const EMPTY_ENDS = /^(?:<p><\/p>)+|(?:<p><\/p>)+$/g;

/** Stored card HTML as the editor loads it: each paragraph holding only a placeholder becomes a formula node. */
export function editorHtml(textHtml: string): string {
  return textHtml.replace(STORED_BLOCK, (_, placeholder: string) => `<div data-formula="${escapeAttr(decode(placeholder))}"></div>`);
}

export type StoredText = { textHtml: string; textJson: TextBlock[]; hasDynamicBlocks: boolean };

/** The editor's HTML as the card stores it: textHtml with placeholder paragraphs and the matching textJson blocks. */
export function storedText(html: string): StoredText {
  const source = html.replace(EMPTY_ENDS, '');
  const blocks: TextBlock[] = [];
  let last = 0;
  for (const m of source.matchAll(EDITOR_BLOCK)) {
    if (m.index > last) blocks.push({ type: 'html', value: source.slice(last, m.index) });
    blocks.push({ type: 'formula', value: decode(m[1]) });
    last = m.index + m[0].length;
  }
  if (last < source.length || blocks.length === 0) blocks.push({ type: 'html', value: source.slice(last) });
  const textHtml = blocks.map((b) => (b.type === 'html' ? b.value : `<p>${escapeText(b.value)}</p>`)).join('');
  return { textHtml, textJson: blocks, hasDynamicBlocks: hasFormulas(textHtml) };
}
