// The win/loss screens as their component tests render them (WinLossPage, interviews and surveys tests): the shared
// routed screen (web/src/test/routedScreen.tsx) of a company with win/loss on, its `/win-loss/*` route showing the page
// for the path's rest.
import type { ReactElement } from 'react';
import type { User } from '../../../contracts/account.ts';
import { makeCompany } from '../test/fixtures.ts';
import { renderRouted, restRoute } from '../test/routedScreen.tsx';
import type { ScreenHarness } from '../test/screenHarness.ts';
import { WinLossPage } from './WinLossPage.tsx';

/** Renders `element` (the win/loss page by default) at `path` for `user`; `paths` are the routes that show it. */
export function renderWinLoss(screen: ScreenHarness, path: string, user: User, opts: { element?: ReactElement; paths?: string[] } = {}) {
  return renderRouted(screen, { path, user, company: makeCompany({ winLoss: true }), paths: opts.paths ?? ['/win-loss/*'], element: opts.element ?? restRoute(WinLossPage) });
}
