// Favorite rivals on the dashboard (part 3 §2.4, §3): the star on each tile toggles a favorite, with an
// undo in the notice.
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from '../i18n/react.tsx';
import { useFavorites, useSetFavorite } from './api.ts';
import { NOTICE_MS, type RivalTileData } from './model.ts';
import type { TileFavorite } from './RivalTile.tsx';

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
      notifications.show({ color: 'red', message: t('dashboardTools.favorites.failed'), autoClose: NOTICE_MS });
      return;
    }
    const id = `favorite-${rival.id}`;
    notifications.hide(id);
    if (!undoable) return;
    notifications.show({
      id,
      color: 'teal',
      autoClose: NOTICE_MS,
      message: (
        <Group justify="space-between" gap="sm" wrap="nowrap" data-testid="favorite-notice">
          <Text size="sm">{t(on ? 'dashboardTools.favorites.favorited' : 'dashboardTools.favorites.unfavorited', { name: rival.name })}</Text>
          <Button size="compact-xs" variant="light" onClick={() => void change(rival, !on, false)} data-testid="favorite-undo">
            {t('dashboardTools.favorites.undo')}
          </Button>
        </Group>
      ),
    });
  };

  if (!enabled || !favorites.isSuccess) return { ids, star: undefined };
  const set = new Set(ids);
  return { ids, star: (rival) => ({ on: set.has(rival.id), toggle: () => void change(rival, !set.has(rival.id), true) }) };
}
