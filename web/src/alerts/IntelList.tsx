// The list layout: the feed virtualized against the window scroll (@tanstack/react-virtual), items of
// measured height, 50 per page with "Load more" (also loaded when the end scrolls into view).
import { Box, Button, Group, Stack, Text } from '@mantine/core';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import type { IntelHit } from '../../../contracts/intel.ts';
import { IntelItem } from './IntelItem.tsx';
import '../i18n/areas/alerts.ts';

type Props = {
  hits: IntelHit[];
  total: number;
  compact: boolean;
  selectable: boolean;
  selected: ReadonlySet<number>;
  onSelect: (id: number, on: boolean) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
};

export function IntelList(props: Props) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLDivElement>(null);
  const [margin, setMargin] = useState(0);
  // The list starts below the toolbar, banners and bars above it, whose height changes: measured each render.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- no dependency list on purpose: it runs after every render
  useLayoutEffect(() => {
    const top = listRef.current ? listRef.current.getBoundingClientRect().top + window.scrollY : 0;
    if (Math.abs(top - margin) > 1) setMargin(top);
  });
  const virtualizer = useWindowVirtualizer({
    count: props.hits.length,
    estimateSize: () => (props.compact ? 84 : 150),
    overscan: 6,
    gap: props.compact ? 6 : 10,
    scrollMargin: margin,
    getItemKey: (i) => props.hits[i]?.id ?? i,
  });
  const items = virtualizer.getVirtualItems();
  const last = items.at(-1);
  const { hasMore, loadingMore, onMore } = props;
  useEffect(() => {
    if (last && last.index >= props.hits.length - 5 && hasMore && !loadingMore) onMore();
  }, [last, props.hits.length, hasMore, loadingMore, onMore]);

  return (
    <Stack gap="sm">
      <div ref={listRef} style={{ height: virtualizer.getTotalSize(), position: 'relative' }} data-testid="intel-list" role="feed" aria-busy={loadingMore} aria-label={t('alerts.list.label')}>
        {items.map((row) => {
          const hit = props.hits[row.index];
          return (
            <Box
              key={row.key}
              data-index={row.index}
              ref={virtualizer.measureElement}
              style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}
            >
              <IntelItem hit={hit} compact={props.compact} selectable={props.selectable} selected={props.selected.has(hit.id)} onSelect={props.onSelect} />
            </Box>
          );
        })}
      </div>
      <Group justify="center">
        {hasMore ? (
          <Button variant="light" onClick={onMore} loading={loadingMore} data-testid="intel-load-more">
            {t('alerts.list.loadMore', { shown: props.hits.length, total: props.total })}
          </Button>
        ) : (
          props.hits.length > 0 && (
            <Text size="xs" c="dimmed">
              {t('alerts.list.end', { count: props.hits.length })}
            </Text>
          )
        )}
      </Group>
    </Stack>
  );
}
