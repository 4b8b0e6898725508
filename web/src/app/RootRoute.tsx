// The one client-side route: public screens render directly; every other path waits for the session
// and is then resolved by the route table (routes.ts) into a redirect or a screen with its layout.
import { Navigate, useLocation, useRouteError } from 'react-router';
import { MainLayout } from '../layout/MainLayout.tsx';
import { FatalErrorPage } from '../pages/FatalErrorPage.tsx';
import { AuthGate } from './AuthGate.tsx';
import { resolvePublicRoute, resolveRoute } from './routes.ts';
import { Screen } from './Screen.tsx';
import { useSession } from './SessionContext.tsx';

function ResolvedScreen() {
  const { pathname, search } = useLocation();
  const { user, company } = useSession();
  const resolution = resolveRoute(pathname, search, user, company);
  if ('redirect' in resolution) return <Navigate to={resolution.redirect} replace />;
  const screen = <Screen key={resolution.render} routeKey={resolution.render} params={resolution.params} />;
  if (resolution.layout !== 'main') return screen;
  return <MainLayout quickSwitcher={resolution.quickSwitcher}>{screen}</MainLayout>;
}

export function RootRoute() {
  const { pathname } = useLocation();
  const publicKey = resolvePublicRoute(pathname);
  if (publicKey) return <Screen routeKey={publicKey} params={{}} />;
  return (
    <AuthGate>
      <ResolvedScreen />
    </AuthGate>
  );
}

export function RouteErrorPage() {
  return <FatalErrorPage error={useRouteError()} />;
}
