// Importing deals from a CRM's CSV export (curators): choose the file, see its headers and first rows, map its columns
// to the deal's fields (prefilled from the server's suggestion, required fields marked), keep the mapping under a name
// or pick a saved one, then import and follow the progress. A refused file lists each bad row's line and field, and
// nothing of it is written; a finished import says what it created and updated and the overview reads its numbers again.
import { Alert, Button, FileInput, Group, List, Modal, NativeSelect, Progress, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { DEAL_CSV_FIELDS, DEAL_CSV_REQUIRED, type DealCsvField, type DealImportError, type DealImportPreview, type DealMapping } from '../../../contracts/deals.ts';
import { ApiError } from '../api/client.ts';
import { useTranslation } from '../i18n/react.tsx';
import { formatNumber } from '../shared/numbers.ts';
import { SCROLLS_BY_KEYBOARD } from '../shared/scrollable.ts';
import { usePhone } from '../shared/usePhone.ts';
import { useImport, useMappings, usePreviewImport, useRefreshWinLoss, useSaveMapping, useStartImport } from './api.ts';
import { CSV_FIELDS, initialColumns, mappingColumns, missingRequired, type Columns } from './model.ts';
import classes from './WinLoss.module.css';
import '../i18n/areas/winLoss.ts';

/** The bad rows of a refused file, from the 400's details (a DealImport, or its errors alone). */
export function badRowsOf(err: unknown): DealImportError[] | null {
  if (!(err instanceof ApiError) || err.status !== 400) return null;
  const d = err.details as { errors?: unknown } | unknown[] | undefined;
  const list = Array.isArray(d) ? d : Array.isArray(d?.errors) ? d.errors : null;
  return list ? (list as DealImportError[]) : null;
}

/** Whether a mapping maps exactly these columns. */
const sameColumns = (a: Columns, b: Columns) => {
  const x = mappingColumns(a);
  const y = mappingColumns(b);
  return Object.keys(x).length === Object.keys(y).length && Object.entries(x).every(([k, v]) => y[k as DealCsvField] === v);
};

export function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState<string | null>(null);
  const [preview, setPreview] = useState<DealImportPreview | null>(null);
  const [columns, setColumns] = useState<Columns>({});
  const [mapping, setMapping] = useState<DealMapping | null>(null);
  const [name, setName] = useState('');
  const [importId, setImportId] = useState<number | null>(null);
  const previewing = usePreviewImport();
  const mappings = useMappings(true);
  const save = useSaveMapping();
  const start = useStartImport();
  const run = useImport(importId);
  const refresh = useRefreshWinLoss();
  const [refreshed, setRefreshed] = useState<number | null>(null);

  const choose = async (f: File | null) => {
    setFile(f);
    setPreview(null);
    setImportId(null);
    start.reset();
    if (!f) return setText(null);
    const body = await f.text();
    setText(body);
    previewing.mutate(body, {
      onSuccess: (p) => {
        setPreview(p);
        setColumns(mapping ? initialColumns(mapping.columns, p.headers) : initialColumns(p.suggested, p.headers));
      },
    });
  };
  const pickMapping = (id: string) => {
    const m = mappings.data?.find((x) => String(x.id) === id) ?? null;
    setMapping(m);
    if (m) {
      setName(m.name);
      if (preview) setColumns(initialColumns(m.columns, preview.headers));
    }
  };
  const missing = missingRequired(columns);
  const label = (f: DealCsvField) => t(`winLoss.import.fields.${f}`);

  const saveMapping = async (): Promise<DealMapping> => {
    const saved = await save.mutateAsync({ id: mapping && mapping.name === name.trim() ? mapping.id : null, body: { name: name.trim() || (file?.name ?? ''), columns: mappingColumns(columns) } });
    setMapping(saved);
    setName(saved.name);
    return saved;
  };
  const begin = async () => {
    if (!text) return;
    // The file's own headers need no mapping; any other mapping is kept under its name first (the import names it by id).
    const isDefault = sameColumns(columns, initialColumns(DEAL_CSV_FIELDS, preview?.headers ?? []));
    const mappingId = isDefault && !mapping ? undefined : mapping && sameColumns(columns, mapping.columns) ? mapping.id : (await saveMapping()).id;
    const started = await start.mutateAsync({ text, mappingId, fileName: file?.name });
    setImportId(started.id);
  };

  const job = run.data;
  if (job?.state === 'done' && refreshed !== job.id) {
    setRefreshed(job.id);
    void refresh();
  }
  const badRows = badRowsOf(start.error) ?? (job?.state === 'failed' ? job.errors : null);
  const busy = start.isPending || save.isPending || (job !== undefined && (job.state === 'queued' || job.state === 'running'));

  return (
    <Modal opened onClose={onClose} title={t('winLoss.import.title')} size="xl" fullScreen={phone} closeButtonProps={{ 'aria-label': t('winLoss.close') }} data-testid="import-dialog">
      <Stack gap="md">
        <FileInput
          label={t('winLoss.import.file')}
          description={t('winLoss.import.fileHint')}
          accept=".csv,text/csv"
          value={file}
          onChange={(f) => void choose(f)}
          clearable
          clearButtonProps={{ 'aria-label': t('winLoss.import.clearFile') }}
          data-testid="import-file"
        />
        {(mappings.data?.length ?? 0) > 0 && (
          <NativeSelect
            label={t('winLoss.import.savedMapping')}
            data={[{ value: '', label: t('winLoss.import.noSavedMapping') }, ...(mappings.data ?? []).map((m) => ({ value: String(m.id), label: m.name }))]}
            value={mapping ? String(mapping.id) : ''}
            onChange={(e) => pickMapping(e.currentTarget.value)}
            data-testid="import-saved-mapping"
          />
        )}
        {previewing.isPending && <Text size="sm">{t('winLoss.import.previewing')}</Text>}
        {previewing.isError && (
          <Alert color="red" variant="light" data-testid="import-preview-error">
            {previewing.error.message}
          </Alert>
        )}
        {preview && (
          <>
            <Stack gap={4}>
              <Text fw={600} size="sm">
                {t('winLoss.import.preview')}
              </Text>
              <Table.ScrollContainer minWidth={Math.min(900, preview.headers.length * 120)} type="native" attributes={SCROLLS_BY_KEYBOARD}>
                <Table withTableBorder fz="xs" verticalSpacing={2} data-testid="import-preview">
                  <caption className={classes.caption}>{t('winLoss.import.previewCaption', { file: file?.name ?? '' })}</caption>
                  <Table.Thead>
                    <Table.Tr>
                      {preview.headers.map((h, i) => (
                        <Table.Th key={i} scope="col" style={{ whiteSpace: 'nowrap' }}>
                          {h}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {preview.rows.map((row, i) => (
                      <Table.Tr key={i}>
                        {row.map((cell, j) => (
                          <Table.Td key={j} style={{ whiteSpace: 'nowrap' }}>
                            {cell}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Stack>
            <fieldset className={classes.fieldset}>
              <legend className={classes.legend}>{t('winLoss.import.mapping')}</legend>
              <Text size="xs" c="dimmed" mb="xs">
                {t('winLoss.import.mappingHint')}
              </Text>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="xs">
                {CSV_FIELDS.map((f) => (
                  <NativeSelect
                    key={f}
                    label={label(f)}
                    withAsterisk={DEAL_CSV_REQUIRED.includes(f)}
                    required={DEAL_CSV_REQUIRED.includes(f)}
                    data={[{ value: '', label: t('winLoss.import.notMapped') }, ...preview.headers.map((h) => ({ value: h, label: h }))]}
                    value={columns[f] ?? ''}
                    onChange={(e) => setColumns({ ...columns, [f]: e.currentTarget.value || undefined })}
                    data-testid={`import-map-${f}`}
                  />
                ))}
              </SimpleGrid>
              {missing.length > 0 && (
                <Text size="sm" c="red" mt="xs" data-testid="import-missing">
                  {t('winLoss.import.missing', { count: missing.length, fields: missing.map(label).join(', ') })}
                </Text>
              )}
            </fieldset>
            <Group align="flex-end" gap="sm" wrap="wrap">
              <TextInput label={t('winLoss.import.mappingName')} value={name} onChange={(e) => setName(e.currentTarget.value)} w={{ base: '100%', xs: 260 }} data-testid="import-mapping-name" />
              <Button variant="default" disabled={!name.trim() || missing.length > 0} loading={save.isPending} onClick={() => void saveMapping()} data-testid="import-save-mapping">
                {t(mapping && mapping.name === name.trim() ? 'winLoss.import.updateMapping' : 'winLoss.import.saveMapping')}
              </Button>
            </Group>
            {save.isSuccess && (
              <Text size="sm" c="teal.8" role="status">
                {t('winLoss.import.mappingSaved', { name: save.data.name })}
              </Text>
            )}
          </>
        )}
        {job && (job.state === 'queued' || job.state === 'running') && (
          <Stack gap={4}>
            <Text size="sm" role="status">
              {job.state === 'queued' ? t('winLoss.import.queued') : t('winLoss.import.running', { done: formatNumber(job.processedRows, i18n.language), total: formatNumber(job.totalRows, i18n.language) })}
            </Text>
            <Progress value={job.totalRows ? (100 * job.processedRows) / job.totalRows : 0} aria-label={t('winLoss.import.progress')} data-testid="import-progress" />
          </Stack>
        )}
        {job?.state === 'done' && (
          <Alert color="green" variant="light" role="status" data-testid="import-done">
            {t('winLoss.import.done', { created: job.created, updated: job.updated })}
          </Alert>
        )}
        {badRows && badRows.length > 0 ? (
          <Alert color="red" variant="light" title={t('winLoss.import.badRows', { count: badRows.length })} data-testid="import-bad-rows">
            <List size="sm" spacing={2}>
              {badRows.map((e, i) => (
                <List.Item key={i} data-testid="import-bad-row">
                  {t('winLoss.import.badRow', { line: e.line, field: e.field, message: e.message })}
                </List.Item>
              ))}
            </List>
          </Alert>
        ) : (
          (start.isError || save.isError || job?.state === 'failed') && (
            <Alert color="red" variant="light" data-testid="import-error">
              {start.error?.message ?? save.error?.message ?? t('winLoss.import.failed')}
            </Alert>
          )
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t(job?.state === 'done' ? 'winLoss.close' : 'winLoss.cancel')}
          </Button>
          <Button disabled={!preview || missing.length > 0 || busy || job?.state === 'done'} loading={busy} onClick={() => void begin().catch(() => undefined)} data-testid="import-start">
            {t('winLoss.import.start')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
