// The body both group sections share (visibility groups, rival groups): the create form, the groups in a
// reorderable list (or the empty state) with the ordering hint and the reorder's toasts, and the rename dialog. Each section
// renders its own rows and keeps its own dialogs.
import { ActionIcon, Box, Group as Row, Paper, Text, Tooltip } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { EditIcon, TrashIcon } from '../../brand/icons.tsx';
import { StatePanel } from '../../shared/StatePanel.tsx';
import { toastError, toastSuccess } from '../../shared/toast.ts';
import { CreateGroupForm, RenameGroupModal } from './NameForms.tsx';
import { SortableList } from './SortableList.tsx';
import '../../i18n/areas/settingsGroups.ts';

type Group = { id: number; name: string };

type Props<T extends Group> = {
  /** Names the strings (settingsGroups.{kind}.…) and the test ids ({kind}-groups-list, …). */
  kind: 'visibility' | 'rival';
  groups: T[];
  onCreate: (name: string) => Promise<unknown>;
  onRename: (id: number, name: string) => Promise<unknown>;
  /** Saves a new order (the mutation updates the list at once and rolls back when refused). */
  onReorder: (ids: number[]) => Promise<unknown>;
  renderItem: (group: T, handle: ReactNode, rename: () => void) => ReactNode;
};

export function GroupsPanel<T extends Group>({ kind, groups, onCreate, onRename, onReorder, renderItem }: Props<T>) {
  const { t } = useTranslation();
  const [renaming, setRenaming] = useState<number | null>(null);
  const renamed = groups.find((g) => g.id === renaming) ?? null;
  const move = (ids: number[]) =>
    void onReorder(ids).then(
      () => toastSuccess(t('settingsGroups.order.saved')),
      (err: unknown) => toastError(t('settingsGroups.order.failed'), err),
    );
  return (
    <>
      <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
        <Box p={{ base: 'sm', xs: 'md' }}>
          <CreateGroupForm
            label={t(`settingsGroups.${kind}.createLabel`)}
            placeholder={t(`settingsGroups.${kind}.createPlaceholder`)}
            button={t('settingsGroups.create')}
            failedTitle={t('settingsGroups.createFailed')}
            onCreate={onCreate}
            onCreated={(name) => toastSuccess(t('settingsGroups.created', { name }))}
            testId={`${kind}-group-create`}
          />
        </Box>
        {groups.length === 0 ? (
          <Box p="md" pt={0}>
            <StatePanel kind="empty" title={t(`settingsGroups.${kind}.empty.title`)} text={t(`settingsGroups.${kind}.empty.text`)} data-testid={`${kind}-groups-empty`} />
          </Box>
        ) : (
          <>
            <SortableList
              items={groups}
              nameOf={(g) => g.name}
              onMove={move}
              label={t(`settingsGroups.${kind}.listLabel`)}
              data-testid={`${kind}-groups-list`}
              renderItem={(g, handle) => renderItem(g, handle, () => setRenaming(g.id))}
            />
            <Text size="xs" c="dimmed" px={{ base: 'sm', xs: 'md' }} py="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
              {t('settingsGroups.order.hint')}
            </Text>
          </>
        )}
      </Paper>
      <RenameGroupModal
        group={renamed}
        title={t('settingsGroups.rename.title', { name: renamed?.name ?? '' })}
        failedTitle={t('settingsGroups.rename.failed')}
        onRename={onRename}
        onRenamed={(name) => {
          toastSuccess(t('settingsGroups.rename.done', { name }));
          setRenaming(null);
        }}
        onClose={() => setRenaming(null)}
      />
    </>
  );
}

/** A group row's rename and delete buttons, the same in both group sections. */
export function GroupActions({ name, onRename, onDelete }: { name: string; onRename: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <Row gap={2} wrap="nowrap" style={{ flex: 'none' }}>
      <Tooltip label={t('settingsGroups.rename.action', { name })} openDelay={400}>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('settingsGroups.rename.action', { name })} onClick={onRename} data-testid="group-rename">
          <EditIcon size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('settingsGroups.deleteAction', { name })} openDelay={400}>
        <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('settingsGroups.deleteAction', { name })} onClick={onDelete} data-testid="group-delete">
          <TrashIcon size={16} />
        </ActionIcon>
      </Tooltip>
    </Row>
  );
}
