// The cards of one battlecard in a device layout, in order, in as many columns as the layout allows
// and the width holds (layout.ts: stacked columns by default, or a grid); shared by the battlecard
// page and the battlecard embed, which know the profile's rival for dynamic blocks.
import { Alert, Box, Skeleton, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useTranslation } from '../i18n/react.tsx';
import type { BattlecardLayoutKind } from '../../../contracts/cards.ts';
import { AlertIcon } from '../brand/icons.tsx';
import { useBattlecardCards } from './api.ts';
import { BattlecardCard } from './BattlecardCard.tsx';
import { cardWeight, COLUMN_GAP, columnsOf, isStacked, LAYOUT_WIDTH, stackColumns } from './layout.ts';
import '../i18n/areas/cardsAuthoring.ts';

type Props = { battlecardId: number; profileId: number; rivalId: number | null; device: BattlecardLayoutKind; previewing: number | null; highlightCardId?: number | null; embedded?: boolean };

export function BattlecardView({ device, ...rest }: Props) {
  const { ref, width } = useElementSize();
  // The frame is there from the first render, so its width is known once the cards arrive.
  return (
    <Box ref={ref} maw={LAYOUT_WIDTH[device] ?? undefined}>
      <BattlecardCards device={device} width={width} {...rest} />
    </Box>
  );
}

function BattlecardCards({ battlecardId, profileId, rivalId, device, previewing, highlightCardId = null, embedded = false, width }: Props & { width: number }) {
  const { t } = useTranslation();
  const query = useBattlecardCards(battlecardId, device, previewing);
  if (query.isPending) {
    return (
      <Stack gap="sm" data-testid="battlecard-loading">
        <Skeleton h={120} radius="md" />
        <Skeleton h={120} radius="md" />
      </Stack>
    );
  }
  if (query.isError) {
    const notFound = (query.error as { status?: number }).status === 404;
    return (
      <Alert color={notFound ? 'gray' : 'red'} variant="light" icon={<AlertIcon />} data-testid="battlecard-error">
        {t(notFound ? 'cardsAuthoring.battlecard.notFound' : 'cardsAuthoring.battlecard.failed')}
      </Alert>
    );
  }
  const { cards, layout } = query.data;
  if (cards.length === 0) {
    return (
      <Text c="dimmed" data-testid="battlecard-empty">
        {t('cardsAuthoring.battlecard.noCards')}
      </Text>
    );
  }
  const columns = Math.min(cards.length, columnsOf(device, width));
  const card = (c: (typeof cards)[number]) => (
    <BattlecardCard key={c.id} card={c} profileId={profileId} rivalId={rivalId} highlighted={c.id === highlightCardId} embedded={embedded} />
  );
  const stacked = isStacked(layout);
  return (
    <Box
      data-testid="battlecard-cards"
      data-device={device}
      data-columns={columns}
      data-layout={stacked ? 'stacker' : 'grid'}
      style={
        stacked
          ? { display: 'flex', gap: COLUMN_GAP, alignItems: 'flex-start' }
          : { display: 'grid', gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap: COLUMN_GAP, alignItems: 'start' }
      }
    >
      {stacked
        ? stackColumns(
            cards.map((c) => cardWeight(c.textHtml)),
            columns,
          ).map((column, i) => (
            <Stack key={i} gap={COLUMN_GAP} style={{ flex: '1 1 0', minWidth: 0 }} data-testid="battlecard-column">
              {column.map((index) => card(cards[index]))}
            </Stack>
          ))
        : cards.map(card)}
    </Box>
  );
}
