// Add and remove a card's tags (curators); each change is saved at once through PUT /cards/tags.json.
import { Alert, Badge, Button, CloseButton, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from '../i18n/react.tsx';
import { toastError, toastSuccess } from '../shared/toast.ts';
import { useBulkTags, useCardView } from './api.ts';
import { TagPicker } from './TagPicker.tsx';
import '../i18n/areas/cardsAuthoring.ts';
import '../i18n/areas/cardViewer.ts';

export function TagsDialog({ cardId, onClose }: { cardId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const card = useCardView(cardId);
  const save = useBulkTags();
  const tags = card.data?.tags ?? [];
  const change = (body: { addTags?: number[]; removeTags?: number[] }) =>
    save.mutate(
      { cardIds: [cardId], ...body },
      { onSuccess: () => toastSuccess(t('cardsAuthoring.toast.tagsSaved')), onError: (err) => toastError(t('cardsAuthoring.errors.tags'), err) },
    );

  return (
    <Modal opened onClose={onClose} title={t('cardsAuthoring.tags.title')}>
      <Stack gap="md" data-testid="tags-dialog">
        {card.isPending ? (
          <Loader size="sm" />
        ) : card.isError ? (
          <Alert color="red" variant="light">
            {t('cardViewer.failed')}
          </Alert>
        ) : (
          <>
            {tags.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('cardsAuthoring.tags.none')}
              </Text>
            ) : (
              <Group gap={6}>
                {tags.map((tag) => (
                  <Badge
                    key={tag.id}
                    variant="light"
                    color="gray"
                    tt="none"
                    fw={500}
                    data-testid="card-tag"
                    rightSection={
                      <CloseButton size="xs" aria-label={t('cardsAuthoring.tags.remove', { name: tag.name })} onClick={() => change({ removeTags: [tag.id] })} />
                    }
                  >
                    {tag.name}
                  </Badge>
                ))}
              </Group>
            )}
            <TagPicker exclude={tags.map((tag) => tag.id)} onPick={(tag) => change({ addTags: [tag.id] })} />
          </>
        )}
        <Group justify="flex-end">
          <Button onClick={onClose} loading={save.isPending} data-testid="tags-done">
            {t('cardsAuthoring.tags.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
