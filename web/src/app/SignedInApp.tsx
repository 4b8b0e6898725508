// Everything behind sign-in, as one chunk of its own so the sign-in page never downloads it: the session
// bootstrap (AuthGate), the route table's answer for the path, and the product shell around the screen.
import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { MainLayout } from '../layout/MainLayout.tsx';
import { AuthGate } from './AuthGate.tsx';
import { resolveRoute, type RouteKey } from './routes.ts';
import { preloadScreen, Screen } from './Screen.tsx';
import { useSession } from './SessionContext.tsx';

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
  if ('redirect' in resolution) return <Navigate to={resolution.redirect} replace />;
  const screen = <Screen key={resolution.render} routeKey={resolution.render} params={resolution.params} />;
  if (resolution.layout !== 'main') return screen;
  return <MainLayout quickSwitcher={resolution.quickSwitcher}>{screen}</MainLayout>;
}

export function SignedInApp() {
  return (
    <AuthGate>
      <ResolvedScreen />
    </AuthGate>
  );
}
