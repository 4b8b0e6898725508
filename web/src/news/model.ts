// Who sees which news surface, and the unread state (part 1 §6: unread state for non-curators with the flag;
// news dashboard; feed hidden in consumer nav). The dashboard's first screen imports this module: it stays
// small and pure. See model.test.ts.
import type { User } from '../../../contracts/account.ts';
import { flag, isCurator, isFeedHidden, isWinLossExclusive, type CompanyLike } from '../user/permissions.ts';

type NewsUser = Pick<User, 'roles' | 'userData'>;
type NewsCompany = CompanyLike;

/** The userData keys of part 1 §3. */
export const BOARD_NEWS_VISITS = 'boardNewsVisits';
export const DASHBOARD_NEWS_TOGGLE = 'dashboardNewsToggle';

/** Unread badges: non-curators, with the company's flag. */
export const showsUnreadBadges = (u: NewsUser, c: NewsCompany) => !isCurator(u) && flag(c, 'unreadBadges');

/** The dashboard's Boards | News toggle: the company's flag, for those who may read the feed. */
export const showsNewsDashboard = (u: NewsUser, c: NewsCompany) => flag(c, 'newsDashboard') && !isFeedHidden(u, c) && !isWinLossExclusive(c);

/** Whether the user last left the dashboard on News (userData.dashboardNewsToggle). */
export const newsToggleOn = (u: NewsUser) => u.userData?.[DASHBOARD_NEWS_TOGGLE] === true;

/** Where "See all news" leads: the feed, or for curators (whose /feed is /alerts) the published intel. */
export const allNewsPath = (u: NewsUser) => (isCurator(u) ? '/alerts?view=published' : '/feed');

/**
 * The moment a visit is recorded at, by the server's clock (the browser's plus the offset the notification poll
 * measured): the server counts news published after it as unread, so a browser clock running ahead would hide
 * news published in between, and one running behind would leave read news counted.
 */
export const visitStamp = (browserNowMs: number, clockOffsetMs: number) => new Date(browserNowMs + clockOffsetMs).toISOString();
