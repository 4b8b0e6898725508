// The embeddable battlecard (/profile/{id}/battlecard/embed, no main layout): ?battlecardId= picks one
// (the profile's first by default) and ?layout= the device layout; the cards alone, without actions.
import { Alert, Box, Skeleton, Text } from '@mantine/core';
import { useTranslation } from '../i18n/react.tsx';
import { useLocation } from 'react-router';
import { AlertIcon } from '../brand/icons.tsx';
import { positiveId } from '../cards/cardUrl.ts';
import { previewGroupOf } from '../cards/model.ts';
import { useProfile } from '../profile/api.ts';
import { BattlecardView } from './BattlecardView.tsx';
import { deviceOf } from './layout.ts';
import '../i18n/areas/cardsAuthoring.ts';

export function BattlecardEmbed({ profileId }: { profileId: number }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const previewing = previewGroupOf(search);
  const profile = useProfile(profileId, previewing);
  const chosen = positiveId(new URLSearchParams(search).get('battlecardId')) ?? profile.data?.battlecards[0]?.id ?? null;
  return (
    <Box p="md" data-testid="battlecard-embed">
      {profile.isPending ? (
        <Skeleton h={120} />
      ) : profile.isError ? (
        <Alert color="red" variant="light" icon={<AlertIcon />} data-testid="embed-failed">
          {t('cardsAuthoring.embed.failed')}
        </Alert>
      ) : chosen === null ? (
        <Text c="dimmed">{t('cardsAuthoring.battlecard.none')}</Text>
      ) : (
        <BattlecardView battlecardId={chosen} profileId={profileId} rivalId={profile.data?.rivalId ?? null} device={deviceOf(search)} previewing={previewing} embedded />
      )}
    </Box>
  );
}
