// Favorite rivals on the dashboard (part 3 §2.4, §3): the star on each tile toggles a favorite, with an
// undo in the notice. The star and the notice serve the landing page's header too.
import { ActionIcon, Button, Group, Text, Tooltip, type ActionIconProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { StarIcon } from '../brand/icons.tsx';
import type { Translate } from '../i18n/index.ts';
import { useTranslation } from '../i18n/react.tsx';
import { useFavorites, useSetFavorite } from './api.ts';
import { NOTICE_MS, type RivalTileData } from './model.ts';
import type { TileFavorite } from './RivalTile.tsx';

type Rival = Pick<RivalTileData, 'id' | 'name'>;

/** A rival's favorite star; the landing page's header sets its own look (variant, size, colour) to match its buttons. */
export function FavoriteStar({ name, on, onToggle, testId, ...look }: { name: string; on: boolean; onToggle: () => void; testId: string } & Pick<ActionIconProps, 'variant' | 'size' | 'c'>) {
  const { t } = useTranslation();
  const label = t(on ? 'dashboardTools.favorites.unstar' : 'dashboardTools.favorites.star', { name });
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color={on ? 'yellow' : 'gray'} {...look} onClick={onToggle} aria-label={label} aria-pressed={on} data-testid={testId}>
        <StarIcon fill={on ? 'currentColor' : 'none'} />
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * Says a rival was starred or unstarred, with Undo when `undo` is given (part 3 §4.6); the notice of an undo
 * (`undo` null) replaces the first one silently.
 */
export function notifyFavorite(t: Translate, rival: Rival, on: boolean, undo: (() => void) | null) {
  const id = `favorite-${rival.id}`;
  notifications.hide(id);
  if (!undo) return;
  notifications.show({
    id,
    color: 'teal',
    autoClose: NOTICE_MS,
    message: (
      <Group justify="space-between" gap="sm" wrap="nowrap" data-testid="favorite-notice">
        <Text size="sm">{t(on ? 'dashboardTools.favorites.favorited' : 'dashboardTools.favorites.unfavorited', { name: rival.name })}</Text>
        <Button size="compact-xs" variant="light" onClick={undo} data-testid="favorite-undo">
          {t('dashboardTools.favorites.undo')}
        </Button>
      </Group>
    ),
  });
}

export const notifyFavoriteFailed = (t: Translate) => notifications.show({ color: 'red', message: t('dashboardTools.favorites.failed'), autoClose: NOTICE_MS });

export type FavoriteToggle = (rival: Pick<RivalTileData, 'id' | 'name'>) => TileFavorite;

/** The user's favorite rival ids (in the order starred) and the star of a tile; nothing when the user has no favorites. */
export function useFavoriteStars(enabled: boolean): { ids: number[]; star: FavoriteToggle | undefined } {
  const { t } = useTranslation();
  const favorites = useFavorites(enabled);
  const setFavorite = useSetFavorite();
  const ids = favorites.data?.map((f) => f.id) ?? [];

  const change = async (rival: Pick<RivalTileData, 'id' | 'name'>, on: boolean, undoable: boolean) => {
    try {
      await setFavorite.mutateAsync({ rivalId: rival.id, on });
    } catch {
      notifyFavoriteFailed(t);
      return;
    }
    notifyFavorite(t, rival, on, undoable ? () => void change(rival, !on, false) : null);
  };

  if (!enabled || !favorites.isSuccess) return { ids, star: undefined };
  const set = new Set(ids);
  return { ids, star: (rival) => ({ on: set.has(rival.id), toggle: () => void change(rival, !set.has(rival.id), true) }) };
}
