// One card on a battlecard: its title (opens the single card viewer), the sanitized HTML with its
// dynamic data blocks (of the battlecard's profile rival, the rival of all its cards), and the role's
// actions: the card menu for everyone, sentiment and share-feedback for consumers.
import { Anchor, Box, Group, Paper, Stack } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { Link, useLocation } from 'react-router';
import type { BoardCard } from '../../../contracts/competitors.ts';
import { useSession } from '../core/SessionContext.tsx';
import { FeedbackBox, SentimentButtons } from '../cards/CardFeedback.tsx';
import { CardMenu } from '../cards/CardMenu.tsx';
import { withViewCard } from '../cards/cardUrl.ts';
import { CardText } from '../cards/dynamic/CardText.tsx';
import { consumerFeedback } from '../cards/model.ts';
import { isCurator } from '../user/permissions.ts';
import { openCardState } from '../usage/cardSource.ts';

type Props = { card: BoardCard; profileId: number; rivalId: number | null; highlighted: boolean; embedded?: boolean };

export function BattlecardCard({ card, profileId, rivalId, highlighted, embedded = false }: Props) {
  const { t } = useTranslation();
  const { user, company } = useSession();
  const { pathname, search } = useLocation();
  const show = consumerFeedback(isCurator(user), company.companyData.flags, 'viewer');
  const ref = useRef<HTMLDivElement>(null);
  // ?cardId= on a battlecard brings that card into view.
  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView({ block: 'center' });
  }, [highlighted]);
  return (
    <Paper
      ref={ref}
      withBorder
      radius="md"
      p="md"
      data-testid="battlecard-card"
      data-id={card.id}
      style={highlighted ? { borderColor: 'var(--mantine-color-indigo-5)', boxShadow: '0 0 0 2px var(--mantine-color-indigo-2)' } : undefined}
    >
      <Stack gap="sm">
        <Group gap={6} wrap="nowrap" align="flex-start">
          {embedded ? (
            <Box fw={700} fz="md" style={{ flex: 1, overflowWrap: 'anywhere' }} data-testid="battlecard-card-title">
              {card.data.name}
            </Box>
          ) : (
            <Anchor
              component={Link}
              to={withViewCard(pathname, search, card.id)}
              state={openCardState('battlecard')}
              fw={700}
              c="dark"
              style={{ flex: 1, overflowWrap: 'anywhere' }}
              aria-label={t('competitors.profile.openCard', { name: card.data.name })}
              data-testid="battlecard-card-title"
            >
              {card.data.name}
            </Anchor>
          )}
          {!embedded && <CardMenu card={{ id: card.id, name: card.data.name, profileId }} openFrom="battlecard" />}
        </Group>
        <CardText html={card.textHtml} rivalId={rivalId} fz="sm" data-testid="battlecard-card-body" />
        {!embedded && (show.sentiment || show.feedback) && (
          <Group justify="space-between" align="flex-start" pt={4} style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
            {show.feedback ? <FeedbackBox cardId={card.id} /> : <span />}
            {show.sentiment && <SentimentButtons cardId={card.id} size="sm" />}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
