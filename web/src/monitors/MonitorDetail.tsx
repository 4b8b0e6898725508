// A monitor's page (/monitors/{id}; issue #52): what it watches and how it fares (kind, rival, status, interval, the
// last and next check, a failed check in words), its actions (edit, pause or resume, check now, delete), and its
// change history, newest first, 20 a page: each change with its time, title, the intel item it made and, for a page,
// the inline diff (added and removed text marked by more than colour: underline and strikethrough, and said aloud).
import { Anchor, Box, Button, Group, Loader, Modal, Paper, Select, Skeleton, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { Fragment, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { MONITOR_NAME_MAX, MONITOR_SELECTOR_MAX, type DiffPart, type Monitor, type MonitorChange, type MonitorPatch } from '../../../contracts/monitors.ts';
import { ApiError } from '../api/client.ts';
import { useErrorText } from '../api/errorText.ts';
import { ArrowLeftIcon, EditIcon, RefreshIcon, TrashIcon } from '../brand/icons.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { Paging } from '../shared/Paging.tsx';
import { StatePanel } from '../shared/StatePanel.tsx';
import { toastError, toastSuccess } from '../shared/toast.ts';
import { useIntervalData } from './AddMonitorDialog.tsx';
import { isChecking, useMonitor, useMonitorChanges, useUpdateMonitor } from './api.ts';
import { ExternalLinkIcon } from '../insights/icons.tsx';
import { PauseIcon, PlayIcon } from './icons.tsx';
import { DeleteMonitorDialog, KindBadge, RivalSelect, MonitorErrorText, StatusBadge, useMonitorActions, When } from './MonitorBits.tsx';
import { intelHref, intervalWords, isWebLink, pageCount } from './model.ts';
import classes from './Monitors.module.css';
import '../i18n/areas/monitors.ts';

function BackLink() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/monitors" size="sm" className={classes.back} data-testid="monitor-back">
      <ArrowLeftIcon size={14} />
      {t('monitors.detail.back')}
    </Anchor>
  );
}

export function MonitorDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const monitor = useMonitor(id);
  useDocumentTitle(`${monitor.data?.name ?? t('monitors.title')} · ${t('app.titleSuffix')}`);

  if (monitor.isPending)
    return (
      <Stack gap="md" pt="md" maw={1000} w="100%" mx="auto" data-testid="monitor-detail-loading" aria-busy="true">
        <Skeleton h={16} w={120} />
        <Skeleton h={36} w="60%" />
        <Skeleton h={120} />
        <Skeleton h={200} />
      </Stack>
    );
  if (!monitor.data) {
    const missing = monitor.error instanceof ApiError && monitor.error.isNotFound;
    return (
      <Stack gap="md" pt="md" maw={1000} w="100%" mx="auto">
        <BackLink />
        <StatePanel kind="error" title={t('monitors.detail.loadFailed')} text={missing ? t('monitors.detail.notFound') : errorText(monitor.error)} data-testid="monitor-detail-error">
          {!missing && (
            <Button variant="light" color="red" onClick={() => void monitor.refetch()} loading={monitor.isFetching}>
              {t('monitors.retry')}
            </Button>
          )}
        </StatePanel>
      </Stack>
    );
  }
  return <MonitorView m={monitor.data} />;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.fact}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function MonitorView({ m }: { m: Monitor }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actions = useMonitorActions(m);
  const [editing, edit] = useDisclosure(false);
  const [deleting, del] = useDisclosure(false);
  const interval = intervalWords(m.intervalMinutes);

  return (
    <Stack gap="lg" pt="md" maw={1000} w="100%" mx="auto" data-testid="page-monitor" data-id={m.id} data-status={m.status}>
      <BackLink />
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={6} className={classes.grow}>
          <Title order={1} fz={{ base: 'h3', sm: 'h2' }} className={classes.breakAnywhere} data-testid="monitor-title">
            {m.name}
          </Title>
          {isWebLink(m.url) ? (
            <Anchor href={m.url} target="_blank" rel="noopener noreferrer" size="sm" title={m.url} className={classes.breakAnywhere} data-testid="monitor-url">
              {m.url} <ExternalLinkIcon size={12} />
            </Anchor>
          ) : (
            <Text size="sm" className={classes.breakAnywhere}>
              {m.url}
            </Text>
          )}
          <Group gap={6}>
            <KindBadge kind={m.kind} />
            <StatusBadge status={m.status} />
            {isChecking(m) && (
              <Group gap={4} data-testid="monitor-checking">
                <Loader size="xs" aria-hidden />
                <Text size="sm" c="dimmed" role="status">
                  {t('monitors.detail.checking')}
                </Text>
              </Group>
            )}
          </Group>
        </Stack>
        <Group gap="xs" wrap="wrap">
          <Button variant="default" size="sm" leftSection={<EditIcon size={14} />} onClick={edit.open} data-testid="monitor-edit">
            {t('monitors.actions.edit')}
          </Button>
          <Button variant="default" size="sm" leftSection={m.paused ? <PlayIcon size={14} /> : <PauseIcon size={14} />} onClick={actions.togglePause} disabled={actions.busy} data-testid="monitor-pause">
            {t(m.paused ? 'monitors.actions.resume' : 'monitors.actions.pause')}
          </Button>
          <Button variant="default" size="sm" leftSection={<RefreshIcon size={14} />} onClick={actions.checkNow} disabled={actions.busy} data-testid="monitor-check">
            {t('monitors.actions.check')}
          </Button>
          <Button variant="subtle" color="red" size="sm" leftSection={<TrashIcon size={14} />} onClick={del.open} data-testid="monitor-delete">
            {t('monitors.actions.delete')}
          </Button>
        </Group>
      </Group>

      {m.paused && (
        <Text size="sm" c="dimmed" data-testid="monitor-paused-note">
          {t('monitors.detail.pausedNote')}
        </Text>
      )}
      {m.error && (
        <Paper withBorder radius="md" p="sm" className={classes.errorBox} data-testid="monitor-failure">
          <Text size="sm" fw={600} mb={4}>
            {t('monitors.detail.lastFailure')} <When at={m.error.at} />
          </Text>
          <MonitorErrorText error={m.error} />
        </Paper>
      )}

      <Paper withBorder radius="md" p="md">
        <dl className={classes.factGrid} data-testid="monitor-facts">
          <Fact label={t('monitors.columns.rival')}>{m.rival ? m.rival.name : t('monitors.noRival')}</Fact>
          <Fact label={t('monitors.fields.interval')}>{t(interval.key, interval.values)}</Fact>
          <Fact label={t('monitors.columns.lastCheck')}>
            <When at={m.lastCheckAt} />
          </Fact>
          <Fact label={t('monitors.detail.nextCheck')}>{m.paused ? t('monitors.status.paused') : <When at={m.nextCheckAt} empty={t('monitors.detail.soon')} />}</Fact>
          <Fact label={t('monitors.columns.lastChange')}>
            <When at={m.lastChangeAt} />
          </Fact>
          {m.kind === 'page' && <Fact label={t('monitors.fields.selector')}>{m.selector ? <code className={classes.breakAnywhere}>{m.selector}</code> : t('monitors.detail.wholePage')}</Fact>}
          <Fact label={t('monitors.detail.intel')}>{t('monitors.detail.intelCount', { count: m.intelCount })}</Fact>
          <Fact label={t('monitors.detail.created')}>
            <When at={m.createdAt} />
          </Fact>
        </dl>
      </Paper>

      <ChangeHistory m={m} />

      {editing && <EditMonitorDialog m={m} onClose={edit.close} />}
      <DeleteMonitorDialog
        name={m.name}
        opened={deleting}
        onClose={del.close}
        loading={actions.removing}
        onConfirm={() =>
          actions.remove(() => {
            del.close();
            void navigate('/monitors');
          })
        }
      />
    </Stack>
  );
}

/** The small dialog that edits a monitor: name, rival, CSS selector (pages) and interval; only what changed is sent. */
function EditMonitorDialog({ m, onClose }: { m: Monitor; onClose: () => void }) {
  const { t } = useTranslation();
  const { errorText, fieldErrors } = useErrorText();
  const update = useUpdateMonitor();
  const intervals = useIntervalData(m.intervalMinutes);
  const [name, setName] = useState(m.name);
  const [rivalId, setRivalId] = useState<number | null>(m.rival?.id ?? null);
  const [selector, setSelector] = useState(m.selector ?? '');
  const [interval, setInterval] = useState(m.intervalMinutes);

  const patch: MonitorPatch = {};
  if (name.trim() && name.trim() !== m.name) patch.name = name.trim();
  if (rivalId !== (m.rival?.id ?? null)) patch.rivalId = rivalId;
  if (m.kind === 'page' && (selector.trim() || null) !== m.selector) patch.selector = selector.trim() || null;
  if (interval !== m.intervalMinutes) patch.intervalMinutes = interval;
  const unchanged = Object.keys(patch).length === 0;
  const errors = update.error ? fieldErrors(update.error) : {};

  const save = () => {
    if (unchanged) return onClose();
    update.mutate(
      { id: m.id, patch },
      {
        onSuccess: () => {
          toastSuccess(t('monitors.edit.saved'));
          onClose();
        },
        onError: (err) => {
          if (Object.keys(fieldErrors(err)).length === 0) toastError(t('monitors.edit.failed'), err);
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('monitors.edit.title', { name: m.name })} radius="lg" closeButtonProps={{ 'aria-label': t('monitors.close') }} data-testid="monitor-edit-dialog">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <Stack gap="md">
          <TextInput label={t('monitors.fields.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={MONITOR_NAME_MAX} required error={errors.name} data-autofocus data-testid="monitor-edit-name" />
          <RivalSelect value={rivalId} onChange={setRivalId} known={m.rival} error={errors.rivalId} data-testid="monitor-edit-rival" />
          {m.kind === 'page' && (
            <TextInput
              label={t('monitors.fields.selector')}
              description={t('monitors.fields.selectorHint')}
              value={selector}
              onChange={(e) => setSelector(e.currentTarget.value)}
              maxLength={MONITOR_SELECTOR_MAX}
              spellCheck={false}
              ff="monospace"
              error={errors.selector}
              data-testid="monitor-edit-selector"
            />
          )}
          <Select
            label={t('monitors.fields.interval')}
            data={intervals}
            value={String(interval)}
            onChange={(v) => v && setInterval(Number(v))}
            allowDeselect={false}
            error={errors.intervalMinutes}
            comboboxProps={{ withinPortal: true }}
            data-testid="monitor-edit-interval"
          />
          {update.isError && Object.keys(errors).length === 0 && (
            <Text size="sm" c="red.9" role="alert">
              {errorText(update.error)}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('monitors.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending} disabled={!name.trim()} data-testid="monitor-edit-save">
              {t('monitors.edit.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function ChangeHistory({ m }: { m: Monitor }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const [page, setPage] = useState(1);
  const changes = useMonitorChanges(m.id, page);
  const data = changes.data;
  const pages = data ? pageCount(data.total, data.limit) : 1;

  return (
    <Stack gap="sm" component="section" aria-labelledby="monitor-changes-heading">
      <Group justify="space-between" align="baseline">
        <Title order={2} fz="h3" id="monitor-changes-heading">
          {t('monitors.changes.title')}
        </Title>
        {data && data.total > 0 && (
          <Text size="sm" c="dimmed" data-testid="monitor-changes-count" data-count={data.total}>
            {t('monitors.changes.count', { count: data.total })}
          </Text>
        )}
      </Group>
      {changes.isPending ? (
        <Stack gap="sm" aria-busy="true" data-testid="monitor-changes-loading">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} h={80} />
          ))}
        </Stack>
      ) : !data ? (
        <StatePanel kind="error" title={t('monitors.changes.loadFailed')} text={errorText(changes.error)} data-testid="monitor-changes-error">
          <Button variant="light" color="red" onClick={() => void changes.refetch()} loading={changes.isFetching}>
            {t('monitors.retry')}
          </Button>
        </StatePanel>
      ) : data.items.length === 0 ? (
        <StatePanel kind="empty" title={t('monitors.changes.emptyTitle')} text={t(m.kind === 'feed' ? 'monitors.changes.emptyFeed' : 'monitors.changes.emptyPage')} data-testid="monitor-changes-empty" />
      ) : (
        <Stack component="ol" gap="sm" className={classes.plainList} aria-label={t('monitors.changes.label', { name: m.name })} aria-busy={changes.isPlaceholderData} data-testid="monitor-changes">
          {data.items.map((c) => (
            <ChangeItem key={c.id} c={c} />
          ))}
        </Stack>
      )}
      {data && pages > 1 && <Paging total={pages} value={Math.min(page, pages)} onChange={setPage} style={{ alignSelf: 'center' }} data-testid="monitor-changes-pagination" />}
    </Stack>
  );
}

function ChangeItem({ c }: { c: MonitorChange }) {
  const { t } = useTranslation();
  return (
    <Paper component="li" withBorder radius="md" p="md" id={`change-${c.id}`} className={classes.change} data-testid="monitor-change" data-id={c.id} data-kind={c.parts ? 'page' : 'entry'}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <Box className={classes.grow}>
            <Text component="h3" fw={600} size="md" m={0} className={classes.breakAnywhere} data-testid="monitor-change-title">
              {isWebLink(c.link) ? (
                <Anchor href={c.link} target="_blank" rel="noopener noreferrer" inherit>
                  {c.title || c.link}
                </Anchor>
              ) : (
                c.title
              )}
            </Text>
            <Text size="xs" c="dimmed">
              <When at={c.at} />
            </Text>
          </Box>
          {c.intel ? (
            <Anchor component={Link} to={intelHref(c.intel.id)} size="sm" data-testid="monitor-change-intel">
              {t('monitors.changes.intel')}
            </Anchor>
          ) : (
            <Text size="xs" c="dimmed" data-testid="monitor-change-no-intel">
              {t('monitors.changes.noIntel')}
            </Text>
          )}
        </Group>
        {c.intel && (
          <Text size="sm" c="dimmed" className={classes.breakAnywhere}>
            {t('monitors.changes.intelTitle', { title: c.intel.title })}
          </Text>
        )}
        {c.parts && c.parts.length > 0 && <Diff parts={c.parts} />}
      </Stack>
    </Paper>
  );
}

/**
 * A page change's text: kept text as it is, added text in <ins> and removed text in <del> (a tint, an underline or a
 * strikethrough, and words a screen reader says before each), skipped text as an ellipsis between stretches.
 */
export function Diff({ parts }: { parts: DiffPart[] }) {
  const { t } = useTranslation();
  return (
    <Box className={classes.diff} data-testid="monitor-diff">
      {parts.map((p, i) => (
        <Fragment key={i}>
          {p.kind === 'added' ? (
            <ins className={classes.added} data-testid="monitor-diff-added">
              <VisuallyHidden>{t('monitors.changes.added')} </VisuallyHidden>
              {p.text}
            </ins>
          ) : p.kind === 'removed' ? (
            <del className={classes.removed} data-testid="monitor-diff-removed">
              <VisuallyHidden>{t('monitors.changes.removed')} </VisuallyHidden>
              {p.text}
            </del>
          ) : p.text === '…' ? (
            <span className={classes.skipped} role="separator" aria-label={t('monitors.changes.skipped')} title={t('monitors.changes.skipped')}>
              …
            </span>
          ) : (
            <span>{p.text}</span>
          )}
        </Fragment>
      ))}
    </Box>
  );
}
