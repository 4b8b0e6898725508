// Importing calls from a call recorder's export (curators): a WebVTT or SRT transcript of one call, described here
// (title, date, rep, account, the deal's CRM id), or a JSON export that describes its calls itself. The file goes as
// it is; while it uploads the dialog shows how much is sent, then that it is being analysed; a refused file gets the server's words (a 400 or 413
// naming the call), and nothing of it lands; an import says how many calls and rival mentions it brought.
import { Alert, Button, FileInput, Group, Modal, Progress, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useErrorText } from '../api/errorText.ts';
import { useTranslation } from '../i18n/react.tsx';
import { usePhone } from '../shared/usePhone.ts';
import { useImportCalls } from './api.ts';
import { callsPath, IMPORT_FORMATS, importQuery, type ImportFields } from './model.ts';
import '../i18n/areas/callInsights.ts';

const NO_FIELDS: ImportFields = { title: '', date: '', repEmail: '', repName: '', accountName: '', dealCrmId: '' };

export function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const phone = usePhone();
  const [importer, setImporter] = useState<'vtt' | 'json'>('vtt');
  const [file, setFile] = useState<File | null>(null);
  const [fields, setFields] = useState<ImportFields>(NO_FIELDS);
  const [sent, setSent] = useState(0);
  const run = useImportCalls(setSent);
  const field = (key: keyof ImportFields) => ({
    value: fields[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setFields({ ...fields, [key]: e.currentTarget.value }),
    disabled: run.isPending,
  });
  // A transcript of one call needs its title and date; an export names its calls.
  const ready = file !== null && (importer === 'json' || (fields.title.trim() !== '' && fields.date !== ''));
  const start = () => {
    if (!file || !ready) return;
    setSent(0);
    run.mutate({ file, query: importQuery(importer, file.name, fields) });
  };

  return (
    <Modal opened onClose={onClose} title={t('callInsights.import.title')} size="lg" fullScreen={phone} closeButtonProps={{ 'aria-label': t('callInsights.close') }} data-testid="call-import-dialog">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          start();
        }}
      >
        <Stack gap="md">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="call-importer-label">
              {t('callInsights.import.importer')}
            </Text>
            <SegmentedControl
              value={importer}
              onChange={(v) => {
                setImporter(v as 'vtt' | 'json');
                setFile(null);
                run.reset();
              }}
              data={[
                { value: 'vtt', label: t('callInsights.import.vtt') },
                { value: 'json', label: t('callInsights.import.json') },
              ]}
              aria-labelledby="call-importer-label"
              disabled={run.isPending}
              fullWidth
              orientation={phone ? 'vertical' : 'horizontal'}
              data-testid="call-importer"
            />
            <Text size="xs" c="dimmed">
              {t(importer === 'vtt' ? 'callInsights.import.vttHint' : 'callInsights.import.jsonHint')}
            </Text>
          </Stack>
          <FileInput
            label={t('callInsights.import.file')}
            accept={IMPORT_FORMATS[importer]}
            value={file}
            onChange={(f) => {
              setFile(f);
              run.reset();
              // A transcript's name is often the call's: offered as its title until one is typed.
              if (f && !fields.title.trim()) setFields({ ...fields, title: f.name.replace(/\.[a-z0-9]+$/i, '').slice(0, 200) });
            }}
            clearable
            clearButtonProps={{ 'aria-label': t('callInsights.import.clearFile') }}
            required
            disabled={run.isPending}
            data-testid="call-import-file"
          />
          {importer === 'vtt' && (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
              <TextInput label={t('callInsights.import.fields.title')} required maxLength={200} {...field('title')} data-testid="call-import-title" />
              <TextInput label={t('callInsights.import.fields.date')} type="date" required {...field('date')} data-testid="call-import-date" />
              <TextInput label={t('callInsights.import.fields.repEmail')} type="email" maxLength={254} {...field('repEmail')} data-testid="call-import-rep-email" />
              <TextInput label={t('callInsights.import.fields.repName')} maxLength={120} {...field('repName')} data-testid="call-import-rep-name" />
              <TextInput label={t('callInsights.import.fields.accountName')} maxLength={200} {...field('accountName')} data-testid="call-import-account" />
              <TextInput label={t('callInsights.import.fields.dealCrmId')} maxLength={200} {...field('dealCrmId')} data-testid="call-import-deal" />
            </SimpleGrid>
          )}
          {run.isPending && (
            // While the file goes up, how much of it is sent; once it is there, the server reads it (no measure of that).
            <Stack gap={4}>
              <Text size="sm" role="status" data-testid="call-import-status">
                {sent < 1 ? t('callInsights.import.uploading', { name: file?.name ?? '', percent: Math.floor(sent * 100) }) : t('callInsights.import.analysing', { name: file?.name ?? '' })}
              </Text>
              <Progress
                value={sent < 1 ? sent * 100 : 100}
                animated={sent >= 1}
                striped={sent >= 1}
                aria-label={t('callInsights.import.progress')}
                data-testid="call-import-progress"
              />
            </Stack>
          )}
          {run.isError && (
            <Alert color="red" variant="light" title={t('callInsights.import.refused')} data-testid="call-import-error">
              {errorText(run.error)}
            </Alert>
          )}
          {run.isSuccess && (
            <Alert color="green" variant="light" role="status" data-testid="call-import-done">
              <Stack gap={4} align="flex-start">
                <Text size="sm">{t('callInsights.import.done', { calls: run.data.calls, mentions: run.data.mentions })}</Text>
                <Button component={Link} to={callsPath()} variant="subtle" size="compact-sm" onClick={onClose} data-testid="call-import-see">
                  {t('callInsights.import.seeCalls')}
                </Button>
              </Stack>
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t(run.isSuccess ? 'callInsights.close' : 'callInsights.cancel')}
            </Button>
            <Button type="submit" disabled={!ready || run.isSuccess} loading={run.isPending} data-testid="call-import-start">
              {t('callInsights.import.start')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
