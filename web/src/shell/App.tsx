// Providers and the router. shell/ is the app's shell: what mounts the app (App, ErrorBoundary), the one
// route (RootRoute), the session bootstrap (AuthGate), the signed-in app (SignedInApp) and the table of
// screens that chooses what a route key renders (Screen). core/ is the ground every screen stands on: the
// session context, the route table, the theme, chunk loading and preloading. Only the shell and main.tsx
// import shell/; core/ imports no screen and no shell (eslint.config.js).
import { MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { isIgnorableError } from '../api/client.ts';
import { lazyComponent } from '../core/chunkReload.ts';
import { cssVariablesResolver, theme } from '../core/theme.ts';
import { useTranslation } from '../i18n/react.tsx';
import { OfflineBanner } from '../layout/OfflineBanner.tsx';
import { FatalErrorBoundary } from './ErrorBoundary.tsx';
import { useFocusReturn } from './focusReturn.ts';
import { RootRoute, RouteErrorPage } from './RootRoute.tsx';

/** Requests are not retried by default (part 1 §7). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, throwOnError: false },
    mutations: {
      retry: false,
      onError: (err) => {
        if (!isIgnorableError(err)) console.error(err);
      },
    },
  },
});

// Toasts never show on the first paint: their container (and its transitions) loads after it. A toast raised
// before then waits in @mantine/notifications' store and shows once the container mounts.
const Toasts = lazyComponent(() => import('./Toasts.tsx'), 'Toasts');

const router = createBrowserRouter([{ path: '*', element: <RootRoute />, errorElement: <RouteErrorPage /> }]);

export function App() {
  useFocusReturn();
  const { t } = useTranslation();
  // Every dialog's and drawer's close button says what it does, in the reader's language (a dialog may still name its own).
  const named = useMemo(() => {
    const close = { defaultProps: { closeButtonProps: { 'aria-label': t('app.close') } } };
    return mergeThemeOverrides(theme, { components: { Modal: close, Drawer: close } });
  }, [t]);
  return (
    <MantineProvider theme={named} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <FatalErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <Suspense fallback={null}>
            <Toasts />
          </Suspense>
          <OfflineBanner />
          <RouterProvider router={router} />
        </QueryClientProvider>
      </FatalErrorBoundary>
    </MantineProvider>
  );
}
