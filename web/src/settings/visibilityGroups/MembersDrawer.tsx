// The people of a visibility group, in a drawer: add several at once from a search, remove one. Each
// change saves at once (the group's cards follow for those people) and says so in a toast.
import { ActionIcon, Avatar, Badge, Button, Drawer, Group, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import type { VisibilityGroupUsage } from '../../../../contracts/settings.ts';
import { BREAKPOINTS } from '../../core/theme.ts';
import { CloseIcon, PlusIcon } from '../../brand/icons.tsx';
import { StatePanel } from '../../shared/StatePanel.tsx';
import { toastError, toastSuccess } from '../../shared/toast.ts';
import { initials } from '../../user/permissions.ts';
import { useChangeMembers, useMembers } from './api.ts';
import { PeoplePicker, type Person } from './PeoplePicker.tsx';
import { useErrorText } from '../../api/errorText.ts';
import '../../i18n/areas/settingsGroups.ts';

function MembersBody({ group }: { group: VisibilityGroupUsage }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const members = useMembers(group.id);
  const change = useChangeMembers(group.id);
  const [picked, setPicked] = useState<Person[]>([]);
  const [removing, setRemoving] = useState<number | null>(null);
  const memberIds = new Set((members.data ?? []).map((m) => m.id));

  const add = () =>
    change.mutate(
      { addUserIds: picked.map((p) => p.id) },
      {
        onSuccess: () => {
          toastSuccess(t('settingsGroups.visibility.members.added', { count: picked.length, name: group.name }));
          setPicked([]);
        },
        onError: (err) => toastError(t('settingsGroups.visibility.members.failed'), err),
      },
    );

  const remove = (member: { id: number; name: string }) => {
    setRemoving(member.id);
    change.mutate(
      { removeUserIds: [member.id] },
      {
        onSuccess: () => toastSuccess(t('settingsGroups.visibility.members.removed', { person: member.name, name: group.name })),
        onError: (err) => toastError(t('settingsGroups.visibility.members.failed'), err),
        onSettled: () => setRemoving(null),
      },
    );
  };

  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {t('settingsGroups.visibility.members.intro', { name: group.name })}
      </Text>
      <Stack gap="sm">
        <PeoplePicker exclude={memberIds} value={picked} onChange={setPicked} disabled={members.isPending} />
        <Group justify="flex-end">
          <Button
            leftSection={<PlusIcon size={16} />}
            disabled={picked.length === 0}
            loading={change.isPending && removing === null}
            onClick={add}
            data-testid="members-add"
          >
            {picked.length ? t('settingsGroups.visibility.members.addCount', { count: picked.length }) : t('settingsGroups.visibility.members.add')}
          </Button>
        </Group>
      </Stack>

      <Stack gap={6}>
        <Group justify="space-between">
          <Text fw={600}>{t('settingsGroups.visibility.members.listTitle')}</Text>
          {members.data && (
            <Badge variant="light" color="gray" tt="none" data-testid="members-count">
              {t('settingsGroups.visibility.people', { count: members.data.length })}
            </Badge>
          )}
        </Group>
        {members.isPending ? (
          <Stack gap="xs" aria-busy aria-label={t('settingsGroups.loading')}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h={44} radius="md" />
            ))}
          </Stack>
        ) : members.isError ? (
          <StatePanel kind="error" title={t('settingsGroups.visibility.members.loadFailed')} text={errorText(members.error)} data-testid="members-error">
            <Button variant="light" color="red" onClick={() => void members.refetch()} loading={members.isFetching}>
              {t('settingsGroups.retry')}
            </Button>
          </StatePanel>
        ) : members.data.length === 0 ? (
          <Text size="sm" c="dimmed" py="sm" data-testid="members-empty">
            {t('settingsGroups.visibility.members.empty')}
          </Text>
        ) : (
          <Stack component="ul" gap={0} m={0} p={0} aria-label={t('settingsGroups.visibility.members.listTitle')} data-testid="members-list">
            {members.data.map((m) => (
              <Group
                component="li"
                key={m.id}
                gap="sm"
                wrap="nowrap"
                py={8}
                style={{ listStyle: 'none', borderTop: '1px solid var(--mantine-color-gray-2)' }}
                data-testid="member"
                data-email={m.email}
              >
                <Avatar src={m.image} size={32} radius="xl" color="indigo" alt="" aria-hidden>
                  {initials(m.name)}
                </Avatar>
                <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                  <Text size="sm" fw={500} truncate>
                    {m.name}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {m.email}
                  </Text>
                </Stack>
                <Tooltip label={t('settingsGroups.visibility.members.remove', { person: m.name })} openDelay={400}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={t('settingsGroups.visibility.members.remove', { person: m.name })}
                    loading={removing === m.id}
                    disabled={change.isPending && removing !== m.id}
                    onClick={() => remove(m)}
                    data-testid="member-remove"
                  >
                    <CloseIcon size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}

export function MembersDrawer({ group, onClose }: { group: VisibilityGroupUsage | null; onClose: () => void }) {
  const { t } = useTranslation();
  const narrow = useMediaQuery(`(max-width: ${BREAKPOINTS.tablet - 0.02}px)`);
  return (
    <Drawer
      opened={group !== null}
      onClose={onClose}
      position="right"
      size={narrow ? '100%' : 'md'}
      title={group ? t('settingsGroups.visibility.members.title', { name: group.name }) : ''}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      data-testid="members-drawer"
    >
      {group && <MembersBody key={group.id} group={group} />}
    </Drawer>
  );
}
