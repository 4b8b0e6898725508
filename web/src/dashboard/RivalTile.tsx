// One competitor tile: icon or initials, name (a link to the profile), the counts of cards and
// battlecards as links, disabled when zero for everyone but curators, a link to the rival's landing page,
// a star for favorites and, for curators, the action menu; star and menu share the top-right corner. With unread
// badges, the board's unread news count beside the icon, leading to its news.
import { Anchor, Avatar, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from '../i18n/react.tsx';
import { Link } from 'react-router';
import { badgeText } from '../../../contracts/news.ts';
import { countDisabled, initials, TILE_HEIGHT, type RivalTileData } from './model.ts';
import { FavoriteStar } from './Favorites.tsx';
import { TileMenu, type TileMenuContext } from './TileMenu.tsx';

function CountLink({ to, label, count, disabled, testId }: { to: string; label: string; count: number; disabled: boolean; testId: string }) {
  if (disabled) {
    return (
      <Text size="xs" c="dimmed" data-testid={testId} data-count={count} data-disabled="true" aria-disabled="true">
        {label}
      </Text>
    );
  }
  return (
    <Anchor component={Link} to={to} size="xs" data-testid={testId} data-count={count}>
      {label}
    </Anchor>
  );
}

/** `favorite`: whether the rival is a favorite and how to toggle it; absent when the user has no favorites. */
export type TileFavorite = { on: boolean; toggle: () => void };

type Props = {
  rival: RivalTileData;
  curator: boolean;
  favorite?: TileFavorite;
  /** The curator's action menu; absent for consumers and while a curator views as a group. */
  menu?: TileMenuContext;
  /** Unread news on the rival's board; absent for readers without unread badges. */
  unread?: number;
};

export function RivalTile({ rival, curator, favorite, menu, unread = 0 }: Props) {
  const { t } = useTranslation();
  const profile = `/profile/${rival.profileId}`;
  const unreadText = badgeText(unread);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      h={TILE_HEIGHT}
      data-testid="rival-tile"
      data-id={rival.id}
      data-favorite={favorite?.on ?? undefined}
      style={{ display: 'flex', flexDirection: 'column', justifyContent: 'space-between', overflow: 'hidden', position: 'relative' }}
    >
      {(menu || favorite) && (
        <Group gap={2} wrap="nowrap" style={{ position: 'absolute', top: 8, right: 8 }}>
          {menu && <TileMenu rival={rival} group={menu.group} />}
          {favorite && <FavoriteStar name={rival.name} on={favorite.on} onToggle={favorite.toggle} testId="rival-tile-star" />}
        </Group>
      )}
      <Stack gap={8} align="flex-start" style={{ minWidth: 0 }}>
        <Group gap={8} wrap="nowrap">
          <Avatar src={rival.iconUrl} size={44} radius="md" color="indigo" alt="">
            {initials(rival.name)}
          </Avatar>
          {unreadText && (
            <Badge
              component={Link}
              to={`${profile}/news`}
              color="red"
              variant="filled"
              style={{ cursor: 'pointer' }}
              aria-label={t('competitors.dashboard.unread', { count: unread, name: rival.name })}
              data-testid="rival-tile-unread"
            >
              {unreadText}
            </Badge>
          )}
        </Group>
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0, maxWidth: '100%' }}>
          <Anchor component={Link} to={profile} fw={700} c="dark" lineClamp={1} data-testid="rival-tile-name" style={{ overflowWrap: 'anywhere' }}>
            {rival.name}
          </Anchor>
          {rival.isDraft && (
            <Badge size="xs" variant="outline" color="gray" data-testid="rival-tile-draft">
              {t('competitors.dashboard.draft')}
            </Badge>
          )}
        </Group>
      </Stack>
      <Group gap="sm">
        <CountLink
          to={profile}
          label={t('competitors.dashboard.cards', { count: rival.cardsCount })}
          count={rival.cardsCount}
          disabled={countDisabled(rival.cardsCount, curator)}
          testId="rival-tile-cards"
        />
        <CountLink
          to={`${profile}/battlecard/view`}
          label={t('competitors.dashboard.battlecards', { count: rival.battlecardsCount })}
          count={rival.battlecardsCount}
          disabled={countDisabled(rival.battlecardsCount, curator)}
          testId="rival-tile-battlecards"
        />
        <Anchor component={Link} to={`/company/${rival.id}`} size="xs" data-testid="rival-tile-overview">
          {t('competitors.dashboard.overview')}
        </Anchor>
      </Group>
    </Paper>
  );
}
