// The files step (/knowledge-hub/files): upload a file (drop zone or picker; title, product, visibility groups, state)
// and watch it go up, then be read (extraction polled until done, or failed with its reason); the company's files
// paged 20 with their state, kind, size, passages and version; edit, a new version, delete; and one file's passages
// (/knowledge-hub/files/{id}), each with where it came from. A file's text is shown as text, never as HTML.
import { Alert, Anchor, Badge, Box, Button, FileButton, Group, Loader, Menu, Modal, MultiSelect, Paper, Progress, SegmentedControl, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useRef, useState, type DragEvent } from 'react';
import { Link } from 'react-router';
import { FILE_STATES, KNOWLEDGE_HUB, type FileState, type KnowledgeFile } from '../../../contracts/knowledgeHub.ts';
import { useErrorText } from '../api/errorText.ts';
import { AlertIcon, ArrowLeftIcon, ChevronDownIcon } from '../brand/icons.tsx';
import { useVisibilityGroups } from '../cards/api.ts';
import { LoadFailed } from './LoadFailed.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { shortDate } from '../shared/dates.ts';
import { formatNumber } from '../shared/numbers.ts';
import { Paging } from '../shared/Paging.tsx';
import { toastSuccess } from '../shared/toast.ts';
import { isExtracting, useDeleteFile, useFile, useFiles, usePassages, usePatchFile, useProducts, useUploadFile, type FilePatch } from './api.ts';
import { ConfirmDelete } from './ConfirmDelete.tsx';
import { filePath, stepPath } from './checklist.ts';
import { ACCEPTED_TYPES, MAX_MB, placeOf, tooLarge, unitsOf } from './model.ts';
import classes from './KnowledgeHub.module.css';
import '../i18n/areas/knowledgeHub.ts';

type Option = { value: string; label: string };
/** An upload under way or done: its share sent, then the file the server took (whose reading is polled). */
type Upload = { name: string; share: number; fileId: number | null; error: unknown };

function useOptions(orgId: number) {
  const products = useProducts(orgId).data ?? [];
  const groups = useVisibilityGroups().data ?? [];
  return {
    products: products.map((p): Option => ({ value: String(p.id), label: p.name })),
    groups: groups.map((g): Option => ({ value: String(g.id), label: g.name })),
  };
}

function ExtractionBadge({ file }: { file: Pick<KnowledgeFile, 'extraction'> }) {
  const { t } = useTranslation();
  const color = { pending: 'gray', running: 'blue', done: 'teal', failed: 'red' }[file.extraction];
  return (
    <Badge color={color} variant="light" data-testid="file-extraction" data-extraction={file.extraction}>
      {t(`knowledgeHub.files.extraction.${file.extraction}`)}
    </Badge>
  );
}

/** An upload's progress, then its file being read, then read (its passages) or failed with the reason. */
function UploadStatus({ upload }: { upload: Upload }) {
  const { t, i18n } = useTranslation();
  const { errorText } = useErrorText();
  const file = useFile(upload.fileId).data;
  if (upload.error != null)
    return (
      <Alert color="red" variant="light" icon={<AlertIcon />} role="alert" data-testid="upload-error">
        {errorText(upload.error)}
      </Alert>
    );
  if (!file)
    return (
      <Stack gap={4} data-testid="upload-progress">
        <Text size="sm">{t('knowledgeHub.files.uploading', { name: upload.name })}</Text>
        <Progress.Root>
          <Progress.Section value={Math.round(upload.share * 100)} aria-label={t('knowledgeHub.files.uploadProgress')} aria-valuetext={`${formatNumber(Math.round(upload.share * 100), i18n.language)} %`} />
        </Progress.Root>
      </Stack>
    );
  return (
    <Group gap="sm" data-testid="upload-status" role="status">
      <Text size="sm">{t('knowledgeHub.files.uploaded', { name: file.title })}</Text>
      <ExtractionBadge file={file} />
      {isExtracting(file) && <Loader size="xs" aria-hidden />}
      {file.extraction === 'done' && <Text size="sm">{t('knowledgeHub.files.passages', { count: file.passageCount })}</Text>}
      {file.extraction === 'failed' && (
        <Text size="sm" c="red.8" data-testid="upload-failed-reason">
          {t('knowledgeHub.files.failedReason', { reason: file.extractionError ?? '' })}
        </Text>
      )}
    </Group>
  );
}

function UploadPanel({ orgId, onUpload }: { orgId: number; onUpload: (file: File, meta: { title?: string; productId?: number; visibilityGroupIds: number[]; state: FileState }) => void }) {
  const { t, i18n } = useTranslation();
  const options = useOptions(orgId);
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [productId, setProductId] = useState<string | null>(null);
  const [groupIds, setGroupIds] = useState<string[]>([]);
  const [state, setState] = useState<FileState>('draft');
  const [dragging, setDragging] = useState(false);
  const mb = formatNumber(MAX_MB, i18n.language);
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const dropped = e.dataTransfer.files[0];
    if (dropped) setFile(dropped);
  };
  const send = () => {
    if (!file || tooLarge(file)) return;
    onUpload(file, { title: title.trim() || undefined, productId: productId ? Number(productId) : undefined, visibilityGroupIds: groupIds.map(Number), state });
    setFile(null);
    setTitle('');
  };
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="hub-upload-title">
      <Stack gap="sm">
        <Title order={3} fz="h5" id="hub-upload-title">
          {t('knowledgeHub.files.upload')}
        </Title>
        <Box
          className={classes.dropzone}
          data-dragging={dragging || undefined}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
          data-testid="hub-dropzone"
        >
          <Stack gap={6} align="center">
            <Text>{t('knowledgeHub.files.drop')}</Text>
            <FileButton onChange={setFile} accept={ACCEPTED_TYPES} inputProps={{ 'aria-label': t('knowledgeHub.files.choose'), 'data-testid': 'hub-file-input' } as object}>
              {(props) => (
                <Button variant="light" {...props}>
                  {t('knowledgeHub.files.choose')}
                </Button>
              )}
            </FileButton>
            <Text size="xs" c="dimmed">
              {t('knowledgeHub.files.types', { mb })}
            </Text>
            {file && (
              <Text size="sm" fw={600} data-testid="hub-file-chosen">
                {t('knowledgeHub.files.chosen', { name: file.name })}
              </Text>
            )}
            {file && tooLarge(file) && (
              <Text size="sm" c="red.8" role="alert">
                {t('knowledgeHub.files.tooLarge', { mb })}
              </Text>
            )}
          </Stack>
        </Box>
        <Group grow align="flex-start" wrap="wrap">
          <TextInput label={t('knowledgeHub.files.titleLabel')} description={t('knowledgeHub.files.titleHint')} value={title} onChange={(e) => setTitle(e.currentTarget.value)} maxLength={200} miw={220} />
          <Select label={t('knowledgeHub.files.product')} placeholder={t('knowledgeHub.files.anyProduct')} data={options.products} value={productId} onChange={setProductId} clearable miw={200} />
        </Group>
        <MultiSelect label={t('knowledgeHub.files.groups')} description={t('knowledgeHub.files.groupsHint')} data={options.groups} value={groupIds} onChange={setGroupIds} clearable />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="hub-upload-state">
            {t('knowledgeHub.files.state')}
          </Text>
          <SegmentedControl
            aria-labelledby="hub-upload-state"
            value={state}
            onChange={(v) => setState(v as FileState)}
            data={FILE_STATES.map((s) => ({ value: s, label: t(`knowledgeHub.files.states.${s}`) }))}
            w="fit-content"
          />
          <Text size="xs" c="dimmed">
            {t('knowledgeHub.files.stateHint')}
          </Text>
        </Stack>
        <Group>
          <Button onClick={send} disabled={!file || tooLarge(file)} data-testid="hub-upload">
            {t('knowledgeHub.files.send')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function EditFile({ orgId, file, onClose }: { orgId: number; file: KnowledgeFile | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const options = useOptions(orgId);
  const patch = usePatchFile(orgId);
  const [draft, setDraft] = useState<FilePatch>({});
  const value = { title: file?.title ?? '', productId: file?.productId ?? null, state: file?.state ?? 'draft', visibilityGroupIds: file?.visibilityGroupIds ?? [], ...draft };
  const close = () => {
    setDraft({});
    patch.reset();
    onClose();
  };
  const save = () => {
    if (!file || !value.title.trim()) return;
    patch.mutate({ id: file.id, body: { ...value, title: value.title.trim() } }, { onSuccess: () => (toastSuccess(t('knowledgeHub.files.saved')), close()) });
  };
  return (
    <Modal opened={file !== null} onClose={close} title={file ? t('knowledgeHub.files.editTitle', { title: file.title }) : ''} centered>
      <Stack gap="sm">
        <TextInput label={t('knowledgeHub.files.titleLabel')} value={value.title} onChange={(e) => setDraft({ ...draft, title: e.currentTarget.value })} required maxLength={200} />
        <Select
          label={t('knowledgeHub.files.product')}
          placeholder={t('knowledgeHub.files.anyProduct')}
          data={options.products}
          value={value.productId === null ? null : String(value.productId)}
          onChange={(v) => setDraft({ ...draft, productId: v ? Number(v) : null })}
          clearable
        />
        <MultiSelect
          label={t('knowledgeHub.files.groups')}
          description={t('knowledgeHub.files.groupsHint')}
          data={options.groups}
          value={value.visibilityGroupIds.map(String)}
          onChange={(v) => setDraft({ ...draft, visibilityGroupIds: v.map(Number) })}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="hub-edit-state">
            {t('knowledgeHub.files.state')}
          </Text>
          <SegmentedControl
            aria-labelledby="hub-edit-state"
            value={value.state}
            onChange={(v) => setDraft({ ...draft, state: v as FileState })}
            data={FILE_STATES.map((s) => ({ value: s, label: t(`knowledgeHub.files.states.${s}`) }))}
            w="fit-content"
          />
        </Stack>
        {patch.isError && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
            {errorText(patch.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('knowledgeHub.cancel')}
          </Button>
          <Button onClick={save} loading={patch.isPending} disabled={!value.title.trim()} data-testid="hub-file-save">
            {t('knowledgeHub.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function FileTable({ orgId, onVersion }: { orgId: number; onVersion: (file: KnowledgeFile, bytes: File) => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [page, setPage] = useState(1);
  const files = useFiles(page);
  const remove = useDeleteFile(orgId);
  const [editing, setEditing] = useState<KnowledgeFile | null>(null);
  const [deleting, setDeleting] = useState<KnowledgeFile | null>(null);
  // One picker for new versions, outside the menu: the menu closes (and would take a picker in it along) before the
  // browser's file dialog answers.
  const versionInput = useRef<HTMLInputElement>(null);
  const versionOf = useRef<KnowledgeFile | null>(null);
  const closeDelete = () => {
    setDeleting(null);
    remove.reset();
  };
  if (files.isPending) return <Loader aria-label={t('knowledgeHub.files.list')} />;
  if (files.isError)
    return (
      <LoadFailed retry={() => files.refetch()} />
    );
  const { items, total } = files.data;
  return (
    <Stack gap="sm" component="section" aria-labelledby="hub-files-title">
      <Group justify="space-between">
        <Title order={3} fz="h5" id="hub-files-title">
          {t('knowledgeHub.files.list')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('knowledgeHub.files.total', { count: total })}
        </Text>
      </Group>
      {items.length === 0 ? (
        <Text c="dimmed">{t('knowledgeHub.files.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="xs" data-testid="hub-files">
            <Table.Thead>
              <Table.Tr>
                {(['title', 'kind', 'state', 'extraction', 'units', 'passages', 'version', 'actions'] as const).map((c) => (
                  <Table.Th key={c}>{t(`knowledgeHub.files.columns.${c}`)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((f) => (
                <Table.Tr key={f.id} data-testid="hub-file-row">
                  <Table.Td>
                    <Anchor component={Link} to={filePath(f.id)} aria-label={t('knowledgeHub.files.open', { title: f.title })} style={{ overflowWrap: 'anywhere' }}>
                      {f.title}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {t('knowledgeHub.files.updated', { date: shortDate(f.updatedAt, lang) })}
                    </Text>
                  </Table.Td>
                  <Table.Td>{t(`knowledgeHub.files.kinds.${f.kind}`)}</Table.Td>
                  <Table.Td>
                    <Badge variant="outline" color={f.state === 'approved' ? 'teal' : 'gray'}>
                      {t(`knowledgeHub.files.states.${f.state}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <ExtractionBadge file={f} />
                    {f.extraction === 'failed' && f.extractionError && (
                      <Text size="xs" c="red.8">
                        {f.extractionError}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{f.extraction === 'done' ? t(`knowledgeHub.files.units.${unitsOf(f.kind)}`, { count: f.unitCount }) : t('knowledgeHub.noValue')}</Table.Td>
                  <Table.Td>{formatNumber(f.passageCount, lang)}</Table.Td>
                  <Table.Td>{t('knowledgeHub.files.version', { version: f.version })}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button size="compact-sm" variant="subtle" onClick={() => setEditing(f)}>
                        {t('knowledgeHub.edit')}
                      </Button>
                      <Menu position="bottom-end">
                        <Menu.Target>
                          <Button size="compact-sm" variant="subtle" aria-label={t('knowledgeHub.files.actionsOf', { title: f.title })} rightSection={<ChevronDownIcon size={14} aria-hidden />}>
                            {t('knowledgeHub.files.columns.actions')}
                          </Button>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item
                            onClick={() => {
                              versionOf.current = f;
                              versionInput.current?.click();
                            }}
                          >
                            {t('knowledgeHub.files.newVersion')}
                          </Menu.Item>
                          <Menu.Item color="red" onClick={() => setDeleting(f)}>
                            {t('knowledgeHub.delete')}
                          </Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {total > KNOWLEDGE_HUB.filesPageSize && <Paging total={Math.ceil(total / KNOWLEDGE_HUB.filesPageSize)} value={page} onChange={setPage} />}
      <input
        ref={versionInput}
        type="file"
        hidden
        accept={ACCEPTED_TYPES}
        data-testid="hub-version-input"
        onChange={(e) => {
          const bytes = e.currentTarget.files?.[0];
          if (bytes && versionOf.current) onVersion(versionOf.current, bytes);
          e.currentTarget.value = '';
        }}
      />
      <EditFile orgId={orgId} file={editing} onClose={() => setEditing(null)} />
      <ConfirmDelete
        title={deleting ? t('knowledgeHub.files.deleteTitle', { title: deleting.title }) : null}
        text={t('knowledgeHub.files.deleteText')}
        onClose={closeDelete}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => (toastSuccess(t('knowledgeHub.files.deleted')), closeDelete()) })}
        pending={remove.isPending}
        error={remove.error}
      />
    </Stack>
  );
}

/** One file's passages, paged, each with its page, slide, row or heading; the text stays text. */
function FileView({ id }: { id: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const file = useFile(id);
  const passages = usePassages(id, page);
  return (
    <Stack gap="sm" data-testid="hub-file-view">
      <Anchor component={Link} to={stepPath('files')} size="sm">
        <Group gap={4} component="span">
          <ArrowLeftIcon size={14} aria-hidden />
          {t('knowledgeHub.files.back')}
        </Group>
      </Anchor>
      {file.data && (
        <Group gap="sm">
          <Title order={3}>{file.data.title}</Title>
          <ExtractionBadge file={file.data} />
          {file.data.uploadedBy && (
            <Text size="sm" c="dimmed">
              {t('knowledgeHub.files.uploadedBy', { name: file.data.uploadedBy.name })}
            </Text>
          )}
        </Group>
      )}
      {(file.isError || passages.isError) && (
        <LoadFailed retry={() => Promise.all([file.refetch(), passages.refetch()])} />
      )}
      <Title order={4}>{t('knowledgeHub.files.passagesTitle')}</Title>
      {passages.data && passages.data.items.length === 0 && <Text c="dimmed">{t('knowledgeHub.files.noPassages')}</Text>}
      <Stack component="ol" gap="sm" p={0} style={{ listStyle: 'none' }}>
        {passages.data?.items.map((p) => {
          const place = placeOf(p);
          return (
            <Paper key={p.seq} component="li" withBorder p="sm" radius="sm" data-testid="hub-passage">
              <Text size="xs" c="dimmed" fw={600}>
                {'heading' in place ? place.heading : t(`knowledgeHub.files.location.${place.location}`, { number: p.number ?? '' })}
                {'location' in place && place.location !== 'section' && p.label ? ` · ${p.label}` : ''}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {p.text}
              </Text>
            </Paper>
          );
        })}
      </Stack>
      {passages.data && passages.data.total > passages.data.limit && (
        <Paging total={Math.ceil(passages.data.total / passages.data.limit)} value={page} onChange={setPage} />
      )}
    </Stack>
  );
}

export function FilesStep({ orgId, rest }: { orgId: number; rest: string }) {
  const upload = useUploadFile(orgId);
  const [current, setCurrent] = useState<Upload | null>(null);
  const fileId = Number(rest);
  if (rest && Number.isInteger(fileId) && fileId > 0) return <FileView id={fileId} />;
  const start = (file: File, args: { meta?: Parameters<typeof upload.mutate>[0]['meta']; version?: number }) => {
    setCurrent({ name: file.name, share: 0, fileId: null, error: null });
    upload.mutate(
      { file, ...args, onProgress: (share) => setCurrent((u) => (u ? { ...u, share } : u)) },
      {
        onSuccess: (f) => setCurrent((u) => (u ? { ...u, share: 1, fileId: f.id } : u)),
        onError: (error) => setCurrent((u) => (u ? { ...u, error } : u)),
      },
    );
  };
  return (
    <Stack gap="md">
      <UploadPanel orgId={orgId} onUpload={(file, meta) => start(file, { meta })} />
      {current && <UploadStatus upload={current} />}
      <FileTable orgId={orgId} onVersion={(f, bytes) => start(bytes, { version: f.id })} />
    </Stack>
  );
}
