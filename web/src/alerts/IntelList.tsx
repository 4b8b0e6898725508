// The list layout: the feed virtualized against the window scroll (shared/VirtualRows.tsx), items of
// measured height, 50 per page with "Load more" (also loaded when the end scrolls into view).
import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '../i18n/react.tsx';
import type { IntelHit } from '../../../contracts/intel.ts';
import { formatNumber } from '../shared/numbers.ts';
import { VirtualRows } from '../shared/VirtualRows.tsx';
import { IntelItem } from './IntelItem.tsx';
import '../i18n/areas/alerts.ts';

type Props = {
  hits: IntelHit[];
  total: number;
  compact: boolean;
  selectable: boolean;
  selected: ReadonlySet<number>;
  onSelect: (id: number, on: boolean) => void;
  onOpen: (hit: IntelHit) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
};

export function IntelList(props: Props) {
  const { t, i18n } = useTranslation();
  const { hasMore, loadingMore, onMore } = props;

  return (
    <Stack gap="sm">
      <VirtualRows
        items={props.hits}
        getKey={(hit) => hit.id}
        estimateSize={props.compact ? 84 : 150}
        gap={props.compact ? 6 : 10}
        renderItem={(hit) => <IntelItem hit={hit} compact={props.compact} selectable={props.selectable} selected={props.selected.has(hit.id)} onSelect={props.onSelect} onOpen={props.onOpen} />}
        hasMore={hasMore}
        loadingMore={loadingMore}
        onMore={onMore}
        listProps={{ 'data-testid': 'intel-list', role: 'feed', 'aria-label': t('alerts.list.label') }}
      />
      <Group justify="center">
        {hasMore ? (
          <Button variant="light" onClick={onMore} loading={loadingMore} data-testid="intel-load-more">
            {t('alerts.list.loadMore', { shown: formatNumber(props.hits.length, i18n.language), total: formatNumber(props.total, i18n.language) })}
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
