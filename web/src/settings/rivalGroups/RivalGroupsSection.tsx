// Settings › Rival groups (curators and admins): the groups the dashboard and the rival filters list, in
// their order, each with its rivals as chips. Create inline, rename in a dialog, reorder by dragging (the
// list moves at once and moves back if the server refuses), add several rivals at once, take one out,
// delete a group (its rivals stay).
import { Avatar, Badge, Button, CloseButton, Group, Modal, MultiSelect, Skeleton, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import type { RivalGroupItem, RivalItem } from '../../../../contracts/competitors.ts';
import { PlusIcon } from '../../brand/icons.tsx';
import { useRivalsMinimal } from '../../cards/api.ts';
import { useRivalGroups } from '../../dashboard/api.ts';
import { initials } from '../../dashboard/model.ts';
import { StatePanel } from '../../shared/StatePanel.tsx';
import { toastError, toastSuccess } from '../../shared/toast.ts';
import { SectionHeader } from '../SectionHeader.tsx';
import { GroupActions, GroupsPanel } from '../visibilityGroups/GroupsPanel.tsx';
import { useChangeRivalGroup, useCreateRivalGroup, useDeleteRivalGroup, useReorderRivalGroups } from './api.ts';
import { addableRivals, rivalsOf } from './model.ts';
import { useErrorText } from '../../api/errorText.ts';
import '../../i18n/areas/settingsGroups.ts';
import '../../i18n/areas/companySettings.ts';

const RivalIcon = ({ rival, size }: { rival: RivalItem; size: number }) => (
  <Avatar src={rival.iconUrl} size={size} radius="xl" color="indigo" alt="" aria-hidden>
    {initials(rival.name)}
  </Avatar>
);

function RivalChip({ rival, onRemove, removing }: { rival: RivalItem; onRemove: () => void; removing: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge
      size="xl"
      variant="default"
      radius="xl"
      tt="none"
      fw={500}
      fz="sm"
      pl={4}
      pr={4}
      leftSection={<RivalIcon rival={rival} size={22} />}
      rightSection={
        <CloseButton size="sm" radius="xl" aria-label={t('settingsGroups.rival.removeRival', { rival: rival.name })} onClick={onRemove} disabled={removing} data-testid="rival-chip-remove" />
      }
      style={{ opacity: removing ? 0.5 : 1 }}
      data-testid="rival-chip"
      data-name={rival.name}
    >
      {rival.name}
    </Badge>
  );
}

function AddRivals({ group, rivals, onDone }: { group: RivalGroupItem; rivals: RivalItem[]; onDone: () => void }) {
  const { t } = useTranslation();
  const change = useChangeRivalGroup();
  const [picked, setPicked] = useState<string[]>([]);
  const options = addableRivals(group, rivals);
  const byId = new Map(rivals.map((r) => [String(r.id), r]));

  const add = () =>
    change.mutate(
      { id: group.id, addRivals: picked.map(Number) },
      {
        onSuccess: () => {
          toastSuccess(t('settingsGroups.rival.added', { count: picked.length, name: group.name }));
          onDone();
        },
        onError: (err) => toastError(t('settingsGroups.rival.changeFailed'), err),
      },
    );

  return (
    <Stack gap="xs" data-testid="add-rivals">
      <MultiSelect
        label={t('settingsGroups.rival.addLabel', { name: group.name })}
        placeholder={picked.length ? undefined : t('settingsGroups.rival.addPlaceholder')}
        data={options.map((r) => ({ value: String(r.id), label: r.name }))}
        value={picked}
        onChange={setPicked}
        searchable
        clearable
        hidePickedOptions
        nothingFoundMessage={options.length ? t('settingsGroups.rival.noMatch') : t('settingsGroups.rival.allIn')}
        renderOption={({ option }) => {
          const rival = byId.get(option.value);
          return (
            <Group gap="sm" wrap="nowrap">
              {rival && <RivalIcon rival={rival} size={22} />}
              <Text size="sm">{option.label}</Text>
            </Group>
          );
        }}
        maw={560}
        autoFocus
        data-testid="add-rivals-select"
      />
      <Group gap="sm">
        <Button variant="default" size="sm" onClick={onDone}>
          {t('settingsGroups.cancel')}
        </Button>
        <Button size="sm" disabled={picked.length === 0} loading={change.isPending} onClick={add} data-testid="add-rivals-confirm">
          {picked.length ? t('settingsGroups.rival.addCount', { count: picked.length }) : t('settingsGroups.rival.add')}
        </Button>
      </Group>
    </Stack>
  );
}

type RowProps = { group: RivalGroupItem; rivals: RivalItem[]; handle: ReactNode; onRename: () => void; onDelete: () => void };

function RivalGroupRow({ group, rivals, handle, onRename, onDelete }: RowProps) {
  const { t } = useTranslation();
  const change = useChangeRivalGroup();
  const [adding, setAdding] = useState(false);
  const members = rivalsOf(group, rivals);

  const remove = (rival: RivalItem) =>
    change.mutate(
      { id: group.id, removeRivals: [rival.id] },
      {
        onSuccess: () => toastSuccess(t('settingsGroups.rival.removed', { rival: rival.name, name: group.name })),
        onError: (err) => toastError(t('settingsGroups.rival.changeFailed'), err),
      },
    );

  return (
    <Group wrap="nowrap" align="flex-start" gap="xs" px={{ base: 'xs', xs: 'md' }} py="sm" data-testid="rival-group" data-id={group.id} data-name={group.name} aria-label={group.name}>
      {handle}
      <Stack gap={8} style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs" pt={6} wrap="wrap">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="rival-group-name">
            {group.name}
          </Text>
          <Text size="sm" c="dimmed" data-testid="rival-group-count">
            {t('settingsGroups.rival.count', { count: members.length })}
          </Text>
        </Group>
        <Group gap={6} style={{ rowGap: 6 }} data-testid="rival-group-rivals">
          {members.map((r) => (
            <RivalChip key={r.id} rival={r} removing={change.isPending && change.variables.removeRivals?.includes(r.id) === true} onRemove={() => remove(r)} />
          ))}
          {!adding && (
            <Button variant="subtle" size="compact-sm" radius="xl" leftSection={<PlusIcon size={14} />} onClick={() => setAdding(true)} data-testid="rival-group-add">
              {members.length ? t('settingsGroups.rival.add') : t('settingsGroups.rival.addFirst')}
            </Button>
          )}
        </Group>
        {adding && <AddRivals group={group} rivals={rivals} onDone={() => setAdding(false)} />}
      </Stack>
      <GroupActions name={group.name} onRename={onRename} onDelete={onDelete} />
    </Group>
  );
}

function DeleteRivalGroupModal({ group, onClose }: { group: RivalGroupItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteRivalGroup();
  const submit = (g: RivalGroupItem) =>
    remove.mutate(g.id, {
      onSuccess: () => {
        toastSuccess(t('settingsGroups.rival.delete.done', { name: g.name }));
        onClose();
      },
      onError: (err) => toastError(t('settingsGroups.rival.delete.failed', { name: g.name }), err),
    });
  return (
    <Modal opened={group !== null} onClose={onClose} title={group ? t('settingsGroups.rival.delete.title', { name: group.name }) : ''} radius="lg" centered data-testid="delete-rival-group-modal">
      {group && (
        <Stack gap="lg">
          <Text data-testid="delete-rival-group-text">{t('settingsGroups.rival.delete.body', { count: group.rivals.length, name: group.name })}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('settingsGroups.cancel')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => submit(group)} data-autofocus data-testid="delete-group-confirm">
              {t('settingsGroups.rival.delete.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function RivalGroupsEditor({ groups, rivals, heading }: { groups: RivalGroupItem[]; rivals: RivalItem[]; heading: boolean }) {
  const { t } = useTranslation();
  const create = useCreateRivalGroup();
  const change = useChangeRivalGroup();
  const reorder = useReorderRivalGroups();
  const [deleting, setDeleting] = useState<number | null>(null);
  const byId = (id: number | null) => groups.find((g) => g.id === id) ?? null;

  return (
    <Stack gap="lg" data-testid="rival-groups-section">
      {heading && (
        <SectionHeader
          title={t('companySettings.sections.rivalGroups.name')}
          intro={t('settingsGroups.rival.intro')}
          aside={
            <Badge variant="light" size="lg" tt="none" data-testid="rival-groups-count">
              {t('settingsGroups.groupsCount', { count: groups.length })}
            </Badge>
          }
        />
      )}
      <GroupsPanel
        kind="rival"
        groups={groups}
        onCreate={(name) => create.mutateAsync(name)}
        onRename={(id, name) => change.mutateAsync({ id, name })}
        onReorder={(ids) => reorder.mutateAsync(ids)}
        renderItem={(g, handle, rename) => <RivalGroupRow group={g} rivals={rivals} handle={handle} onRename={rename} onDelete={() => setDeleting(g.id)} />}
      />
      <DeleteRivalGroupModal group={byId(deleting)} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

/** `heading`: false inside a dialog that names the section itself (the dashboard's Edit groups). */
export function RivalGroupsSection({ heading = true }: { heading?: boolean } = {}) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const groups = useRivalGroups();
  const rivals = useRivalsMinimal(true);
  if (groups.isPending || rivals.isPending) {
    return (
      <Stack gap="lg" aria-busy aria-label={t('settingsGroups.loading')} data-testid="rival-groups-loading">
        <Skeleton h={130} radius="lg" />
        <Skeleton h={320} radius="lg" />
      </Stack>
    );
  }
  // A failed refetch keeps the list it had; only a list never read is an error.
  if (!groups.data || !rivals.data) {
    return (
      <StatePanel kind="error" title={t('settingsGroups.rival.loadFailed')} text={errorText(groups.error ?? rivals.error)} data-testid="rival-groups-error">
        <Button
          variant="light"
          color="red"
          onClick={() => void Promise.all([groups.refetch(), rivals.refetch()])}
          loading={groups.isFetching || rivals.isFetching}
        >
          {t('settingsGroups.retry')}
        </Button>
      </StatePanel>
    );
  }
  return <RivalGroupsEditor groups={groups.data} rivals={rivals.data} heading={heading} />;
}
