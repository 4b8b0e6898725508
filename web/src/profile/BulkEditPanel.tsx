// The bulk edit side panel of a profile (part 2 §2, §5; curators only): pick cards in the lanes, then
// set their permissions, add or remove tags, or delete them. The option lives in the URL
// (?action=bulkEdit&bulkEditOption=cardPermissions|tags|delete).
import { Badge, Button, CloseButton, Drawer, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import type { TagItem } from '../../../contracts/cards.ts';
import { useBulkTags, useBulkUpdateCards } from '../cards/api.ts';
import { DeleteCardDialog } from '../cards/DeleteCardDialog.tsx';
import { permissionsBody } from '../cards/model.ts';
import { PermissionsFields, type PermissionsValue } from '../cards/PermissionsDialog.tsx';
import { TagPicker } from '../cards/TagPicker.tsx';
import { toastError, toastSuccess } from '../shared/toast.ts';
import { BULK_EDIT_OPTIONS, type BulkEditOption } from './subroute.ts';
import '../i18n/areas/cardsAuthoring.ts';

function TagList({ tags, onRemove }: { tags: TagItem[]; onRemove: (id: number) => void }) {
  const { t } = useTranslation();
  return (
    <Group gap={4}>
      {tags.map((tag) => (
        <Badge key={tag.id} variant="light" tt="none" fw={500} rightSection={<CloseButton size="xs" aria-label={t('cardsAuthoring.tags.remove', { name: tag.name })} onClick={() => onRemove(tag.id)} />}>
          {tag.name}
        </Badge>
      ))}
    </Group>
  );
}

type Props = { option: BulkEditOption; selected: ReadonlySet<number>; onOption: (o: BulkEditOption) => void; onClear: () => void; onClose: () => void };

export function BulkEditPanel({ option, selected, onOption, onClear, onClose }: Props) {
  const { t } = useTranslation();
  const cardIds = [...selected];
  const [permissions, setPermissions] = useState<PermissionsValue>({ mode: 1, groupIds: [] });
  const [addTags, setAddTags] = useState<TagItem[]>([]);
  const [removeTags, setRemoveTags] = useState<TagItem[]>([]);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const update = useBulkUpdateCards();
  const tags = useBulkTags();
  const applied = () => toastSuccess(t('cardsAuthoring.bulk.applied', { count: cardIds.length }));

  const apply = () => {
    if (option === 'delete') return setConfirmDelete(true);
    if (option === 'cardPermissions') {
      update.mutate({ cardIds, ...permissionsBody(permissions.mode, permissions.groupIds) }, { onSuccess: applied, onError: (err) => toastError(t('cardsAuthoring.errors.permissions'), err) });
    } else {
      tags.mutate(
        { cardIds, addTags: addTags.map((x) => x.id), removeTags: removeTags.map((x) => x.id) },
        {
          onSuccess: () => {
            applied();
            setAddTags([]);
            setRemoveTags([]);
          },
          onError: (err) => toastError(t('cardsAuthoring.errors.tags'), err),
        },
      );
    }
  };
  const nothing = cardIds.length === 0 || (option === 'tags' && addTags.length + removeTags.length === 0);

  return (
    <Drawer opened onClose={onClose} position="right" size={360} withOverlay={false} lockScroll={false} trapFocus={false} title={t('cardsAuthoring.bulk.title')} closeButtonProps={{ 'aria-label': t('cardsAuthoring.bulk.close') }}>
      <Stack gap="md" data-testid="bulk-edit-panel" data-option={option}>
        <SegmentedControl
          fullWidth
          aria-label={t('cardsAuthoring.bulk.option')}
          value={option}
          onChange={(v) => onOption(v as BulkEditOption)}
          data={BULK_EDIT_OPTIONS.map((o) => ({ value: o, label: t(`cardsAuthoring.bulk.options.${o}`) }))}
          data-testid="bulk-edit-option"
        />
        <Group justify="space-between">
          <Text size="sm" fw={600} data-testid="bulk-edit-count">
            {t('cardsAuthoring.bulk.selected', { count: cardIds.length })}
          </Text>
          {cardIds.length > 0 && (
            <Button size="compact-xs" variant="subtle" onClick={onClear}>
              {t('cardsAuthoring.bulk.clear')}
            </Button>
          )}
        </Group>
        {cardIds.length === 0 && (
          <Text size="xs" c="dimmed">
            {t('cardsAuthoring.bulk.selectHint')}
          </Text>
        )}
        {option === 'cardPermissions' && <PermissionsFields value={permissions} onChange={setPermissions} />}
        {option === 'tags' && (
          <Stack gap="sm">
            <TagPicker label={t('cardsAuthoring.bulk.addTags')} exclude={[...addTags, ...removeTags].map((x) => x.id)} onPick={(tag) => setAddTags((l) => [...l, tag])} />
            <TagList tags={addTags} onRemove={(id) => setAddTags((l) => l.filter((x) => x.id !== id))} />
            <TagPicker label={t('cardsAuthoring.bulk.removeTags')} exclude={[...addTags, ...removeTags].map((x) => x.id)} onPick={(tag) => setRemoveTags((l) => [...l, tag])} />
            <TagList tags={removeTags} onRemove={(id) => setRemoveTags((l) => l.filter((x) => x.id !== id))} />
          </Stack>
        )}
        <Button onClick={apply} disabled={nothing} color={option === 'delete' ? 'red' : undefined} loading={update.isPending || tags.isPending} data-testid="bulk-edit-apply">
          {option === 'delete' ? t('cardsAuthoring.delete.submit') : t('cardsAuthoring.bulk.apply')}
        </Button>
      </Stack>
      {confirmDelete && <DeleteCardDialog cardIds={cardIds} onClose={() => setConfirmDelete(false)} onDeleted={onClear} />}
    </Drawer>
  );
}
