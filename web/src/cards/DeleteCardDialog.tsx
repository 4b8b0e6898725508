// Delete confirmation (part 2 §4): confirm, then deleting with progress shown, then close.
import { Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from '../i18n/react.tsx';
import { toastError, toastSuccess } from '../shared/toast.ts';
import { useDeleteCards } from './api.ts';
import '../i18n/areas/cardsAuthoring.ts';

export function DeleteCardDialog({ cardIds, name, onClose, onDeleted }: { cardIds: number[]; name?: string; onClose: () => void; onDeleted?: () => void }) {
  const { t } = useTranslation();
  const del = useDeleteCards();
  const many = cardIds.length > 1 || !name;
  const confirm = () =>
    del.mutate(cardIds, {
      onSuccess: ({ deletedIds }) => {
        toastSuccess(t('cardsAuthoring.toast.deleted', { count: deletedIds.length }));
        onDeleted?.();
        onClose();
      },
      onError: (err) => toastError(t('cardsAuthoring.errors.delete'), err),
    });
  return (
    <Modal opened onClose={() => !del.isPending && onClose()} title={many ? t('cardsAuthoring.delete.titleMany', { count: cardIds.length }) : t('cardsAuthoring.delete.title')}>
      <Stack gap="md" data-testid="delete-card-dialog">
        <Text size="sm">{many ? t('cardsAuthoring.delete.confirmMany', { count: cardIds.length }) : t('cardsAuthoring.delete.confirm', { name })}</Text>
        {del.isPending && (
          <Stack gap={4} data-testid="delete-card-progress">
            <Text size="xs" c="dimmed">
              {t('cardsAuthoring.delete.deleting')}
            </Text>
            <Progress value={100} animated striped color="red" aria-label={t('cardsAuthoring.delete.deleting')} />
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={del.isPending}>
            {t('cardsAuthoring.delete.cancel')}
          </Button>
          <Button color="red" onClick={confirm} loading={del.isPending} data-testid="delete-card-confirm">
            {t('cardsAuthoring.delete.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
