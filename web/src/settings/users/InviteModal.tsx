// Invite someone: an email, a role and a visibility group. The server's 400 lands on the field it names
// (an address that has an account, is outside the company's domains, or already has an invitation).
import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import type { InvitationLink, RoleChoice } from '../../../../contracts/account.ts';
import { AlertIcon } from '../../brand/icons.tsx';
import { useVisibilityGroups } from '../../cards/api.ts';
import { useInvite } from './api.ts';
import { RolePicker } from './RolePicker.tsx';
import { useErrorText } from '../../api/errorText.ts';
import '../../i18n/areas/people.ts';

const EMPTY = { email: '', role: 'consumer' as RoleChoice, group: null as string | null };

export function InviteModal({ opened, onClose, onInvited }: { opened: boolean; onClose: () => void; onInvited: (link: InvitationLink) => void }) {
  const { t } = useTranslation();
  const { errorText, fieldErrors } = useErrorText();
  const [draft, setDraft] = useState(EMPTY);
  const invite = useInvite();
  const groups = useVisibilityGroups(opened);
  const errors = fieldErrors(invite.error);
  const otherError = invite.error && !Object.keys(errors).length ? errorText(invite.error) : null;

  const set = (patch: Partial<typeof EMPTY>) => {
    invite.reset();
    setDraft((d) => ({ ...d, ...patch }));
  };
  const close = () => {
    invite.reset();
    setDraft(EMPTY);
    onClose();
  };
  const submit = () =>
    invite.mutate(
      { email: draft.email.trim(), role: draft.role, visibilityGroupId: draft.group ? Number(draft.group) : null },
      {
        onSuccess: (link) => {
          setDraft(EMPTY);
          onInvited(link);
        },
      },
    );

  return (
    <Modal opened={opened} onClose={close} title={t('people.invite.title')} centered size="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="md">
          <TextInput
            label={t('people.invite.email')}
            placeholder={t('people.invite.emailPlaceholder')}
            type="email"
            value={draft.email}
            onChange={(e) => set({ email: e.currentTarget.value })}
            error={errors.email}
            required
            data-autofocus
            data-testid="invite-email"
          />
          <RolePicker value={draft.role} onChange={(role) => set({ role })} testId="invite-role" />
          <Select
            label={t('people.invite.group')}
            description={t('people.invite.groupHint')}
            placeholder={t('people.noGroup')}
            data={(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
            value={draft.group}
            onChange={(group) => set({ group })}
            error={errors.visibilityGroupId}
            clearable
            comboboxProps={{ withinPortal: true }}
            data-testid="invite-group"
          />
          {otherError && (
            <Alert color="red" variant="light" icon={<AlertIcon size={18} />}>
              {otherError}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('people.cancel')}
            </Button>
            <Button type="submit" loading={invite.isPending} disabled={!draft.email.trim()} data-testid="invite-submit">
              {t('people.invite.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
