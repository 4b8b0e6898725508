// Confirmation before a digest goes to everyone who receives digests; the result is a toast.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from '../i18n/react.tsx';
import { useSession } from '../core/SessionContext.tsx';
import { useSendDigest } from './api.ts';
import { useErrorText } from '../api/errorText.ts';
import '../i18n/areas/digest.ts';

export function SendDigestModal({ id, title, opened, onClose }: { id: number; title: string; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const { company } = useSession();
  const send = useSendDigest(id);
  const confirm = () =>
    send.mutate(undefined, {
      onSuccess: (r) => {
        onClose();
        notifications.show({ color: 'teal', message: t('digest.send.sent', { count: r.recipientsCount }) });
      },
      onError: (err) => {
        onClose();
        notifications.show({ color: 'red', title: t('digest.send.failed'), message: errorText(err) });
      },
    });
  return (
    <Modal opened={opened} onClose={onClose} title={t('digest.send.title')} radius="lg" centered data-testid="digest-send-modal">
      <Stack gap="lg">
        <Text>{t('digest.send.body', { title, company: company.name })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('digest.send.cancel')}
          </Button>
          <Button onClick={confirm} loading={send.isPending} data-testid="digest-send-confirm">
            {t('digest.send.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
