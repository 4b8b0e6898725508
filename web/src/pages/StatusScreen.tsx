// Not found and not authorized as a screen shows them in place of itself (a user that does not exist, a
// section this user may not open): the same lazily loaded screens the shell's screen table (shell/Screen.tsx)
// has for those keys, kept here so that a screen need not import the table, which imports every screen.
import { lazyScreen, ShowLazyScreen } from '../core/lazyScreen.tsx';

export const notFoundScreen = lazyScreen(() => import('./NotFoundPage.tsx'), (m) => <m.NotFoundPage />);
export const notAuthorizedScreen = lazyScreen(() => import('./NotAuthorizedPage.tsx'), (m) => <m.NotAuthorizedPage />);

export function StatusScreen({ routeKey }: { routeKey: 'notFound' | 'notAuthorized' }) {
  return <ShowLazyScreen screen={routeKey === 'notFound' ? notFoundScreen : notAuthorizedScreen} />;
}
