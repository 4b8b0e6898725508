// A confirmation for an action that cannot be taken back quietly: what happens, then Cancel or the action.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../i18n/react.tsx';
import '../../i18n/areas/people.ts';

export function ConfirmModal(props: {
  opened: boolean;
  title: string;
  body: string;
  action: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered size="md">
      <Stack gap="lg">
        <Text size="sm">{props.body}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose}>
            {t('people.cancel')}
          </Button>
          <Button color="red" onClick={props.onConfirm} loading={props.busy} data-testid={props.testId}>
            {props.action}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
