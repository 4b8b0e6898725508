// The one confirm dialog of the hub's deletes (files, variables, products, statements): a title, what follows, and
// the server's refusal when the delete fails.
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useErrorText } from '../api/errorText.ts';
import { AlertIcon } from '../brand/icons.tsx';
import { useTranslation } from '../i18n/react.tsx';
import '../i18n/areas/knowledgeHub.ts';

type Props = { title: string | null; text: string; onClose: () => void; onConfirm: () => void; pending: boolean; error: unknown };

export function ConfirmDelete({ title, text, onClose, onConfirm, pending, error }: Props) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  return (
    <Modal opened={title !== null} onClose={onClose} title={title} centered>
      <Stack gap="md">
        <Text size="sm">{text}</Text>
        {error != null && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
            {errorText(error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('knowledgeHub.cancel')}
          </Button>
          <Button color="red" onClick={onConfirm} loading={pending} data-testid="hub-confirm-delete">
            {t('knowledgeHub.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
