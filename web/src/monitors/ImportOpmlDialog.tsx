// "Import OPML" (issue #52): the feeds an OPML document lists (a feed reader's export), chosen as a file or pasted,
// each becoming a feed monitor, optionally about one rival. The answer says how many were added and, in words,
// why each skipped feed was.
import { Alert, Button, FileInput, Group, Modal, Select, Stack, Table, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { MONITOR_IMPORT_MAX, type MonitorImportResult } from '../../../contracts/monitors.ts';
import { useRivalOptions } from '../alerts/api.ts';
import { useErrorText } from '../api/errorText.ts';
import { AlertIcon, CheckIcon } from '../brand/icons.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { SCROLLS_BY_KEYBOARD } from '../shared/scrollable.ts';
import { usePhone } from '../shared/usePhone.ts';
import { useImportOpml } from './api.ts';
import { UploadIcon } from '../insights/icons.tsx';
import classes from './Monitors.module.css';
import '../i18n/areas/monitors.ts';

/** The files the picker offers. */
export const OPML_ACCEPT = '.opml,.xml,text/x-opml,text/xml,application/xml';

export function ImportOpmlDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = usePhone();
  return (
    <Modal opened={opened} onClose={onClose} title={t('monitors.import.title')} size="lg" closeButtonProps={{ 'aria-label': t('monitors.close') }} radius="lg" fullScreen={phone} data-testid="monitor-import-dialog">
      {opened && <ImportForm onClose={onClose} />}
    </Modal>
  );
}

function ImportForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const rivals = useRivalOptions();
  const importer = useImportOpml();
  const [file, setFile] = useState<File | null>(null);
  const [pasted, setPasted] = useState('');
  const [rivalId, setRivalId] = useState<number | null>(null);
  const [readFailed, setReadFailed] = useState(false);
  const [result, setResult] = useState<MonitorImportResult | null>(null);

  const submit = async () => {
    setReadFailed(false);
    let opml = pasted;
    if (file) {
      try {
        opml = await file.text();
      } catch {
        setReadFailed(true);
        return;
      }
    }
    if (!opml.trim()) return;
    importer.mutate({ opml, rivalId }, { onSuccess: setResult });
  };

  if (result) return <ImportResult result={result} onClose={onClose} />;

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md" data-testid="monitor-import-form">
        <Text size="sm" c="dimmed">
          {t('monitors.import.intro', { max: MONITOR_IMPORT_MAX })}
        </Text>
        <FileInput
          label={t('monitors.import.file')}
          placeholder={t('monitors.import.filePlaceholder')}
          accept={OPML_ACCEPT}
          value={file}
          onChange={(f) => {
            setFile(f);
            importer.reset();
          }}
          leftSection={<UploadIcon size={15} />}
          clearable
          error={readFailed ? t('monitors.import.readFailed') : undefined}
          data-testid="monitor-import-file"
        />
        <Textarea
          label={t('monitors.import.paste')}
          description={t('monitors.import.pasteHint')}
          value={pasted}
          onChange={(e) => {
            setPasted(e.currentTarget.value);
            importer.reset();
          }}
          disabled={file !== null}
          autosize
          minRows={3}
          maxRows={8}
          spellCheck={false}
          ff="monospace"
          fz="xs"
          data-testid="monitor-import-paste"
        />
        <Select
          label={t('monitors.import.rival')}
          description={t('monitors.import.rivalHint')}
          placeholder={t('monitors.noRival')}
          data={(rivals.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
          value={rivalId === null ? null : String(rivalId)}
          onChange={(v) => setRivalId(v ? Number(v) : null)}
          searchable
          clearable
          comboboxProps={{ withinPortal: true }}
          data-testid="monitor-import-rival"
        />
        {importer.isError && (
          <Alert color="red" variant="light" icon={<AlertIcon />} title={t('monitors.import.failed')} data-testid="monitor-import-error">
            {errorText(importer.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('monitors.cancel')}
          </Button>
          <Button type="submit" loading={importer.isPending} disabled={!file && !pasted.trim()} leftSection={<UploadIcon size={15} />} data-testid="monitor-import-submit">
            {t('monitors.import.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ImportResult({ result, onClose }: { result: MonitorImportResult; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" data-testid="monitor-import-result" data-created={result.created} data-skipped={result.skipped.length}>
      <Alert color={result.created > 0 ? 'teal' : 'gray'} variant="light" icon={<CheckIcon />} role="status" data-testid="monitor-import-created">
        {t('monitors.import.created', { count: result.created })}
      </Alert>
      {result.skipped.length > 0 && (
        <Stack gap="xs">
          <Text fw={600} size="sm" component="h3" m={0}>
            {t('monitors.import.skipped', { count: result.skipped.length })}
          </Text>
          <Table.ScrollContainer minWidth={0} mah={280} attributes={SCROLLS_BY_KEYBOARD}>
            <Table fz="xs" verticalSpacing={4} stickyHeader layout="fixed" data-testid="monitor-import-skipped">
              <Table.Caption className={classes.caption}>{t('monitors.import.skippedCaption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('monitors.import.feed')}</Table.Th>
                  <Table.Th w="40%">{t('monitors.import.reason')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.skipped.map((s, i) => (
                  <Table.Tr key={`${s.url}-${i}`} data-testid="monitor-import-skipped-row" data-reason={s.reason}>
                    <Table.Td className={classes.breakAnywhere}>{s.url}</Table.Td>
                    <Table.Td>
                      <Text size="xs">{t(`monitors.import.reasons.${s.reason}`, { max: MONITOR_IMPORT_MAX })}</Text>
                      {s.reason === 'refused' && s.message && (
                        <Text size="xs" c="dimmed" className={classes.breakAnywhere}>
                          {s.message}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
      <Group justify="flex-end">
        <Button onClick={onClose} data-autofocus data-testid="monitor-import-close">
          {t('monitors.import.close')}
        </Button>
      </Group>
    </Stack>
  );
}
