// The cards of one battlecard in a device layout, in order (stacked by default); shared by the
// battlecard page and the battlecard embed, which know the profile's rival for dynamic blocks.
import { Alert, Box, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BattlecardLayoutKind } from '../../../contracts/cards.ts';
import { AlertIcon } from '../brand/icons.tsx';
import { useBattlecardCards } from './api.ts';
import { BattlecardCard } from './BattlecardCard.tsx';
import { columnsOf, LAYOUT_WIDTH } from './layout.ts';

type Props = { battlecardId: number; profileId: number; rivalId: number | null; device: BattlecardLayoutKind; previewing: number | null; highlightCardId?: number | null; embedded?: boolean };

export function BattlecardView({ battlecardId, profileId, rivalId, device, previewing, highlightCardId = null, embedded = false }: Props) {
  const { t } = useTranslation();
  const query = useBattlecardCards(battlecardId, device, previewing);
  const width = LAYOUT_WIDTH[device];
  if (query.isPending) {
    return (
      <Stack gap="sm" maw={width ?? undefined} data-testid="battlecard-loading">
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
  const columns = columnsOf(layout, device);
  return (
    <Box
      maw={width ?? undefined}
      data-testid="battlecard-cards"
      data-device={device}
      style={{ display: 'grid', gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap: 16, alignItems: 'start' }}
    >
      {cards.map((card) => (
        <BattlecardCard key={card.id} card={card} profileId={profileId} rivalId={rivalId} highlighted={card.id === highlightCardId} embedded={embedded} />
      ))}
    </Box>
  );
}
