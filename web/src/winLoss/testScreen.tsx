// The win/loss screens as their component tests render them (WinLossPage, interviews and surveys tests): the app's
// providers around a memory router whose `/win-loss/*` route shows the page for the path's rest, and settle(), which
// lets the fake API's answers and the screen's strings arrive.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import type { User } from '../../../contracts/account.ts';
import { SessionContext } from '../core/SessionContext.tsx';
import { theme } from '../core/theme.ts';
import { areasLoaded } from '../i18n/index.ts';
import { makeCompany } from '../test/fixtures.ts';
import type { ScreenHarness } from '../test/screenHarness.ts';
import { WinLossPage } from './WinLossPage.tsx';

function Routed() {
  const params = useParams();
  return <WinLossPage rest={params['*'] ?? ''} />;
}

/** Renders `element` (the win/loss page by default) at `path` for `user` of a company with win/loss on; `paths` are the routes that show it. */
export async function renderWinLoss(screen: ScreenHarness, path: string, user: User, opts: { element?: ReactElement; paths?: string[] } = {}) {
  const element = opts.element ?? <Routed />;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter((opts.paths ?? ['/win-loss/*']).map((p) => ({ path: p, element })), { initialEntries: [path] });
  await act(async () => {
    screen.root.render(
      <MantineProvider theme={theme}>
        <QueryClientProvider client={client}>
          <SessionContext.Provider value={{ user, company: makeCompany({ winLoss: true }) }}>
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
