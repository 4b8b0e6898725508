// Settings › Users (admins): invite people, the invitations still pending (a new link to copy, revoke),
// and the company's users with search, role and state filters and pages; each user's role and groups can
// be changed, and a user deactivated (their sessions end at once) or reactivated.
import { Avatar, Badge, Box, Button, Group, Menu, Paper, SegmentedControl, Select, Skeleton, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { Paging } from '../../shared/Paging.tsx';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { roleOf, type Invitation, type InvitationLink, type User } from '../../../../contracts/account.ts';
import { useSession } from '../../core/SessionContext.tsx';
import { ChevronDownIcon, MailIcon, PlusIcon, RefreshIcon, SearchIcon } from '../../brand/icons.tsx';
import { useVisibilityGroups } from '../../cards/api.ts';
import { relativeTime, shortDate } from '../../shared/dates.ts';
import { formatNumber } from '../../shared/numbers.ts';
import { StatePanel } from '../../shared/StatePanel.tsx';
import { toastError, toastSuccess } from '../../shared/toast.ts';
import { initials } from '../../user/permissions.ts';
import { SectionHeader } from '../SectionHeader.tsx';
import { AccessModal } from './AccessModal.tsx';
import { useInvitations, useRenewInvitation, useRevokeInvitation, useSetActive, useUsers } from './api.ts';
import { ConfirmModal } from './ConfirmModal.tsx';
import { InviteModal } from './InviteModal.tsx';
import { LinkModal } from './LinkModal.tsx';
import { isDeactivated, pageRange, STATUS_FILTERS, TYPE_FILTERS, USERS_PAGE_SIZE, type StatusFilter, type TypeFilter } from './model.ts';
import { useErrorText } from '../../api/errorText.ts';
import '../../i18n/areas/people.ts';
import '../../i18n/areas/companySettings.ts';

type ShownLink = { link: InvitationLink; renewed: boolean };

const ROLE_COLORS = { admin: 'grape', curator: 'indigo', consumer: 'gray' } as const;

export function UsersSection() {
  const { t } = useTranslation();
  const [inviting, setInviting] = useState(false);
  const [shown, setShown] = useState<ShownLink | null>(null);
  return (
    <Stack gap="lg" data-testid="users-section">
      <SectionHeader
        title={t('companySettings.sections.users.name')}
        intro={t('people.users.intro')}
        aside={
          <Button leftSection={<PlusIcon size={16} />} onClick={() => setInviting(true)} data-testid="invite-open">
            {t('people.invite.open')}
          </Button>
        }
      />
      <PendingInvitations onLink={(link) => setShown({ link, renewed: true })} />
      <UsersList />
      <InviteModal
        opened={inviting}
        onClose={() => setInviting(false)}
        onInvited={(link) => {
          setInviting(false);
          setShown({ link, renewed: false });
        }}
      />
      <LinkModal shown={shown} onClose={() => setShown(null)} />
    </Stack>
  );
}

function PendingInvitations({ onLink }: { onLink: (link: InvitationLink) => void }) {
  const { t, i18n } = useTranslation();
  const { errorText } = useErrorText();
  const invitations = useInvitations();
  const renew = useRenewInvitation();
  const revoke = useRevokeInvitation();
  const [revoking, setRevoking] = useState<Invitation | null>(null);

  if (invitations.isError) {
    return (
      <StatePanel kind="error" title={t('people.invitations.failed')} text={errorText(invitations.error)} data-testid="invitations-error">
        <Button variant="light" leftSection={<RefreshIcon size={16} />} onClick={() => void invitations.refetch()}>
          {t('people.retry')}
        </Button>
      </StatePanel>
    );
  }
  if (!invitations.data?.length) return null;

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid="invitations">
      <Stack gap="sm">
        <Group gap="xs">
          <Text fw={600}>{t('people.invitations.title')}</Text>
          <Badge variant="light" color="gray" size="sm">
            {invitations.data.length}
          </Badge>
        </Group>
        {invitations.data.map((inv) => (
          <Group key={inv.id} justify="space-between" gap="sm" wrap="wrap" py={6} style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }} data-testid="invitation-row" data-email={inv.email}>
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 260px' }}>
              <Avatar radius="xl" color="gray" variant="light">
                <MailIcon size={18} />
              </Avatar>
              <Box style={{ minWidth: 0 }}>
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" fw={600} truncate>
                    {inv.email}
                  </Text>
                  {inv.expired && (
                    <Badge color="orange" variant="light" style={{ flex: 'none' }} data-testid="invitation-expired">
                      {t('people.invitations.expired')}
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {[
                    t(`people.roles.${inv.role}`),
                    inv.visibilityGroup?.name,
                    inv.invitedBy && t('people.invitations.by', { name: inv.invitedBy.name }),
                    !inv.expired && t('people.invitations.expires', { date: shortDate(inv.expiresAt, i18n.language) }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Box>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <Tooltip label={t('people.invitations.newLinkHint')} multiline w={240} withArrow>
                <Button
                  size="xs"
                  variant="light"
                  loading={renew.isPending && renew.variables === inv.id}
                  onClick={() => renew.mutate(inv.id, { onSuccess: onLink, onError: (err) => toastError(t('people.invitations.newLinkFailed'), err) })}
                  data-testid="invitation-new-link"
                >
                  {t('people.invitations.newLink')}
                </Button>
              </Tooltip>
              <Button size="xs" variant="subtle" color="red" onClick={() => setRevoking(inv)} data-testid="invitation-revoke">
                {t('people.invitations.revoke')}
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
      <ConfirmModal
        opened={revoking !== null}
        title={t('people.invitations.revokeTitle')}
        body={t('people.invitations.revokeBody', { email: revoking?.email ?? '' })}
        action={t('people.invitations.revoke')}
        busy={revoke.isPending}
        testId="confirm-revoke"
        onClose={() => setRevoking(null)}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              toastSuccess(t('people.invitations.revoked', { email: revoking.email }));
              setRevoking(null);
            },
            onError: (err) => toastError(t('people.invitations.revokeFailed'), err),
          })
        }
      />
    </Paper>
  );
}

function UsersList() {
  const { t, i18n } = useTranslation();
  const { errorText } = useErrorText();
  const { user: me } = useSession();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search, 250);
  const [type, setType] = useState<TypeFilter>('all');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [page, setPage] = useState(1);
  const users = useUsers({ query, type, status, page });
  const groups = useVisibilityGroups();
  const groupName = new Map((groups.data ?? []).map((g) => [g.id, g.name]));
  const setActive = useSetActive();
  const [editing, setEditing] = useState<User | null>(null);
  const [deactivating, setDeactivating] = useState<User | null>(null);

  const filtered = (fn: () => void) => {
    fn();
    setPage(1);
  };
  const reactivate = (u: User) =>
    setActive.mutate(
      { id: u.id, active: true },
      { onSuccess: () => toastSuccess(t('people.users.reactivated', { name: u.name })), onError: (err) => toastError(t('people.users.changeFailed'), err) },
    );

  const total = users.data?.total ?? 0;
  const range = pageRange(page, USERS_PAGE_SIZE, total);
  const pages = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid="users-list">
      <Stack gap="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            aria-label={t('people.users.search')}
            placeholder={t('people.users.search')}
            leftSection={<SearchIcon size={16} />}
            value={search}
            onChange={(e) => filtered(() => setSearch(e.currentTarget.value))}
            style={{ flex: '1 1 220px' }}
            data-testid="users-search"
          />
          <SegmentedControl
            value={type}
            onChange={(v) => filtered(() => setType(v as TypeFilter))}
            data={TYPE_FILTERS.map((f) => ({ value: f, label: t(`people.users.types.${f}`) }))}
            aria-label={t('people.users.typeLabel')}
            style={{ flex: '0 1 auto' }}
            data-testid="users-type"
          />
          <Select
            aria-label={t('people.users.statusLabel')}
            value={status}
            onChange={(v) => v && filtered(() => setStatus(v as StatusFilter))}
            data={STATUS_FILTERS.map((f) => ({ value: f, label: t(`people.users.statuses.${f}`) }))}
            allowDeselect={false}
            w={160}
            data-testid="users-status"
          />
        </Group>

        {users.isPending ? (
          <Stack gap="sm" data-testid="users-loading">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} h={48} radius="md" />
            ))}
          </Stack>
        ) : users.isError ? (
          <StatePanel kind="error" title={t('people.users.failed')} text={errorText(users.error)} data-testid="users-error">
            <Button variant="light" leftSection={<RefreshIcon size={16} />} onClick={() => void users.refetch()}>
              {t('people.retry')}
            </Button>
          </StatePanel>
        ) : users.data.items.length === 0 ? (
          <StatePanel kind="empty" title={t('people.users.empty')} text={t('people.users.emptyHint')} data-testid="users-empty" />
        ) : (
          <Stack gap={0} style={{ opacity: users.isPlaceholderData ? 0.6 : 1 }}>
            <Group gap="md" px="xs" pb={6} wrap="nowrap" visibleFrom="md" c="dimmed" fz="xs" fw={600} tt="uppercase" style={{ letterSpacing: '0.04em' }}>
              <Box style={{ flex: 1 }}>{t('people.users.columns.user')}</Box>
              <Box w={110}>{t('people.users.columns.role')}</Box>
              <Box w={180}>{t('people.groups')}</Box>
              <Box w={120}>{t('people.users.columns.lastSeen')}</Box>
              <Box w={104} />
            </Group>
            {users.data.items.map((u) => (
              <UserRow
                key={u.id}
                user={u}
                isMe={u.id === me.id}
                groups={u.visibilityGroupIds.map((id) => groupName.get(id) ?? `#${id}`)}
                onEdit={() => setEditing(u)}
                onDeactivate={() => setDeactivating(u)}
                onReactivate={() => reactivate(u)}
              />
            ))}
          </Stack>
        )}

        {total > 0 && (
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed" data-testid="users-range">
              {t('people.users.range', { from: formatNumber(range.from, i18n.language), to: formatNumber(range.to, i18n.language), total: formatNumber(total, i18n.language) })}
            </Text>
            {pages > 1 && <Paging value={page} onChange={setPage} total={pages} size="sm" data-testid="users-pages" />}
          </Group>
        )}
      </Stack>
      <AccessModal user={editing} onClose={() => setEditing(null)} />
      <ConfirmModal
        opened={deactivating !== null}
        title={t('people.users.deactivateTitle', { name: deactivating?.name ?? '' })}
        body={t('people.users.deactivateBody')}
        action={t('people.users.deactivate')}
        busy={setActive.isPending}
        testId="confirm-deactivate"
        onClose={() => setDeactivating(null)}
        onConfirm={() =>
          deactivating &&
          setActive.mutate(
            { id: deactivating.id, active: false },
            {
              onSuccess: () => {
                toastSuccess(t('people.users.deactivated', { name: deactivating.name }));
                setDeactivating(null);
              },
              onError: (err) => toastError(t('people.users.changeFailed'), err),
            },
          )
        }
      />
    </Paper>
  );
}

function UserRow(props: { user: User; isMe: boolean; groups: string[]; onEdit: () => void; onDeactivate: () => void; onReactivate: () => void }) {
  const { t, i18n } = useTranslation();
  const { user: u, isMe, groups } = props;
  const role = roleOf(u.roles);
  const off = isDeactivated(u);
  const roleBadge = (
    <Badge color={ROLE_COLORS[role]} variant="light">
      {t(`people.roles.${role}`)}
    </Badge>
  );
  const stateBadge = off ? (
    <Badge color="red" variant="light" data-testid="user-deactivated">
      {t('people.users.statuses.deactivated')}
    </Badge>
  ) : null;
  const lastSeen = u.lastSeenAt ? relativeTime(u.lastSeenAt, i18n.language) : t('people.users.never');

  return (
    <Group
      gap="md"
      px="xs"
      py={10}
      wrap="nowrap"
      align="center"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
      data-testid="user-row"
      data-email={u.email}
      data-role={role}
      data-state={off ? 'deactivated' : 'active'}
    >
      <Group gap="sm" wrap="nowrap" style={{ flex: 1, minWidth: 0, opacity: off ? 0.6 : 1 }}>
        <Avatar src={u.image} alt="" radius="xl" color="indigo">
          {initials(u.name)}
        </Avatar>
        <Box style={{ minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={600} truncate>
              {u.name}
            </Text>
            {isMe && (
              <Badge size="xs" variant="outline" color="gray">
                {t('people.users.you')}
              </Badge>
            )}
            <Box visibleFrom="md">{stateBadge}</Box>
          </Group>
          <Text size="xs" c="dimmed" truncate>
            {u.email}
          </Text>
          <Group gap={6} mt={4} hiddenFrom="md">
            {roleBadge}
            {stateBadge}
            <Text size="xs" c="dimmed">
              {[groups.join(', '), u.lastSeenAt ? t('people.users.seen', { when: lastSeen }) : t('people.users.neverSeen')].filter(Boolean).join(' · ')}
            </Text>
          </Group>
        </Box>
      </Group>
      <Box w={110} visibleFrom="md">
        {roleBadge}
      </Box>
      <Text w={180} size="sm" c={groups.length ? undefined : 'dimmed'} truncate visibleFrom="md">
        {groups.join(', ') || t('people.noGroup')}
      </Text>
      <Text w={120} size="sm" c="dimmed" visibleFrom="md">
        {lastSeen}
      </Text>
      <Box w={{ base: 'auto', md: 104 }} style={{ flex: 'none', textAlign: 'right' }}>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button size="xs" variant="default" rightSection={<ChevronDownIcon size={14} />} aria-label={t('people.users.actionsFor', { name: u.name })} data-testid="user-actions">
              {t('people.users.actions')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={props.onEdit} data-testid="user-change-access">
              {t('people.users.changeAccess')}
            </Menu.Item>
            {off ? (
              <Menu.Item onClick={props.onReactivate} data-testid="user-reactivate">
                {t('people.users.reactivate')}
              </Menu.Item>
            ) : (
              !isMe && (
                <Menu.Item color="red" onClick={props.onDeactivate} data-testid="user-deactivate">
                  {t('people.users.deactivate')}
                </Menu.Item>
              )
            )}
          </Menu.Dropdown>
        </Menu>
      </Box>
    </Group>
  );
}
