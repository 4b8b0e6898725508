// One competitor tile: icon or initials, name (a link to the profile), and the counts of cards and
// battlecards as links, disabled when zero for everyone but curators.
import { Anchor, Avatar, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { countDisabled, initials, TILE_HEIGHT, type RivalTileData } from './model.ts';

function CountLink({ to, label, disabled, testId }: { to: string; label: string; disabled: boolean; testId: string }) {
  if (disabled) {
    return (
      <Text size="xs" c="dimmed" data-testid={testId} data-disabled="true" aria-disabled="true">
        {label}
      </Text>
    );
  }
  return (
    <Anchor component={Link} to={to} size="xs" data-testid={testId}>
      {label}
    </Anchor>
  );
}

export function RivalTile({ rival, curator }: { rival: RivalTileData; curator: boolean }) {
  const { t } = useTranslation();
  const profile = `/profile/${rival.profileId}`;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      h={TILE_HEIGHT}
      data-testid="rival-tile"
      data-id={rival.id}
      style={{ display: 'flex', flexDirection: 'column', justifyContent: 'space-between', overflow: 'hidden' }}
    >
      <Stack gap={8} align="flex-start" style={{ minWidth: 0 }}>
        <Avatar src={rival.iconUrl} size={44} radius="md" color="indigo" alt="">
          {initials(rival.name)}
        </Avatar>
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0, maxWidth: '100%' }}>
          <Anchor component={Link} to={profile} fw={700} c="dark" lineClamp={1} data-testid="rival-tile-name" style={{ overflowWrap: 'anywhere' }}>
            {rival.name}
          </Anchor>
          {rival.isDraft && (
            <Badge size="xs" variant="outline" color="gray">
              {t('competitors.dashboard.draft')}
            </Badge>
          )}
        </Group>
      </Stack>
      <Group gap="sm">
        <CountLink
          to={profile}
          label={t('competitors.dashboard.cards', { count: rival.cardsCount })}
          disabled={countDisabled(rival.cardsCount, curator)}
          testId="rival-tile-cards"
        />
        <CountLink
          to={`${profile}/battlecard/view`}
          label={t('competitors.dashboard.battlecards', { count: rival.battlecardsCount })}
          disabled={countDisabled(rival.battlecardsCount, curator)}
          testId="rival-tile-battlecards"
        />
      </Group>
    </Paper>
  );
}
