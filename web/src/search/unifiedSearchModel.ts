// The modes of the unified search box (part 2 §2 Search, §5, §6): ask, cards, alerts and reviews. Alerts (the
// intel context) is for curators and admins only, reviews for those who see review insights (part 3 §6); ask
// comes with the unified search flag; the default
// is ask when the company's dashboard Ask flag is on, otherwise cards. Until a user picks a mode, what they type
// decides: a term searches cards, a question goes to Ask; a picked mode stays theirs. Pure; see unifiedSearchModel.test.ts.
import type { Company, User } from '../../../contracts/account.ts';
import { canSeeInsights, flag, isCurator, isWinLossExclusive } from '../user/permissions.ts';
import type { UnifiedSearchMode } from './suggestions.ts';

export type { UnifiedSearchMode };

type ModeUser = Pick<User, 'roles' | 'isImpersonating' | 'isStaff' | 'canImpersonate' | 'userData'>;
type ModeCompany = Pick<Company, 'companyData' | 'firstProfileId' | 'firstRivalId' | 'usageReports' | 'reviewRole'>;

/** The modes this user may pick, in display order. Win/loss-exclusive companies hide Ask and card search. */
export function availableModes(user: ModeUser, company: ModeCompany): UnifiedSearchMode[] {
  const modes: UnifiedSearchMode[] = [];
  const wlExclusive = isWinLossExclusive(company);
  if (!wlExclusive && flag(company, 'unifiedSearch')) modes.push('ask');
  if (!wlExclusive) modes.push('cards');
  if (isCurator(user)) modes.push('alerts');
  if (canSeeInsights(user)) modes.push('reviews');
  return modes;
}

export function defaultMode(user: ModeUser, company: ModeCompany): UnifiedSearchMode | null {
  const modes = availableModes(user, company);
  if (modes.includes('ask') && flag(company, 'askDashboard')) return 'ask';
  if (modes.includes('cards')) return 'cards';
  return modes[0] ?? null;
}

/** The mode a page implies: the search results page is cards, the alerts page alerts, insights reviews, the Ask page ask. */
export function modeOfPath(pathname: string): UnifiedSearchMode | null {
  if (pathname === '/search' || pathname.startsWith('/search/')) return 'cards';
  if (pathname === '/alerts' || pathname.startsWith('/alerts/')) return 'alerts';
  if (pathname === '/insights' || pathname.startsWith('/insights/')) return 'reviews';
  if (pathname.startsWith('/ask-')) return 'ask';
  return null;
}

/** Suggestions (tags, battlecards, completions) belong to the cards context; alerts and reviews search their own. */
export const modeShowsSuggestions = (mode: UnifiedSearchMode) => mode !== 'alerts' && mode !== 'reviews';

/** The user data key of the mode a user picked in the box: it stays their mode, after a reload and on other devices. */
export const SEARCH_MODE_KEY = 'unifiedSearchMode';

/** The mode the user picked, while it is still one they may use. */
export function pickedMode(user: ModeUser, modes: readonly UnifiedSearchMode[]): UnifiedSearchMode | null {
  const picked = user.userData?.[SEARCH_MODE_KEY];
  return modes.find((m) => m === picked) ?? null;
}

/** Words that open a question when more words follow ("how do we…", "does Lumenary…"). */
const QUESTION_WORDS = new Set(['how', 'why', 'what', 'which', 'who', 'when', 'where', 'does', 'do', 'is', 'are', 'can', 'could', 'should', 'would', 'will']);

/** A question rather than search terms: it has a question mark, or a question word leads several words. */
export function looksLikeQuestion(input: string): boolean {
  if (input.includes('?')) return true;
  const words = input.trim().toLowerCase().split(/\s+/);
  return words.length > 1 && QUESTION_WORDS.has(words[0]);
}

/**
 * The mode of a user who has not picked one: an empty box shows the default, typed terms search cards (a rep
 * typing "pricing" wants cards, not a chat) and a question goes to Ask.
 */
export function modeForInput(input: string, modes: readonly UnifiedSearchMode[], fallback: UnifiedSearchMode | null): UnifiedSearchMode | null {
  if (!input.trim()) return fallback;
  if (modes.includes('ask') && looksLikeQuestion(input)) return 'ask';
  return modes.includes('cards') ? 'cards' : fallback;
}
