// The submit-intel dialog, loaded when a user first opens it (part 2 §2, §4 Submit intel, §5, §8): pick a
// competitor (every rival, or Other sent as null rivals), an optional title and the intel itself. The
// button is disabled while the text is empty or a submit runs; success shows a message, then the dialog
// closes after 3.5 s and clears; an error shows inline and the button reads "Try again".
import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { useRivalOptions } from '../alerts/api.ts';
import { SUBMIT_INTEL_AUTO_CLOSE_MS, SUBMIT_INTEL_OTHER } from '../alerts/constants.ts';
import { canSubmitIntel, submitIntelBody, type SubmitIntelStatus } from '../alerts/submitIntel.ts';
import { api } from '../api/client.ts';
import { CheckIcon, SendIcon } from '../brand/icons.tsx';
import '../i18n/areas/submitIntel.ts';

function SubmitIntelForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const rivals = useRivalOptions();
  const [rival, setRival] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [status, setStatus] = useState<SubmitIntelStatus>('none');

  useEffect(() => {
    if (status !== 'success') return;
    const timer = setTimeout(() => {
      setRival(null);
      setTitle('');
      setContent('');
      setStatus('none');
      onClose();
    }, SUBMIT_INTEL_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [status, onClose]);

  const submit = async () => {
    if (!canSubmitIntel(content, status)) return;
    setStatus('loading');
    try {
      await api('/api/alerts.json', { method: 'POST', body: submitIntelBody({ rival, title, content }) });
      setStatus('success');
    } catch {
      setStatus('error');
    }
  };

  if (status === 'success') {
    return (
      <Alert color="teal" variant="light" icon={<CheckIcon size={18} />} title={t('submitIntel.success.title')} data-testid="submit-intel-success" role="status">
        {t('submitIntel.success.msg')}
      </Alert>
    );
  }

  const options = [...(rivals.data ?? []).map((r) => ({ value: String(r.id), label: r.name })), { value: SUBMIT_INTEL_OTHER, label: t('submitIntel.other') }];
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('submitIntel.intro')}
        </Text>
        <Select
          label={t('submitIntel.rival')}
          placeholder={t('submitIntel.rivalPlaceholder')}
          data={options}
          value={rival}
          onChange={setRival}
          searchable
          clearable
          nothingFoundMessage={t('submitIntel.noRival')}
          comboboxProps={{ withinPortal: true }}
          data-testid="submit-intel-rival"
        />
        <TextInput label={t('submitIntel.titleLabel')} description={t('submitIntel.optional')} value={title} onChange={(e) => setTitle(e.currentTarget.value)} maxLength={500} data-testid="submit-intel-title" />
        <Textarea
          label={t('submitIntel.content')}
          placeholder={t('submitIntel.contentPlaceholder')}
          value={content}
          onChange={(e) => setContent(e.currentTarget.value)}
          autosize
          minRows={4}
          maxRows={12}
          required
          data-autofocus
          data-testid="submit-intel-content"
        />
        {status === 'error' && (
          <Text size="sm" c="red" role="alert" data-testid="submit-intel-error">
            {t('submitIntel.error.msg')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('submitIntel.cancel')}
          </Button>
          <Button type="submit" disabled={!canSubmitIntel(content, status)} loading={status === 'loading'} leftSection={<SendIcon size={15} />} data-testid="submit-intel-send">
            {status === 'error' ? t('submitIntel.tryAgain') : t('submitIntel.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function SubmitIntelDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('submitIntel.title')} centered radius="lg" size="lg" data-testid="submit-intel-dialog">
      <SubmitIntelForm onClose={onClose} />
    </Modal>
  );
}
