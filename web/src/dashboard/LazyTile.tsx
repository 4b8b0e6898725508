// Lazy tile rendering (part 3 §9): a tile renders its content once it comes within LAZY_TILE_MARGIN of
// the viewport, and until then holds its place at the tile height so the layout does not jump.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { LAZY_TILE_MARGIN, TILE_HEIGHT } from './model.ts';

export function LazyTile({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  // Without IntersectionObserver (old browsers, some test runners) everything renders at once.
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: `${LAZY_TILE_MARGIN}px 0px`,
    });
    io.observe(el);
    return () => io.disconnect();
  }, [near]);

  if (near) return <>{children}</>;
  return <div ref={ref} style={{ height: TILE_HEIGHT }} data-testid="rival-tile-placeholder" aria-hidden="true" />;
}
