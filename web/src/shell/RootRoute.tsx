// The one client-side route: public screens render directly; every other path loads the signed-in app
// (its own chunk), which waits for the session and resolves the path by the route table (core/routes.ts). The
// screen the path names starts loading at the same time, so the two chunks and the session come in parallel.
// Below it, a link preloads the screen it leads to through ScreenPreloadContext (core/screenPreload.ts).
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useLocation, useRouteError } from 'react-router';
import { sessionStateQuery } from '../api/session.ts';
import { loadOrReload } from '../core/chunkReload.ts';
import { resolvePublicRoute, screenOfPath } from '../core/routes.ts';
import { ScreenPreloadContext } from '../core/screenPreload.ts';
import { FatalErrorPage } from '../pages/FatalErrorPage.tsx';
import { LoadingScreen } from '../pages/LoadingScreen.tsx';
import { preloadScreen, Screen } from './Screen.tsx';

const SignedInApp = lazy(() => loadOrReload(() => import('./SignedInApp.tsx')).then((m) => ({ default: m.SignedInApp })));

function SignedIn() {
  const { pathname } = useLocation();
  const client = useQueryClient();
  useEffect(() => {
    void client.prefetchQuery(sessionStateQuery);
  }, [client]);
  useEffect(() => {
    const key = screenOfPath(pathname);
    if (key) preloadScreen(key);
  }, [pathname]);
  return (
    <Suspense fallback={<LoadingScreen />}>
      <SignedInApp />
    </Suspense>
  );
}

export function RootRoute() {
  const { pathname } = useLocation();
  const publicKey = resolvePublicRoute(pathname);
  return (
    <ScreenPreloadContext.Provider value={preloadScreen}>{publicKey ? <Screen routeKey={publicKey} /> : <SignedIn />}</ScreenPreloadContext.Provider>
  );
}

export function RouteErrorPage() {
  return <FatalErrorPage error={useRouteError()} />;
}
