// Settings › Visibility groups (admins): the company's groups in the order they are listed everywhere,
// each with its people, the cards shared with it (only with it, or with others too) and whether Ask
// answers for it. Create inline, rename in a dialog, reorder by dragging (the list moves at once and
// moves back if the server refuses), people in a drawer, delete after reading what it does.
import { Badge, Button, Group, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import type { VisibilityGroupUsage } from '../../../../contracts/settings.ts';
import { CardIcon, ChatIcon, EyeIcon, UsersIcon } from '../../brand/icons.tsx';
import { StatePanel } from '../../shared/StatePanel.tsx';
import { SectionHeader } from '../SectionHeader.tsx';
import { useCreateGroup, useGroupUsage, useRenameGroup, useReorderGroups } from './api.ts';
import { DeleteGroupModal } from './DeleteGroupModal.tsx';
import { MembersDrawer } from './MembersDrawer.tsx';
import { askScope } from './model.ts';
import { GroupActions, GroupsPanel } from './GroupsPanel.tsx';
import { useErrorText } from '../../api/errorText.ts';
import '../../i18n/areas/settingsGroups.ts';
import '../../i18n/areas/companySettings.ts';

function Stat({ icon, children, tip, testId }: { icon: ReactNode; children: ReactNode; tip: string; testId: string }) {
  return (
    <Tooltip label={tip} multiline w={240} openDelay={300} withArrow>
      <Group gap={4} wrap="nowrap" c="dimmed" data-testid={testId}>
        {icon}
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {children}
        </Text>
      </Group>
    </Tooltip>
  );
}

type RowProps = {
  group: VisibilityGroupUsage;
  handle: ReactNode;
  askAnswers: boolean;
  onMembers: () => void;
  onRename: () => void;
  onDelete: () => void;
};

function GroupRow({ group, handle, askAnswers, onMembers, onRename, onDelete }: RowProps) {
  const { t } = useTranslation();
  return (
    <Group
      wrap="nowrap"
      align="flex-start"
      gap="xs"
      px={{ base: 'xs', xs: 'md' }}
      py="sm"
      data-testid="visibility-group"
      data-id={group.id}
      data-name={group.name}
      aria-label={group.name}
    >
      {handle}
      <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
        <Text fw={600} pt={6} style={{ overflowWrap: 'anywhere' }} data-testid="visibility-group-name">
          {group.name}
        </Text>
        <Group gap="md" style={{ rowGap: 6 }}>
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<UsersIcon size={14} />}
            onClick={onMembers}
            aria-label={t('settingsGroups.visibility.membersOf', { name: group.name, count: group.membersCount })}
            data-testid="visibility-group-members"
          >
            {t('settingsGroups.visibility.people', { count: group.membersCount })}
          </Button>
          <Stat icon={<EyeIcon size={14} />} tip={t('settingsGroups.visibility.onlyHereHint', { count: group.cardsOnlyHere, name: group.name })} testId="visibility-group-only-here">
            {t('settingsGroups.visibility.onlyHere', { count: group.cardsOnlyHere })}
          </Stat>
          <Stat icon={<CardIcon size={14} />} tip={t('settingsGroups.visibility.sharedHint', { count: group.cardsShared })} testId="visibility-group-shared">
            {t('settingsGroups.visibility.shared', { count: group.cardsShared })}
          </Stat>
          <Badge
            variant="light"
            color={askAnswers ? 'teal' : 'gray'}
            tt="none"
            leftSection={<ChatIcon size={12} />}
            data-testid="visibility-group-ask"
            data-on={askAnswers || undefined}
          >
            {askAnswers ? t('settingsGroups.visibility.askOn') : t('settingsGroups.visibility.askOff')}
          </Badge>
        </Group>
      </Stack>
      <GroupActions name={group.name} onRename={onRename} onDelete={onDelete} />
    </Group>
  );
}

function GroupsEditor({ groups, refetchUsage, fetching }: { groups: VisibilityGroupUsage[]; refetchUsage: () => void; fetching: boolean }) {
  const { t } = useTranslation();
  const create = useCreateGroup();
  const rename = useRenameGroup();
  const reorder = useReorderGroups();
  const [membersOf, setMembersOf] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const byId = (id: number | null) => groups.find((g) => g.id === id) ?? null;
  const ask = askScope(groups);

  return (
    <Stack gap="lg" data-testid="visibility-groups-section">
      <SectionHeader
        title={t('companySettings.sections.visibilityGroups.name')}
        intro={t('settingsGroups.visibility.intro')}
        aside={
          <Badge variant="light" size="lg" tt="none" data-testid="visibility-groups-count">
            {t('settingsGroups.groupsCount', { count: groups.length })}
          </Badge>
        }
      >
        <Text size="sm" c="dimmed" data-testid="visibility-groups-ask-scope">
          {ask.limited ? t('settingsGroups.visibility.askLimited', { count: ask.answered.size, total: groups.length }) : t('settingsGroups.visibility.askAll')}
        </Text>
      </SectionHeader>

      <GroupsPanel
        kind="visibility"
        groups={groups}
        onCreate={(name) => create.mutateAsync(name)}
        onRename={(id, name) => rename.mutateAsync({ id, name })}
        onReorder={(ids) => reorder.mutateAsync(ids)}
        renderItem={(g, handle, startRename) => (
          <GroupRow
            group={g}
            handle={handle}
            askAnswers={ask.answered.has(g.id)}
            onMembers={() => setMembersOf(g.id)}
            onRename={startRename}
            onDelete={() => {
              setDeleting(g.id);
              // The dialog states what depends on the group now, not when the list was read.
              refetchUsage();
            }}
          />
        )}
      />

      <MembersDrawer group={byId(membersOf)} onClose={() => setMembersOf(null)} />
      <DeleteGroupModal group={byId(deleting)} groups={groups} checking={fetching} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

export function VisibilityGroupsSection() {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const usage = useGroupUsage();
  if (usage.isPending) {
    return (
      <Stack gap="lg" aria-busy aria-label={t('settingsGroups.loading')} data-testid="visibility-groups-loading">
        <Skeleton h={150} radius="lg" />
        <Skeleton h={320} radius="lg" />
      </Stack>
    );
  }
  if (usage.isError) {
    return (
      <StatePanel kind="error" title={t('settingsGroups.visibility.loadFailed')} text={errorText(usage.error)} data-testid="visibility-groups-error">
        <Button variant="light" color="red" onClick={() => void usage.refetch()} loading={usage.isFetching}>
          {t('settingsGroups.retry')}
        </Button>
      </StatePanel>
    );
  }
  return <GroupsEditor groups={usage.data} refetchUsage={() => void usage.refetch()} fetching={usage.isFetching} />;
}
