// Which component each route key renders. Every screen is its own chunk, loaded when first shown (the
// spec's preloaded lazy screens): the first page a browser opens downloads the app shell and that one
// screen. preloadScreen fetches a chunk ahead of need (on idle, on hover of a link), so a later visit
// renders at once. Keys that are not built (routes.ts BUILT_SCREENS) have no screen and render not found.
import { Loader } from '@mantine/core';
import { lazy, Suspense, useCallback, type ComponentType, type LazyExoticComponent, type ReactElement } from 'react';
import { loadOrReload } from './chunkReload.ts';
import { finalScreen, isBuilt, type BuiltKey, type RouteKey } from './routes.ts';
import { useSession } from './SessionContext.tsx';
import classes from './Screen.module.css';

type Params = Record<string, string>;
type LazyScreen = { load: () => Promise<unknown>; Component: LazyExoticComponent<ComponentType<{ params: Params }>> };

/** A screen from its module's loader and how it renders that module with the route's params. */
function screen<M>(load: () => Promise<M>, render: (module: M, params: Params) => ReactElement): LazyScreen {
  const Component = lazy(async () => {
    const module = await loadOrReload(load);
    return { default: ({ params }: { params: Params }) => render(module, params) };
  });
  return { load, Component };
}

const rest = (params: Params) => params['*'] ?? '';
/** The Ask page, in the product and embedded alike. */
const askPage = screen(() => import('../ask/AskPage.tsx'), (m) => <m.AskPage />);

const SCREENS: Record<BuiltKey, LazyScreen> = {
  signin: screen(() => import('../pages/SignInPage.tsx'), (m) => <m.SignInPage />),
  invitation: screen(() => import('../account/InvitationPage.tsx'), (m) => <m.InvitationPage />),
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
  digest: screen(() => import('../digest/DigestPage.tsx'), (m, p) => <m.DigestPage rest={rest(p)} />),
  feed: screen(() => import('../news/FeedPage.tsx'), (m) => <m.FeedPage />),
  reports: screen(() => import('../reports/ReportsPage.tsx'), (m, p) => <m.ReportsPage rest={rest(p)} />),
  dynamicBoard: screen(() => import('../dynamicBoards/DynamicBoardPage.tsx'), (m, p) => <m.DynamicBoardPage id={Number(p.dynamicBoardId)} />),
  companySettings: screen(() => import('../settings/SettingsPage.tsx'), (m, p) => <m.SettingsPage rest={rest(p)} />),
  editProfile: screen(() => import('../account/ProfileSettingsPage.tsx'), (m) => <m.ProfileSettingsPage />),
  userPage: screen(() => import('../user/UserPage.tsx'), (m, p) => <m.UserPage userId={Number(p.userId)} />),
  notifications: screen(() => import('../notifications/NotificationsPage.tsx'), (m) => <m.NotificationsPage />),
  impersonate: screen(() => import('../pages/ImpersonatePage.tsx'), (m) => <m.ImpersonatePage />),
  notFound: screen(() => import('../pages/NotFoundPage.tsx'), (m) => <m.NotFoundPage />),
  notAuthorized: screen(() => import('../pages/NotAuthorizedPage.tsx'), (m) => <m.NotAuthorizedPage />),
};

const screenOf = (key: RouteKey): LazyScreen => SCREENS[isBuilt(key) ? key : 'notFound'];

/** Starts loading a screen's chunk; loading one already loaded or on its way costs nothing. */
export function preloadScreen(key: RouteKey): void {
  // A failed preload is retried by the real load, which shows its error.
  screenOf(key)
    .load()
    .catch(() => undefined);
}

/** Handlers that preload the screen a link leads to (for this user) when the pointer or focus reaches it. */
export function usePreloadLink(): (to: string) => { onMouseEnter: () => void; onFocus: () => void } {
  const { user, company } = useSession();
  return useCallback(
    (to: string) => {
      const preload = () => {
        const key = finalScreen(to, user, company);
        if (key) preloadScreen(key);
      };
      return { onMouseEnter: preload, onFocus: preload };
    },
    [user, company],
  );
}

/** Shown while a screen's chunk loads: nothing at first, a small loader only if it takes a while. */
function ScreenLoading() {
  return (
    <div className={classes.loading} data-testid="screen-loading">
      <Loader size="sm" type="dots" />
    </div>
  );
}

export function Screen({ routeKey, params = {} }: { routeKey: RouteKey; params?: Params }) {
  const { Component } = screenOf(routeKey);
  return (
    <Suspense fallback={<ScreenLoading />}>
      <Component params={params} />
    </Suspense>
  );
}
