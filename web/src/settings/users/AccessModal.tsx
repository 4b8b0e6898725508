// An admin changes what a user may do and see: their role and visibility groups. Refusals (such as
// demoting the last active admin) are shown in the dialog, which stays open.
import { Alert, Button, Group, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { roleOf, rolesFor, type User } from '../../../../contracts/account.ts';
import { AlertIcon } from '../../brand/icons.tsx';
import { useVisibilityGroups } from '../../cards/api.ts';
import { toastSuccess } from '../../shared/toast.ts';
import { useChangeAccess } from './api.ts';
import { RolePicker } from './RolePicker.tsx';
import { useErrorText } from '../../api/errorText.ts';
import '../../i18n/areas/people.ts';

export function AccessModal({ user, onClose }: { user: User | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={user !== null} onClose={onClose} title={user ? t('people.access.title', { name: user.name }) : ''} centered size="md">
      {user && <AccessForm key={user.id} user={user} onClose={onClose} />}
    </Modal>
  );
}

function AccessForm({ user, onClose }: { user: User; onClose: () => void }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const groups = useVisibilityGroups();
  const change = useChangeAccess();
  const [role, setRole] = useState(roleOf(user.roles));
  const [groupIds, setGroupIds] = useState(user.visibilityGroupIds.map(String));
  const dirty = role !== roleOf(user.roles) || [...groupIds].sort().join() !== user.visibilityGroupIds.map(String).sort().join();

  const save = () =>
    change.mutate(
      { id: user.id, roles: rolesFor(role), visibilityGroupIds: groupIds.map(Number) },
      {
        onSuccess: () => {
          toastSuccess(t('people.access.saved', { name: user.name, role: t(`people.roles.${role}`).toLowerCase() }));
          onClose();
        },
      },
    );

  return (
    <Stack gap="md" data-testid="access-modal">
      <Text size="sm" c="dimmed">
        {user.email}
      </Text>
      <RolePicker
        value={role}
        onChange={(r) => {
          change.reset();
          setRole(r);
        }}
        testId="access-role"
      />
      <MultiSelect
        label={t('people.groups')}
        description={t('people.access.groupsHint')}
        placeholder={groupIds.length ? '' : t('people.noGroup')}
        data={(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
        value={groupIds}
        onChange={(v) => {
          change.reset();
          setGroupIds(v);
        }}
        clearable
        comboboxProps={{ withinPortal: true }}
        data-testid="access-groups"
      />
      {change.error && (
        <Alert color="red" variant="light" icon={<AlertIcon size={18} />} title={t('people.access.failed')} data-testid="access-error">
          {errorText(change.error)}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('people.cancel')}
        </Button>
        <Button onClick={save} disabled={!dirty} loading={change.isPending} data-testid="access-save">
          {t('people.save')}
        </Button>
      </Group>
    </Stack>
  );
}
