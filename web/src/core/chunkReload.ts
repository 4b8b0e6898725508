// The app is split into chunks loaded on demand. A chunk that fails to load is most often one a newer build
// replaced while this tab stayed open (their names carry a content hash): the page reloads once to pick up
// the new build. A second failure soon after is a real one, and shows as an error.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { areasLoaded } from '../i18n/index.ts';

const RELOADED_AT_KEY = 'rivalscope.chunkReloadAt';
/** Within this long after a reload, a failing chunk is not retried by reloading again. */
export const CHUNK_RELOAD_WINDOW_MS = 30_000;

export function shouldReloadForChunk(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || !(now - lastReloadAt >= 0 && now - lastReloadAt < CHUNK_RELOAD_WINDOW_MS);
}

function lastReload(): number | null {
  try {
    const v = Number(window.sessionStorage.getItem(RELOADED_AT_KEY));
    return Number.isFinite(v) && v > 0 ? v : null;
  } catch {
    return null;
  }
}

/**
 * Loads a chunk for rendering, and the strings of the areas it shows (i18n/areas); on failure reloads the page
 * once, or rethrows if it just did.
 */
export async function loadOrReload<M>(load: () => Promise<M>): Promise<M> {
  try {
    const module = await load();
    await areasLoaded();
    return module;
  } catch (err) {
    const now = Date.now();
    if (!shouldReloadForChunk(lastReload(), now)) throw err;
    try {
      window.sessionStorage.setItem(RELOADED_AT_KEY, String(now));
    } catch {
      // Without session storage the reload still helps; a loop is bounded by the failing network.
    }
    window.location.reload();
    // The page is going away: render nothing rather than an error in the meantime.
    return new Promise<M>(() => undefined);
  }
}

/** A component of a chunk loaded on first render (a dialog, a panel), reloading the page as above if it fails. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props, as React's own lazy() accepts
export function lazyComponent<M extends Record<K, ComponentType<any>>, K extends string>(load: () => Promise<M>, name: K): LazyExoticComponent<M[K]> {
  return lazy(() => loadOrReload(load).then((m) => ({ default: m[name] })));
}
