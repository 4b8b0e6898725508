// Providers and the router.
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { isIgnorableError } from '../api/client.ts';
import { OfflineBanner } from '../layout/OfflineBanner.tsx';
import { FatalErrorBoundary } from './ErrorBoundary.tsx';
import { RootRoute, RouteErrorPage } from './RootRoute.tsx';
import { theme } from './theme.ts';

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

const router = createBrowserRouter([{ path: '*', element: <RootRoute />, errorElement: <RouteErrorPage /> }]);

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <FatalErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <Notifications position="bottom-right" zIndex={1000} limit={4} />
          <OfflineBanner />
          <RouterProvider router={router} />
        </QueryClientProvider>
      </FatalErrorBoundary>
    </MantineProvider>
  );
}
