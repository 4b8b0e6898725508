// Preloading the screen a link leads to, when the pointer or focus reaches it. The shell owns the table of
// screens and provides how to preload one (shell/RootRoute.tsx); the menus ask for it here, so that nothing
// outside the shell imports the shell. Outside that provider (a unit test) a link preloads nothing.
import { createContext, useCallback, useContext } from 'react';
import { finalScreen, type RouteKey } from './routes.ts';
import { useSession } from './SessionContext.tsx';

/** Starts loading a screen's chunk (the shell's preloadScreen). */
export const ScreenPreloadContext = createContext<(key: RouteKey) => void>(() => undefined);

/** Handlers that preload the screen a link leads to (for this user) when the pointer or focus reaches it. */
export function usePreloadLink(): (to: string) => { onMouseEnter: () => void; onFocus: () => void } {
  const preloadScreen = useContext(ScreenPreloadContext);
  const { user, company } = useSession();
  return useCallback(
    (to: string) => {
      const preload = () => {
        const key = finalScreen(to, user, company);
        if (key) preloadScreen(key);
      };
      return { onMouseEnter: preload, onFocus: preload };
    },
    [preloadScreen, user, company],
  );
}
