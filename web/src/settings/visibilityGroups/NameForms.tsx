// Naming a group, for the visibility and the rival groups: the inline form that creates one, and the
// dialog that renames one. The server decides what is a good name (unique whatever the case): its 400
// on `name` shows under the field, any other failure in a toast.
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { GROUP_NAME_MAX } from '../../../../contracts/settings.ts';
import { ApiError } from '../../api/client.ts';
import { PlusIcon } from '../../brand/icons.tsx';
import { toastError } from '../../shared/toast.ts';
import { useErrorText } from '../../api/errorText.ts';
import '../../i18n/areas/settingsGroups.ts';

/** Sends a name; answers whether it was saved, else says why on the field or in a toast. */
function useNameSubmit(save: (name: string) => Promise<unknown>, failedTitle: string) {
  const { t } = useTranslation();
  const { fieldError } = useErrorText();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (name: string): Promise<boolean> => {
    if (!name.trim()) {
      setError(t('settingsGroups.nameRequired'));
      return false;
    }
    setPending(true);
    setError(null);
    try {
      await save(name.trim());
      return true;
    } catch (err) {
      const message = err instanceof ApiError && err.status === 400 ? fieldError(err, 'name') : null;
      if (message) setError(t('settingsGroups.nameError', { message }));
      else toastError(failedTitle, err);
      return false;
    } finally {
      setPending(false);
    }
  };
  return { error, clearError: () => setError(null), pending, submit };
}

type CreateProps = {
  label: string;
  placeholder: string;
  button: string;
  failedTitle: string;
  onCreate: (name: string) => Promise<unknown>;
  onCreated: (name: string) => void;
  testId: string;
};

export function CreateGroupForm({ label, placeholder, button, failedTitle, onCreate, onCreated, testId }: CreateProps) {
  const [name, setName] = useState('');
  const { error, clearError, pending, submit } = useNameSubmit(onCreate, failedTitle);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit(name).then((ok) => {
          if (!ok) return;
          onCreated(name.trim());
          setName('');
        });
      }}
      data-testid={testId}
    >
      <Group align="flex-start" gap="sm">
        <TextInput
          aria-label={label}
          placeholder={placeholder}
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            clearError();
          }}
          error={error}
          maxLength={GROUP_NAME_MAX}
          style={{ flex: '1 1 220px', minWidth: 0 }}
          data-testid={`${testId}-name`}
        />
        <Button type="submit" leftSection={<PlusIcon size={16} />} loading={pending} style={{ flex: 'none' }} data-testid={`${testId}-submit`}>
          {button}
        </Button>
      </Group>
    </form>
  );
}

type RenameProps = {
  /** The group being renamed, or null when the dialog is closed. */
  group: { id: number; name: string } | null;
  title: string;
  failedTitle: string;
  onRename: (id: number, name: string) => Promise<unknown>;
  onRenamed: (name: string) => void;
  onClose: () => void;
};

function RenameForm({ group, failedTitle, onRename, onRenamed, onClose }: Omit<RenameProps, 'group' | 'title'> & { group: { id: number; name: string } }) {
  const { t } = useTranslation();
  const [name, setName] = useState(group.name);
  const { error, clearError, pending, submit } = useNameSubmit((n) => onRename(group.id, n), failedTitle);
  const unchanged = name.trim() === group.name;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (unchanged) return onClose();
        void submit(name).then((ok) => ok && onRenamed(name.trim()));
      }}
    >
      <Stack gap="lg">
        <TextInput
          label={t('settingsGroups.nameLabel')}
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            clearError();
          }}
          error={error}
          maxLength={GROUP_NAME_MAX}
          data-autofocus
          data-testid="rename-group-name"
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('settingsGroups.cancel')}
          </Button>
          <Button type="submit" loading={pending} disabled={unchanged} data-testid="rename-group-save">
            {t('settingsGroups.rename.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function RenameGroupModal({ group, title, ...rest }: RenameProps) {
  return (
    <Modal opened={group !== null} onClose={rest.onClose} title={title} radius="lg" centered data-testid="rename-group-modal">
      {group && <RenameForm key={group.id} group={group} {...rest} />}
    </Modal>
  );
}
