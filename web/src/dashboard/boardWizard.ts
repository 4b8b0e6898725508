// Rules of the board creation wizard (part 3 §5 Board wizard, §4.8, §7.5): the categories offered, the
// URL as sent (https:// when the scheme is missing), when submit is enabled, the default name of a blank
// board, a company picked from the suggestions, and the template choice as copyFromId.
import { isSourceUrl, RIVAL_CATEGORIES, type RivalCreateBody } from '../../../contracts/cards.ts';
import type { DiscoverCompany } from '../../../contracts/dashboard.ts';

export type RivalCategory = (typeof RIVAL_CATEGORIES)[number];
/** Template choice: the best-practice template, none, or a profile id to copy. */
export const BEST_PRACTICE_TEMPLATE = '-1';
export const NO_TEMPLATE = '';
export const BLANK_BOARD_NAME = 'My New Blank Board';
/** The company flag that allows blank ("other") boards. */
export const BLANK_BOARDS_FLAG = 'blankBoards';

export type WizardForm = { category: RivalCategory | null; name: string; url: string; template: string };
export const emptyWizard: WizardForm = { category: null, name: '', url: '', template: BEST_PRACTICE_TEMPLATE };

export const categoryOptions = (blankBoardsAllowed: boolean): RivalCategory[] =>
  RIVAL_CATEGORIES.filter((c) => c !== 'other' || blankBoardsAllowed);

/** A URL without a scheme gets https:// (part 3 §5); blank stays blank. */
export function normalizeUrl(text: string): string {
  const t = text.trim();
  if (!t) return '';
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(t) ? t : `https://${t}`;
}

/** Choosing other fills the default blank-board name when the name is still empty. */
export function withCategory(form: WizardForm, category: RivalCategory | null): WizardForm {
  return { ...form, category, name: category === 'other' && !form.name.trim() ? BLANK_BOARD_NAME : form.name };
}

/** The company picker asks for suggestions once typing pauses this long. */
export const COMPANY_SEARCH_DEBOUNCE_MS = 250;

/** A picked company suggestion fills the board's name and website. */
export const withCompany = (form: WizardForm, company: Pick<DiscoverCompany, 'name' | 'domain'>): WizardForm => ({
  ...form,
  name: company.name,
  url: normalizeUrl(company.domain),
});

/** Company and product boards need a valid URL; a blank board may have one. */
export function urlValid(form: WizardForm): boolean {
  const url = normalizeUrl(form.url);
  if (!url) return form.category === 'other';
  return isSourceUrl(url);
}

export const canSubmit = (form: WizardForm): boolean => !!form.category && form.name.trim().length > 0 && urlValid(form);

/**
 * The POST /api/rivals.json body. The best-practice template is the server's default lanes, so it sends
 * no copyFromId; none sends copyFromId 0 (no boards); a profile id copies that profile.
 */
export function rivalCreateBody(form: WizardForm): RivalCreateBody {
  const url = normalizeUrl(form.url);
  const copyFromId = form.template === '' ? 0 : Number(form.template);
  return {
    name: form.name.trim(),
    category: form.category ?? 'company',
    ...(url ? { url } : {}),
    ...(Number.isInteger(copyFromId) && copyFromId >= 0 ? { copyFromId } : {}),
  };
}
