// The positioning step (/knowledge-hub/positioning): statements grouped by kind (value proposition, ideal customer,
// differentiators, proof points), each with its owner and last-verified date, stale ones (over 90 days, or never)
// flagged in words; add, edit, verify, delete; "Draft from files" starts a draft and the step shows generating while
// the page polls; a drafted statement names the passages it was drawn from.
import { Alert, Badge, Button, Group, Loader, Modal, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { POSITIONING_KINDS, type PositioningKind, type PositioningStatement } from '../../../contracts/knowledgeHub.ts';
import { useErrorText } from '../api/errorText.ts';
import { AlertIcon, PlusIcon, SparkIcon } from '../brand/icons.tsx';
import { LoadFailed } from './LoadFailed.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { usePeopleSearch } from '../settings/visibilityGroups/api.ts';
import { shortDate } from '../shared/dates.ts';
import { formatNumber } from '../shared/numbers.ts';
import { toastSuccess } from '../shared/toast.ts';
import { useDeletePositioning, useDraftPositioning, usePositioning, useSavePositioning, useVerifyPositioning } from './api.ts';
import { stepPath, type ChecklistStep } from './checklist.ts';
import { ConfirmDelete } from './ConfirmDelete.tsx';
import { isStale, STALE_DAYS } from './model.ts';
import '../i18n/areas/knowledgeHub.ts';

type Editing = { statement: PositioningStatement | null; kind: PositioningKind };

/** People to own a statement, found by name as the curator types. */
function OwnerPicker({ value, onChange, current }: { value: number | null; onChange: (id: number | null) => void; current: PositioningStatement['owner'] }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search, 250);
  const people = usePeopleSearch(query, true).data?.items ?? [];
  const options = [...(current && !people.some((p) => p.id === current.id) ? [current] : []), ...people].map((p) => ({ value: String(p.id), label: p.name }));
  return (
    <Select
      label={t('knowledgeHub.positioning.owner')}
      placeholder={t('knowledgeHub.positioning.noOwner')}
      data={options}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v ? Number(v) : null)}
      searchable
      onSearchChange={setSearch}
      clearable
      nothingFoundMessage={t('knowledgeHub.noValue')}
    />
  );
}

function StatementForm({ orgId, editing, onClose }: { orgId: number; editing: Editing | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const save = useSavePositioning(orgId);
  const [text, setText] = useState(editing?.statement?.text ?? '');
  const [ownerId, setOwnerId] = useState<number | null>(editing?.statement?.owner?.id ?? null);
  const close = () => {
    save.reset();
    onClose();
  };
  const submit = () => {
    if (!editing || !text.trim()) return;
    save.mutate(
      { id: editing.statement?.id, body: { kind: editing.kind, text: text.trim(), ownerId } },
      { onSuccess: () => (toastSuccess(t('knowledgeHub.positioning.saved')), close()) },
    );
  };
  const title = editing?.statement ? t('knowledgeHub.positioning.editTitle') : editing ? t('knowledgeHub.positioning.addTo', { kind: t(`knowledgeHub.positioning.kinds.${editing.kind}`) }) : '';
  return (
    <Modal opened={editing !== null} onClose={close} title={title} centered size="lg">
      <Stack gap="sm" component="form" onSubmit={(e) => (e.preventDefault(), submit())}>
        <Textarea label={t('knowledgeHub.positioning.text')} value={text} onChange={(e) => setText(e.currentTarget.value)} autosize minRows={3} maxLength={2000} required data-testid="statement-text" />
        <OwnerPicker value={ownerId} onChange={setOwnerId} current={editing?.statement?.owner ?? null} />
        {save.isError && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
            {errorText(save.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('knowledgeHub.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!text.trim()}>
            {t('knowledgeHub.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function Statement({ s, onEdit, onDelete }: { s: PositioningStatement; onEdit: () => void; onDelete: () => void }) {
  const { t, i18n } = useTranslation();
  const verify = useVerifyPositioning();
  const stale = isStale(s.lastVerifiedAt);
  return (
    <Paper component="li" withBorder p="sm" radius="sm" data-testid="hub-statement" data-stale={stale || undefined}>
      <Stack gap={6}>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{s.text}</Text>
        <Group gap="xs" wrap="wrap">
          <Text size="xs" c="dimmed">
            {s.owner ? s.owner.name : t('knowledgeHub.positioning.noOwner')}
          </Text>
          <Text size="xs" c="dimmed">
            {s.lastVerifiedAt ? t('knowledgeHub.positioning.verified', { date: shortDate(s.lastVerifiedAt, i18n.language) }) : t('knowledgeHub.positioning.neverVerified')}
          </Text>
          {stale && (
            <Badge color="orange" variant="light" data-testid="statement-stale">
              {t('knowledgeHub.positioning.stale', { days: formatNumber(STALE_DAYS, i18n.language) })}
            </Badge>
          )}
        </Group>
        {s.sources.length > 0 && (
          <Group gap={4} wrap="wrap" data-testid="statement-sources">
            <Text size="xs" fw={600}>
              {t('knowledgeHub.positioning.sources')}
            </Text>
            {s.sources.map((src) => (
              <Badge key={`${src.fileId}-${src.seq}`} component={Link} to={`${stepPath('files')}/${src.fileId}`} variant="outline" color="gray" tt="none" style={{ cursor: 'pointer' }}>
                {src.citation}
              </Badge>
            ))}
          </Group>
        )}
        <Group gap={4}>
          <Button size="compact-sm" variant="subtle" onClick={onEdit}>
            {t('knowledgeHub.edit')}
          </Button>
          <Button size="compact-sm" variant="subtle" loading={verify.isPending} onClick={() => verify.mutate(s.id, { onSuccess: () => toastSuccess(t('knowledgeHub.positioning.verifiedNow')) })}>
            {t('knowledgeHub.positioning.verify')}
          </Button>
          <Button size="compact-sm" variant="subtle" color="red" onClick={onDelete}>
            {t('knowledgeHub.delete')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export function PositioningStep({ orgId, step }: { orgId: number; step: ChecklistStep }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const generating = step.status === 'generating';
  const statements = usePositioning(generating);
  const draft = useDraftPositioning(orgId);
  const remove = useDeletePositioning(orgId);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<PositioningStatement | null>(null);
  const closeDelete = () => {
    setDeleting(null);
    remove.reset();
  };
  const list = statements.data ?? [];
  // A draft that has just ended has written its statements: they are read once more.
  const wasGenerating = useRef(generating);
  const { refetch } = statements;
  useEffect(() => {
    if (wasGenerating.current && !generating) void refetch();
    wasGenerating.current = generating;
  }, [generating, refetch]);
  return (
    <Stack gap="md">
      <Group>
        <Button leftSection={<SparkIcon size={14} aria-hidden />} variant="light" onClick={() => draft.mutate()} loading={draft.isPending} disabled={generating} data-testid="positioning-draft">
          {t('knowledgeHub.positioning.draft')}
        </Button>
        {generating && (
          <Group gap="xs" role="status" data-testid="positioning-generating">
            <Loader size="xs" aria-hidden />
            <Text size="sm">{t('knowledgeHub.positioning.drafting')}</Text>
          </Group>
        )}
      </Group>
      {draft.isError && (
        <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
          {errorText(draft.error)}
        </Alert>
      )}
      {statements.isPending ? (
        <Loader aria-label={t('knowledgeHub.steps.positioning.title')} />
      ) : statements.isError ? (
        <LoadFailed retry={() => statements.refetch()} />
      ) : (
        POSITIONING_KINDS.map((kind) => {
          const ofKind = list.filter((s) => s.kind === kind);
          return (
            <Stack key={kind} gap="xs" component="section" aria-labelledby={`positioning-${kind}`} data-testid={`positioning-${kind}`}>
              <Group justify="space-between">
                <Title order={3} fz="h5" id={`positioning-${kind}`}>
                  {t(`knowledgeHub.positioning.kinds.${kind}`)}
                </Title>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  leftSection={<PlusIcon size={12} aria-hidden />}
                  onClick={() => setEditing({ statement: null, kind })}
                  aria-label={t('knowledgeHub.positioning.addTo', { kind: t(`knowledgeHub.positioning.kinds.${kind}`) })}
                >
                  {t('knowledgeHub.positioning.add')}
                </Button>
              </Group>
              {ofKind.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('knowledgeHub.positioning.empty')}
                </Text>
              ) : (
                <Stack component="ul" gap="xs" p={0} style={{ listStyle: 'none' }}>
                  {ofKind.map((s) => (
                    <Statement key={s.id} s={s} onEdit={() => setEditing({ statement: s, kind })} onDelete={() => setDeleting(s)} />
                  ))}
                </Stack>
              )}
            </Stack>
          );
        })
      )}
      <StatementForm key={editing === null ? 'closed' : (editing.statement?.id ?? `new-${editing.kind}`)} orgId={orgId} editing={editing} onClose={() => setEditing(null)} />
      <ConfirmDelete
        title={deleting ? t('knowledgeHub.positioning.deleteTitle') : null}
        text={t('knowledgeHub.positioning.deleteText')}
        onClose={closeDelete}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => (toastSuccess(t('knowledgeHub.positioning.deleted')), closeDelete()) })}
        pending={remove.isPending}
        error={remove.error}
      />
    </Stack>
  );
}
