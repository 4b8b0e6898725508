// Everything behind sign-in, as one chunk of its own so the sign-in page never downloads it: the session
// bootstrap (AuthGate), the route table's answer for the path, and the product shell around the screen.
import { Suspense, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { lazyComponent } from '../core/chunkReload.ts';
import { resolveRoute, type RouteKey } from '../core/routes.ts';
import { useSession } from '../core/SessionContext.tsx';
import { MainLayout } from '../layout/MainLayout.tsx';
import { AuthGate } from './AuthGate.tsx';
import { preloadScreen, Screen } from './Screen.tsx';

/** Usage tracking starts after the first screen: nothing on screen waits for it (the dashboard's bundle budget). */
const UsageTracking = lazyComponent(() => import('../usage/UsageTracking.tsx'), 'UsageTracking');

/** The screens a rep opens next from almost anywhere (a competitor from a tile, a search), fetched when the browser is idle. */
const LIKELY_NEXT: readonly RouteKey[] = ['profile', 'search'];

function usePreloadOnIdle() {
  useEffect(() => {
    const preload = () => LIKELY_NEXT.forEach(preloadScreen);
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(preload, 2000);
      return () => window.clearTimeout(timer);
    }
    const id = window.requestIdleCallback(preload, { timeout: 5000 });
    return () => window.cancelIdleCallback(id);
  }, []);
}

function ResolvedScreen() {
  const { pathname, search } = useLocation();
  const { user, company } = useSession();
  usePreloadOnIdle();
  const resolution = resolveRoute(pathname, search, user, company);
  // Usage (page views, visits) is tracked in the product shell, not in embeds; a redirect is no page view.
  const main = 'render' in resolution && resolution.layout === 'main';
  const usage = (
    <Suspense fallback={null}>
      <UsageTracking route={main ? resolution.render : null} enabled={!('render' in resolution) || resolution.layout !== 'bare'} />
    </Suspense>
  );
  if ('redirect' in resolution) {
    return (
      <>
        {usage}
        <Navigate to={resolution.redirect} replace />
      </>
    );
  }
  const screen = <Screen key={resolution.render} routeKey={resolution.render} params={resolution.params} />;
  return (
    <>
      {usage}
      {main ? <MainLayout quickSwitcher={resolution.quickSwitcher}>{screen}</MainLayout> : screen}
    </>
  );
}

export function SignedInApp() {
  return (
    <AuthGate>
      <ResolvedScreen />
    </AuthGate>
  );
}
