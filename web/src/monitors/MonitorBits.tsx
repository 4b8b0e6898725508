// The pieces the list and a monitor's page share: its kind and status (an icon and a word, never colour alone), a
// time relative to now, the changes sparkline, a failed check in words, and the actions on a monitor (pause or
// resume, check now, delete after a confirm), in a row's menu or as buttons.
import { ActionIcon, Badge, Button, Group, Menu, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { MONITOR_SPARK_DAYS, type Monitor, type MonitorError, type MonitorKind, type MonitorStatus } from '../../../contracts/monitors.ts';
import { useRivalOptions } from '../alerts/api.ts';
import { AlertIcon, ClockIcon, MoreIcon, RefreshIcon, TrashIcon, EditIcon } from '../brand/icons.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { RelativeTime } from '../shared/RelativeTime.tsx';
import { toastError, toastSuccess } from '../shared/toast.ts';
import { useCheckMonitor, useDeleteMonitor, useUpdateMonitor } from './api.ts';
import { FeedIcon, OkIcon, PageIcon, PauseIcon, PlayIcon } from './icons.tsx';
import { errorReasonKey, sparkline } from './model.ts';
import classes from './Monitors.module.css';
import '../i18n/areas/monitors.ts';

/** The monitor's rival, from the company's rivals; `known` (a suggestion, or the monitor's own) is offered even before they load. */
export function RivalSelect({
  value,
  onChange,
  known,
  ...field
}: {
  value: number | null;
  onChange: (id: number | null) => void;
  known: { id: number; name: string } | null;
  description?: string;
  error?: string;
  'data-testid': string;
}) {
  const { t } = useTranslation();
  const rivals = useRivalOptions();
  const data = (rivals.data ?? []).map((r) => ({ value: String(r.id), label: r.name }));
  if (known && !data.some((r) => r.value === String(known.id))) data.unshift({ value: String(known.id), label: known.name });
  return (
    <Select
      label={t('monitors.fields.rival')}
      placeholder={t('monitors.noRival')}
      data={data}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v ? Number(v) : null)}
      searchable
      clearable
      comboboxProps={{ withinPortal: true }}
      {...field}
    />
  );
}

export function KindBadge({ kind }: { kind: MonitorKind }) {
  const { t } = useTranslation();
  const KindIcon = kind === 'feed' ? FeedIcon : PageIcon;
  return (
    <Badge variant="light" color={kind === 'feed' ? 'orange' : 'indigo'} leftSection={<KindIcon size={12} />} data-testid="monitor-kind" data-kind={kind}>
      {t(`monitors.kind.${kind}`)}
    </Badge>
  );
}

const STATUS_LOOK: Record<MonitorStatus, { color: string; Icon: typeof OkIcon }> = {
  ok: { color: 'teal', Icon: OkIcon },
  failing: { color: 'red', Icon: AlertIcon },
  paused: { color: 'gray', Icon: PauseIcon },
  pending: { color: 'blue', Icon: ClockIcon },
};

export function StatusBadge({ status }: { status: MonitorStatus }) {
  const { t } = useTranslation();
  const { color, Icon } = STATUS_LOOK[status];
  return (
    <Badge variant="light" color={color} leftSection={<Icon size={12} />} data-testid="monitor-status" data-status={status}>
      {t(`monitors.status.${status}`)}
    </Badge>
  );
}

/** A monitor's time relative to now ("3 hours ago"); "Never" when it has none. */
export function When({ at, empty }: { at: string | null; empty?: string }) {
  const { t } = useTranslation();
  return <RelativeTime at={at} empty={empty ?? t('monitors.never')} />;
}

const SPARK_WIDTH = 84;
const SPARK_HEIGHT = 22;

/** The changes of the last days as a small line, its total in words for those who do not see it. */
export function Sparkline({ counts }: { counts: number[] }) {
  const { t } = useTranslation();
  const spark = sparkline(counts, SPARK_WIDTH, SPARK_HEIGHT, 2);
  const label = t('monitors.spark', { count: spark.total, days: MONITOR_SPARK_DAYS });
  return (
    <svg
      className={classes.spark}
      width={SPARK_WIDTH}
      height={SPARK_HEIGHT}
      viewBox={`0 0 ${SPARK_WIDTH} ${SPARK_HEIGHT}`}
      role="img"
      aria-label={label}
      data-testid="monitor-spark"
      data-total={spark.total}
    >
      <title>{label}</title>
      <path d={spark.area} className={classes.sparkArea} />
      <path d={spark.line} className={classes.sparkLine} fill="none" />
    </svg>
  );
}

/** Why the last check failed, in words, with the check's own message (and HTTP status) as detail. */
export function MonitorErrorText({ error, compact }: { error: MonitorError; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} data-testid="monitor-error" data-reason={error.reason}>
      <Text size="sm" c="red.9" fw={compact ? 400 : 500}>
        {t(errorReasonKey(error.reason))}
      </Text>
      {error.message && (
        <Text size="xs" c="dimmed" className={classes.breakAnywhere} lineClamp={compact ? 2 : undefined} title={compact ? error.message : undefined}>
          {error.status ? t('monitors.errorDetailStatus', { status: error.status, message: error.message }) : t('monitors.errorDetail', { message: error.message })}
        </Text>
      )}
    </Stack>
  );
}

/** Pause or resume, check now and delete: the handlers, with their toasts. */
export function useMonitorActions(monitor: Pick<Monitor, 'id' | 'name' | 'paused'>) {
  const { t } = useTranslation();
  const update = useUpdateMonitor();
  const check = useCheckMonitor();
  const remove = useDeleteMonitor();
  const { id, name } = monitor;
  return {
    busy: update.isPending || check.isPending || remove.isPending,
    togglePause: () =>
      update.mutate(
        { id, patch: { paused: !monitor.paused } },
        {
          onSuccess: (m) => toastSuccess(t(m.paused ? 'monitors.actions.pausedDone' : 'monitors.actions.resumedDone', { name })),
          onError: (err) => toastError(t('monitors.actions.saveFailed', { name }), err),
        },
      ),
    checkNow: () =>
      check.mutate(id, {
        onSuccess: () => toastSuccess(t('monitors.actions.checkStarted')),
        onError: (err) => toastError(t('monitors.actions.checkFailed', { name }), err),
      }),
    remove: (onDone?: () => void) =>
      remove.mutate(id, {
        onSuccess: () => {
          toastSuccess(t('monitors.actions.deleted', { name }));
          onDone?.();
        },
        onError: (err) => toastError(t('monitors.actions.deleteFailed', { name }), err),
      }),
    removing: remove.isPending,
  };
}

/** The confirm dialog of a monitor's deletion. */
export function DeleteMonitorDialog({ name, opened, onClose, onConfirm, loading }: { name: string; opened: boolean; onClose: () => void; onConfirm: () => void; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('monitors.actions.deleteTitle', { name })} centered closeButtonProps={{ 'aria-label': t('monitors.close') }} data-testid="monitor-delete-dialog">
      <Text size="sm">{t('monitors.actions.deleteBody')}</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('monitors.cancel')}
        </Button>
        <Button color="red" loading={loading} onClick={onConfirm} data-autofocus data-testid="monitor-delete-confirm">
          {t('monitors.actions.deleteConfirm')}
        </Button>
      </Group>
    </Modal>
  );
}

/** A row's menu: its actions, named after the monitor for screen readers. */
export function MonitorMenu({ monitor, onEdit }: { monitor: Monitor; onEdit?: () => void }) {
  const { t } = useTranslation();
  const actions = useMonitorActions(monitor);
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Menu position="bottom-end" withinPortal shadow="md" width={200}>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={t('monitors.actions.menu', { name: monitor.name })} data-testid="monitor-menu">
            <MoreIcon />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {onEdit && (
            <Menu.Item leftSection={<EditIcon size={14} />} onClick={onEdit} data-testid="monitor-edit">
              {t('monitors.actions.edit')}
            </Menu.Item>
          )}
          <Menu.Item leftSection={monitor.paused ? <PlayIcon size={14} /> : <PauseIcon size={14} />} onClick={actions.togglePause} data-testid="monitor-pause">
            {t(monitor.paused ? 'monitors.actions.resume' : 'monitors.actions.pause')}
          </Menu.Item>
          <Menu.Item leftSection={<RefreshIcon size={14} />} onClick={actions.checkNow} data-testid="monitor-check">
            {t('monitors.actions.check')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<TrashIcon size={14} />} onClick={() => setConfirming(true)} data-testid="monitor-delete">
            {t('monitors.actions.delete')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <DeleteMonitorDialog
        name={monitor.name}
        opened={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() => actions.remove(() => setConfirming(false))}
        loading={actions.removing}
      />
    </>
  );
}
