// A long list of rows virtualized against the window scroll (@tanstack/react-virtual), as the intel feed
// (/alerts) and the news feed (/feed) show them: rows of measured height, and the next page asked for once the
// last rows come into view. A row that leaves the list with focus in it (an item archived from a view of
// unprocessed ones) hands focus to the row that takes its place, rather than to the page's body.
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/** The next page is asked for when one of this many last rows is rendered. */
const LOAD_AHEAD_ROWS = 5;

/** What takes focus in a row: its first control. */
const CONTROL = 'a[href], button:not(:disabled), input:not(:disabled), textarea:not(:disabled), select:not(:disabled), [tabindex]:not([tabindex="-1"])';

type Props<T> = {
  items: readonly T[];
  getKey: (item: T) => number | string;
  estimateSize: number;
  gap: number;
  renderItem: (item: T) => ReactNode;
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
  /** The list element's own attributes: role, labels, test id. */
  listProps: Record<string, string | boolean | undefined>;
};

export function VirtualRows<T>({ items, getKey, estimateSize, gap, renderItem, hasMore, loadingMore, onMore, listProps }: Props<T>) {
  const listRef = useRef<HTMLDivElement>(null);
  const [margin, setMargin] = useState(0);
  // The list starts below the toolbars, banners and bars above it, whose height changes: measured each render.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- no dependency list on purpose: it runs after every render
  useLayoutEffect(() => {
    const top = listRef.current ? listRef.current.getBoundingClientRect().top + window.scrollY : 0;
    if (Math.abs(top - margin) > 1) setMargin(top);
  });
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => estimateSize,
    overscan: 6,
    gap,
    scrollMargin: margin,
    getItemKey: (i) => (items[i] === undefined ? i : getKey(items[i])),
  });
  // The element with focus in the list and its row's place: when the element leaves with its row while focus was
  // on it, the row now in that place (or the last one) gets focus.
  const focused = useRef<{ el: HTMLElement; index: number } | null>(null);
  useLayoutEffect(() => {
    const was = focused.current;
    if (!was || was.el.isConnected) return;
    focused.current = null;
    const active = document.activeElement;
    if ((active && active !== document.body) || items.length === 0) return;
    const row = listRef.current?.querySelector(`[data-index="${Math.min(was.index, items.length - 1)}"]`);
    row?.querySelector<HTMLElement>(CONTROL)?.focus();
  }, [items]);

  const rows = virtualizer.getVirtualItems();
  const last = rows.at(-1);
  useEffect(() => {
    if (last && last.index >= items.length - LOAD_AHEAD_ROWS && hasMore && !loadingMore) onMore();
  }, [last, items.length, hasMore, loadingMore, onMore]);

  return (
    <div
      ref={listRef}
      style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
      aria-busy={loadingMore}
      onFocus={(e) => {
        const row = e.target.closest<HTMLElement>('[data-index]');
        focused.current = row ? { el: e.target, index: Number(row.dataset.index) } : null;
      }}
      {...listProps}
    >
      {rows.map((row) => (
        <div
          key={row.key}
          data-index={row.index}
          ref={virtualizer.measureElement}
          style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}
        >
          {renderItem(items[row.index])}
        </div>
      ))}
    </div>
  );
}
