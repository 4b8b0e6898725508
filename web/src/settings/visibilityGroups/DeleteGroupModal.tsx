// Deleting a visibility group: the dialog states what happens to its cards, its people and Ask, from the
// group's usage as the server counts it now (read again when the dialog opens), and asks as firmly as
// the consequences call for: the name typed when cards would be hidden from people, a checked box when
// cards only lose this group.
import { Button, Checkbox, Group, List, Modal, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import type { VisibilityGroupUsage } from '../../../../contracts/settings.ts';
import { AlertIcon, CardIcon, InfoIcon, UsersIcon } from '../../brand/icons.tsx';
import { toastError, toastSuccess } from '../../shared/toast.ts';
import { useDeleteGroup } from './api.ts';
import { confirmModeOf, deleteConsequences, namesGroup, type Consequence } from './model.ts';
import '../../i18n/areas/settingsGroups.ts';

const ICONS: Record<Consequence['kind'], { icon: typeof CardIcon; color: string }> = {
  onlyHere: { icon: AlertIcon, color: 'red' },
  shared: { icon: CardIcon, color: 'indigo' },
  members: { icon: UsersIcon, color: 'gray' },
  askOpens: { icon: InfoIcon, color: 'orange' },
  nothing: { icon: InfoIcon, color: 'gray' },
};

function ConsequenceText({ consequence, name }: { consequence: Consequence; name: string }) {
  const { t } = useTranslation();
  const count = 'count' in consequence ? consequence.count : undefined;
  return <>{t(`settingsGroups.visibility.delete.${consequence.kind}`, { count, name })}</>;
}

type Props = {
  group: VisibilityGroupUsage;
  groups: VisibilityGroupUsage[];
  /** While the usage is being read again: the counts may still change. */
  checking: boolean;
  onClose: () => void;
};

function DeleteForm({ group, groups, checking, onClose }: Props) {
  const { t } = useTranslation();
  const remove = useDeleteGroup();
  const [typed, setTyped] = useState('');
  const [understood, setUnderstood] = useState(false);
  const consequences = deleteConsequences(group, groups);
  const mode = confirmModeOf(group);
  const confirmed = mode === 'typeName' ? namesGroup(typed, group.name) : mode === 'acknowledge' ? understood : true;

  const submit = () =>
    remove.mutate(group.id, {
      onSuccess: () => {
        toastSuccess(t('settingsGroups.visibility.delete.done', { name: group.name }));
        onClose();
      },
      onError: (err) => toastError(t('settingsGroups.visibility.delete.failed', { name: group.name }), err),
    });

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (confirmed && !checking) submit();
      }}
    >
      <Stack gap="md">
        <Text fw={500}>{t('settingsGroups.visibility.delete.lead')}</Text>
        <List spacing="sm" center={false} data-testid="delete-group-consequences">
          {consequences.map((c) => {
            const { icon: Icon, color } = ICONS[c.kind];
            return (
              <List.Item
                key={c.kind}
                icon={
                  <ThemeIcon size={24} radius="xl" variant="light" color={color}>
                    <Icon size={14} />
                  </ThemeIcon>
                }
                data-testid="delete-group-consequence"
                data-kind={c.kind}
              >
                <Text size="sm">
                  <ConsequenceText consequence={c} name={group.name} />
                </Text>
              </List.Item>
            );
          })}
        </List>
        {mode === 'typeName' && (
          <TextInput
            label={t('settingsGroups.visibility.delete.typeName', { name: group.name })}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            autoComplete="off"
            data-autofocus
            data-testid="delete-group-type-name"
          />
        )}
        {mode === 'acknowledge' && (
          <Checkbox
            label={t('settingsGroups.visibility.delete.acknowledge', { count: group.cardsShared })}
            checked={understood}
            onChange={(e) => setUnderstood(e.currentTarget.checked)}
            data-testid="delete-group-acknowledge"
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('settingsGroups.cancel')}
          </Button>
          <Button type="submit" color="red" disabled={!confirmed || checking} loading={remove.isPending} data-testid="delete-group-confirm">
            {t('settingsGroups.visibility.delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function DeleteGroupModal({ group, ...rest }: Omit<Props, 'group'> & { group: VisibilityGroupUsage | null }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={group !== null}
      onClose={rest.onClose}
      title={group ? t('settingsGroups.visibility.delete.title', { name: group.name }) : ''}
      radius="lg"
      centered
      data-testid="delete-group-modal"
    >
      {group && <DeleteForm key={group.id} group={group} {...rest} />}
    </Modal>
  );
}
