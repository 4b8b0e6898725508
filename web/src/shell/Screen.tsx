// Which component each route key renders. Every screen is its own chunk, loaded when first shown (the
// spec's preloaded lazy screens): the first page a browser opens downloads the app shell and that one
// screen. preloadScreen fetches a chunk ahead of need (on idle, on hover of a link), so a later visit
// renders at once. Keys that are not built (core/routes.ts BUILT_SCREENS) have no screen and render not found.
import { lazyScreen as screen, ShowLazyScreen, type LazyScreen, type ScreenParams as Params } from '../core/lazyScreen.tsx';
import { isBuilt, type BuiltKey, type RouteKey } from '../core/routes.ts';
import { notAuthorizedScreen, notFoundScreen } from '../pages/StatusScreen.tsx';

const rest = (params: Params) => params['*'] ?? '';
/** The Ask page, in the product and embedded alike. */
const askPage = screen(() => import('../ask/AskPage.tsx'), (m) => <m.AskPage />);

const SCREENS: Record<BuiltKey, LazyScreen> = {
  signin: screen(() => import('../pages/SignInPage.tsx'), (m) => <m.SignInPage />),
  invitation: screen(() => import('../account/InvitationPage.tsx'), (m) => <m.InvitationPage />),
  passwordResetRequest: screen(() => import('../account/PasswordResetRequestPage.tsx'), (m) => <m.PasswordResetRequestPage />),
  passwordReset: screen(() => import('../account/PasswordResetPage.tsx'), (m) => <m.PasswordResetPage />),
  ask: askPage,
  askEmbed: askPage,
  dashboard: screen(() => import('../dashboard/DashboardPage.tsx'), (m) => <m.DashboardPage />),
  profile: screen(() => import('../profile/ProfilePage.tsx'), (m, p) => <m.ProfilePage profileId={p.profileId} rest={rest(p)} />),
  company: screen(() => import('../landing/LandingPage.tsx'), (m, p) => <m.LandingPage rivalId={p.supportedRivalId} rest={rest(p)} />),
  cardEmbed: screen(() => import('../cards/CardEmbed.tsx'), (m, p) => <m.CardEmbed cardId={Number(p.cardId)} />),
  battlecardEmbed: screen(() => import('../battlecards/BattlecardEmbed.tsx'), (m, p) => <m.BattlecardEmbed profileId={Number(p.profileId)} />),
  search: screen(() => import('../search/SearchPage.tsx'), (m) => <m.SearchPage />),
  alerts: screen(() => import('../alerts/AlertsPage.tsx'), (m) => <m.AlertsPage />),
  insights: screen(() => import('../insights/InsightsPage.tsx'), (m, p) => <m.InsightsPage rest={rest(p)} />),
  monitors: screen(() => import('../monitors/MonitorsPage.tsx'), (m, p) => <m.MonitorsPage rest={rest(p)} />),
  callInsights: screen(() => import('../callInsights/CallInsightsPage.tsx'), (m, p) => <m.CallInsightsPage rest={rest(p)} />),
  winLoss: screen(() => import('../winLoss/WinLossPage.tsx'), (m, p) => <m.WinLossPage rest={rest(p)} />),
  winLossPromo: screen(() => import('../winLoss/WinLossPromo.tsx'), (m) => <m.WinLossPromo />),
  integrations: screen(() => import('../integrations/IntegrationsPage.tsx'), (m) => <m.IntegrationsPage />),
  extensionGuide: screen(() => import('../extension/ExtensionGuidePage.tsx'), (m) => <m.ExtensionGuidePage />),
  digest: screen(() => import('../digest/DigestPage.tsx'), (m, p) => <m.DigestPage rest={rest(p)} />),
  feed: screen(() => import('../news/FeedPage.tsx'), (m) => <m.FeedPage />),
  reports: screen(() => import('../reports/ReportsPage.tsx'), (m, p) => <m.ReportsPage rest={rest(p)} />),
  knowledgeHub: screen(() => import('../knowledgeHub/KnowledgeHubPage.tsx'), (m, p) => <m.KnowledgeHubPage rest={rest(p)} />),
  dynamicBoard: screen(() => import('../dynamicBoards/DynamicBoardPage.tsx'), (m, p) => <m.DynamicBoardPage id={Number(p.dynamicBoardId)} />),
  companySettings: screen(() => import('../settings/SettingsPage.tsx'), (m, p) => <m.SettingsPage rest={rest(p)} />),
  editProfile: screen(() => import('../account/ProfileSettingsPage.tsx'), (m) => <m.ProfileSettingsPage />),
  userPage: screen(() => import('../user/UserPage.tsx'), (m, p) => <m.UserPage userId={Number(p.userId)} />),
  notifications: screen(() => import('../notifications/NotificationsPage.tsx'), (m) => <m.NotificationsPage />),
  impersonate: screen(() => import('../pages/ImpersonatePage.tsx'), (m) => <m.ImpersonatePage />),
  help: screen(() => import('../help/HelpPage.tsx'), (m) => <m.HelpPage />),
  whatsNew: screen(() => import('../whatsNew/WhatsNewPage.tsx'), (m) => <m.WhatsNewPage />),
  notFound: notFoundScreen,
  notAuthorized: notAuthorizedScreen,
};

const screenOf = (key: RouteKey): LazyScreen => SCREENS[isBuilt(key) ? key : 'notFound'];

/** Starts loading a screen's chunk; loading one already loaded or on its way costs nothing. */
export function preloadScreen(key: RouteKey): void {
  // A failed preload is retried by the real load, which shows its error.
  screenOf(key)
    .load()
    .catch(() => undefined);
}

export function Screen({ routeKey, params }: { routeKey: RouteKey; params?: Params }) {
  return <ShowLazyScreen screen={screenOf(routeKey)} params={params} />;
}
