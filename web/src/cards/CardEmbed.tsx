// The embeddable card (/card/embed/{cardId}, no main layout): the card's title and sanitized HTML alone.
import { Alert, Box, Skeleton, Stack, Title } from '@mantine/core';
import { useTranslation } from '../i18n/react.tsx';
import { AlertIcon } from '../brand/icons.tsx';
import { useCardView } from './api.ts';
import { CardHtml } from './CardHtml.tsx';
import '../i18n/areas/cardsAuthoring.ts';

export function CardEmbed({ cardId }: { cardId: number }) {
  const { t } = useTranslation();
  const card = useCardView(cardId);
  return (
    <Box p="md" data-testid="card-embed" data-card-id={cardId}>
      {card.isPending ? (
        <Skeleton h={120} />
      ) : card.isError || !card.data ? (
        <Alert color="red" variant="light" icon={<AlertIcon />} data-testid="embed-failed">
          {t('cardsAuthoring.embed.failed')}
        </Alert>
      ) : (
        <Stack gap="sm">
          <Title order={1} fz="h3" data-testid="card-embed-title">
            {card.data.data.name}
          </Title>
          <CardHtml html={card.data.textHtml} />
        </Stack>
      )}
    </Box>
  );
}
