// Submit intel, for users who are neither curator nor admin. The intel feed that receives it comes with
// its own release; the dialog says so plainly.
import { ActionIcon, Button, Group, Modal, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { SendIcon } from '../brand/icons.tsx';

export function SubmitIntelButton() {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button visibleFrom="xs" variant="light" leftSection={<SendIcon size={16} />} onClick={open} data-testid="submit-intel">
        {t('submitIntel.button')}
      </Button>
      <Tooltip label={t('submitIntel.button')}>
        <ActionIcon hiddenFrom="xs" variant="light" size="lg" onClick={open} aria-label={t('submitIntel.button')}>
          <SendIcon size={18} />
        </ActionIcon>
      </Tooltip>
      <Modal opened={opened} onClose={close} title={t('submitIntel.title')} centered radius="lg">
        <Text data-testid="submit-intel-coming-soon">{t('submitIntel.comingSoon')}</Text>
        <Group justify="flex-end" mt="lg">
          <Button onClick={close}>{t('submitIntel.close')}</Button>
        </Group>
      </Modal>
    </>
  );
}
