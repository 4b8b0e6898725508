// A page as its component tests render it (win/loss, call insights): the app's providers (Mantine, a query client that
// does not retry, the session) around a memory router whose route patterns show the element, and settle(), which lets
// the fake API's answers and the screen's strings arrive.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ComponentType, type ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import type { Company, User } from '../../../contracts/account.ts';
import { SessionContext } from '../core/SessionContext.tsx';
import { theme } from '../core/theme.ts';
import { areasLoaded } from '../i18n/index.ts';
import type { ScreenHarness } from './screenHarness.ts';

/** A page drawn from the rest of its path (`/win-loss/*` → `rest`), as the app's router mounts it. */
export function restRoute(Page: ComponentType<{ rest: string }>): ReactElement {
  function Routed() {
    const params = useParams();
    return <Page rest={params['*'] ?? ''} />;
  }
  return <Routed />;
}

/** Renders `element` at `path` for `user` of `company`; `paths` are the route patterns that show it. */
export async function renderRouted(screen: ScreenHarness, opts: { path: string; paths: string[]; element: ReactElement; user: User; company: Company }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    opts.paths.map((p) => ({ path: p, element: opts.element })),
    { initialEntries: [opts.path] },
  );
  await act(async () => {
    screen.root.render(
      <MantineProvider theme={theme}>
        <QueryClientProvider client={client}>
          <SessionContext.Provider value={{ user: opts.user, company: opts.company }}>
            <RouterProvider router={router} />
          </SessionContext.Provider>
        </QueryClientProvider>
      </MantineProvider>,
    );
  });
  await settle();
  return router;
}

/** A few turns of the event loop inside act(), then the strings of every area asked for. */
export async function settle() {
  for (let i = 0; i < 6; i++) {
    await act(async () => {
      await new Promise((r) => setTimeout(r, 10));
    });
  }
  await areasLoaded();
}
