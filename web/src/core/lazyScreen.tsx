// A screen as a chunk of its own, loaded when first shown (the spec's preloaded lazy screens): how one is made
// from its module's loader, and how it renders, with a small loader while its chunk comes. The shell's screen
// table (shell/Screen.tsx) is made of these, and so are the not-found and not-authorized screens a screen shows
// in place of itself (pages/StatusScreen.tsx).
import { Loader } from '@mantine/core';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactElement } from 'react';
import { loadOrReload } from './chunkReload.ts';
import classes from './lazyScreen.module.css';

export type ScreenParams = Record<string, string>;
export type LazyScreen = { load: () => Promise<unknown>; Component: LazyExoticComponent<ComponentType<{ params: ScreenParams }>> };

/** A screen from its module's loader and how it renders that module with the route's params. */
export function lazyScreen<M>(load: () => Promise<M>, render: (module: M, params: ScreenParams) => ReactElement): LazyScreen {
  const Component = lazy(async () => {
    const module = await loadOrReload(load);
    return { default: ({ params }: { params: ScreenParams }) => render(module, params) };
  });
  return { load, Component };
}

/** Shown while a screen's chunk loads: nothing at first, a small loader only if it takes a while. */
function ScreenLoading() {
  return (
    <div className={classes.loading} data-testid="screen-loading">
      <Loader size="sm" type="dots" />
    </div>
  );
}

/** A lazy screen with the route's params, its chunk loading (or already loaded) behind a Suspense boundary. */
export function ShowLazyScreen({ screen, params = {} }: { screen: LazyScreen; params?: ScreenParams }) {
  const { Component } = screen;
  return (
    <Suspense fallback={<ScreenLoading />}>
      <Component params={params} />
    </Suspense>
  );
}
