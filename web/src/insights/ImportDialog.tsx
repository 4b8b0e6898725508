// Import reviews (curators): a CSV, JSON or JSON Lines export of a review site for one rival. The file lands
// whole or not at all: a refused file lists its bad rows by line (the first 100, then how many more); an accepted
// one is analysed while a progress bar follows it (polled every second), then says what was imported.
import { Alert, Button, Code, FileInput, Group, Modal, Progress, Select, Stack, Table, Text } from '@mantine/core';
import { SCROLLS_BY_KEYBOARD } from '../shared/scrollable.ts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AlertIcon, CheckIcon } from '../brand/icons.tsx';
import { useRivalsMinimal } from '../cards/api.ts';
import { useTranslation } from '../i18n/react.tsx';
import { ImportRejected, useImportReviews, useReviewImport } from './api.ts';
import { usePhone } from '../shared/usePhone.ts';
import { formatNumber } from '../shared/numbers.ts';
import { IMPORT_ACCEPT, importContentType, importErrorRows, importReasonText, insightsPath, type ImportRejection } from './model.ts';
import { UploadIcon } from './icons.tsx';
import { useErrorText } from '../api/errorText.ts';
import '../i18n/areas/insights.ts';

const COLUMNS = ['source', 'permalink', 'title', 'rating', 'publishedAt', 'text', 'reviewerRole', 'companySize'] as const;
const REQUIRED: ReadonlySet<string> = new Set(['permalink', 'rating', 'publishedAt', 'text']);

type Props = { opened: boolean; onClose: () => void; defaultRivalId: number | null };

export function ImportDialog({ opened, onClose, defaultRivalId }: Props) {
  const { t } = useTranslation();
  const phone = usePhone();
  return (
    <Modal opened={opened} onClose={onClose} title={t('insights.import.title')} size="lg" radius="lg" fullScreen={phone} data-testid="import-dialog">
      {/* Each opening starts afresh. */}
      {opened && <ImportForm defaultRivalId={defaultRivalId} onClose={onClose} />}
    </Modal>
  );
}

function ImportForm({ defaultRivalId, onClose }: Omit<Props, 'opened'>) {
  const { t, i18n } = useTranslation();
  const { errorText } = useErrorText();
  const navigate = useNavigate();
  const rivals = useRivalsMinimal(true);
  const [rivalId, setRivalId] = useState<number | null>(defaultRivalId);
  const [file, setFile] = useState<File | null>(null);
  const [importId, setImportId] = useState<number | null>(null);
  const upload = useImportReviews();
  const job = useReviewImport(importId);
  const view = job.data;
  const rejected = upload.error instanceof ImportRejected ? upload.error.response : null;
  const unsupported = file !== null && importContentType(file.name) === null;

  const submit = () => {
    if (!file || rivalId === null || unsupported) return;
    upload.mutate({ rivalId, file }, { onSuccess: (v) => setImportId(v.id) });
  };

  if (importId !== null) {
    const percent = view && view.total > 0 ? Math.round((view.analysed / view.total) * 100) : 0;
    return (
      <Stack gap="md" data-testid="import-progress" data-state={view?.state ?? 'analysing'}>
        {view?.state === 'succeeded' ? (
          <Alert color="teal" variant="light" icon={<CheckIcon />} data-testid="import-succeeded">
            {t('insights.import.succeeded', { count: view.imported, duplicates: formatNumber(view.duplicates, i18n.language) })}
          </Alert>
        ) : view?.state === 'failed' ? (
          <Alert color="red" variant="light" icon={<AlertIcon />} data-testid="import-failed">
            {view.error ?? t('insights.errors.generic')}
          </Alert>
        ) : (
          <Stack gap={6}>
            <Text size="sm">{view ? t('insights.import.analysing', { analysed: formatNumber(view.analysed, i18n.language), total: formatNumber(view.total, i18n.language) }) : t('insights.import.uploading')}</Text>
            <Progress value={percent} animated size="lg" aria-label={t('insights.import.progress')} data-testid="import-progress-bar" />
            <Text size="xs" c="dimmed">
              {t('insights.import.background')}
            </Text>
          </Stack>
        )}
        {job.isError && (
          <Text size="sm" c="red">
            {t('insights.errors.generic')}
          </Text>
        )}
        <Group justify="flex-end">
          {view?.state === 'succeeded' && (
            <Button
              variant="light"
              onClick={() => {
                onClose();
                navigate(insightsPath(view.rivalId, 'insights'));
              }}
              data-testid="import-open"
            >
              {t('insights.import.open')}
            </Button>
          )}
          <Button variant="default" onClick={onClose} data-testid="import-close">
            {t('insights.import.close')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md" data-testid="import-form">
      <Text size="sm" c="dimmed">
        {t('insights.import.intro')}
      </Text>
      <Table withTableBorder fz="xs" verticalSpacing={4} data-testid="import-columns">
        <Table.Tbody>
          {COLUMNS.map((c) => (
            <Table.Tr key={c}>
              <Table.Td w={130}>
                <Code>{c}</Code>
                {REQUIRED.has(c) && (
                  <Text span c="red" ml={2} aria-label={t('insights.import.required')}>
                    *
                  </Text>
                )}
              </Table.Td>
              <Table.Td c="gray.7">{t(`insights.import.columns.${c}`)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Select
        label={t('insights.import.rival')}
        data={(rivals.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
        value={rivalId === null ? null : String(rivalId)}
        onChange={(v) => setRivalId(v ? Number(v) : null)}
        searchable
        required
        comboboxProps={{ withinPortal: true }}
        data-testid="import-rival"
      />
      <FileInput
        label={t('insights.import.file')}
        placeholder={t('insights.import.filePlaceholder')}
        accept={IMPORT_ACCEPT}
        value={file}
        onChange={(f) => {
          setFile(f);
          upload.reset();
        }}
        leftSection={<UploadIcon size={15} />}
        clearable
        required
        error={unsupported ? t('insights.import.unsupported') : undefined}
        data-testid="import-file"
      />
      {rejected && (
        <Alert color="red" variant="light" icon={<AlertIcon />} title={t('insights.import.rejected')} data-testid="import-errors">
          <Stack gap="xs">
            <Text size="sm">{t('insights.import.problems', { count: rejected.errors.length + rejected.moreErrors })}</Text>
            <ImportErrors errors={rejected.errors} moreErrors={rejected.moreErrors} />
          </Stack>
        </Alert>
      )}
      {upload.isError && !rejected && (
        <Alert color="red" variant="light" icon={<AlertIcon />} data-testid="import-error">
          {errorText(upload.error)}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('insights.cancel')}
        </Button>
        <Button onClick={submit} disabled={!file || rivalId === null || unsupported} loading={upload.isPending} leftSection={<UploadIcon size={15} />} data-testid="import-submit">
          {t('insights.import.submit')}
        </Button>
      </Group>
    </Stack>
  );
}

function ImportErrors({ errors, moreErrors }: Omit<ImportRejection, 'error'>) {
  const { t } = useTranslation();
  const { rows, more } = importErrorRows({ errors, moreErrors });
  return (
    <>
      <Table.ScrollContainer minWidth={360} attributes={SCROLLS_BY_KEYBOARD} mah={260}>
        <Table fz="xs" verticalSpacing={2} stickyHeader data-testid="import-error-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={60}>{t('insights.import.line')}</Table.Th>
              <Table.Th w={120}>{t('insights.import.field')}</Table.Th>
              <Table.Th>{t('insights.import.reason')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((e, i) => (
              <Table.Tr key={`${e.line}-${e.field ?? ''}-${i}`} data-testid="import-error-row">
                <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{e.line}</Table.Td>
                <Table.Td>{e.field ? <Code>{e.field}</Code> : '—'}</Table.Td>
                <Table.Td>{importReasonText(e, t)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {more > 0 && (
        <Text size="xs" data-testid="import-errors-more">
          {t('insights.import.moreErrors', { count: more })}
        </Text>
      )}
    </>
  );
}
