// An action on one item of the list (archive, delete, publish, mark important...): the item may leave the view at
// once, so a toast names what happened with an Undo that sends the update putting the item back as it was
// (undo.ts), after which the feed refetches and the item returns to the list.
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback } from 'react';
import type { IntelHit, IntelUpdate } from '../../../contracts/intel.ts';
import { useTranslation } from '../i18n/react.tsx';
import { UNDO_TOAST_MS } from './constants.ts';
import { changeOf, undoUpdate } from './undo.ts';
import { useIntelUpdatesContext } from './useIntelUpdates.ts';
import '../i18n/areas/alerts.ts';

export function useUndoableUpdate(): (hit: IntelHit, update: IntelUpdate) => Promise<void> {
  const { t } = useTranslation();
  const { send } = useIntelUpdatesContext();
  return useCallback(
    async (hit, update) => {
      const title = hit.curatedTitle ?? hit.title;
      const before = { state: hit.state, priority: hit.priority, publishedAt: hit.publishedAt };
      // A failed update joins the retry queue, whose own toast says so.
      if ((await send({ kind: 'one', intelId: hit.id, update })) === false) return;
      const change = changeOf(before, update);
      if (!change) return;
      const undo = undoUpdate(before, update);
      const id = `intel-${hit.id}-${Date.now()}`;
      const onUndo = async () => {
        notifications.hide(id);
        if (undo && (await send({ kind: 'one', intelId: hit.id, update: undo })) !== false) {
          notifications.show({ color: 'gray', message: t('alerts.toast.undone', { title }), 'data-testid': 'intel-undone-toast' });
        }
      };
      notifications.show({
        id,
        color: 'teal',
        autoClose: UNDO_TOAST_MS,
        'data-testid': 'intel-toast',
        'data-change': change,
        message: (
          <Group gap="sm" wrap="nowrap" justify="space-between">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t(`alerts.toast.${change}`, { title })}
            </Text>
            {undo && (
              <Button size="compact-sm" variant="light" style={{ flex: 'none' }} onClick={() => void onUndo()} aria-label={t('alerts.toast.undoLabel', { title })} data-testid="intel-undo">
                {t('alerts.toast.undo')}
              </Button>
            )}
          </Group>
        ),
      });
    },
    [send, t],
  );
}
