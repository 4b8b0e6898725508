// Bulk edit (action=bulkEdit; part 1 §4): select items (or every item the filters match) and set their
// state or priority, or publish them, with PATCH /api/intel/v1/. A large update becomes a job: its
// progress (tasksCompleted of tasksTotal) is polled and it can be cancelled. An update of every matching item
// first finds those items (phase 'resolving', total not known yet): the bar is indeterminate until then.
import { Button, Checkbox, Group, Paper, Progress, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { INTEL_PRIORITIES, INTEL_STATES, type IntelUpdate } from '../../../contracts/intel.ts';
import { formatNumber } from '../shared/numbers.ts';
import { intelApi, useIntelJob } from './api.ts';
import { jobDone, jobPercent } from './jobs.ts';
import type { PendingUpdate } from './retryQueue.ts';
import { useIntelUpdatesContext } from './useIntelUpdates.ts';
import '../i18n/areas/alerts.ts';

type Props = {
  selected: number[];
  allMatching: boolean;
  total: number;
  pageIds: number[];
  /** The list query of the filters in force, for an update of every matching item. */
  query: string;
  onSelectPage: (on: boolean) => void;
  onAllMatching: (on: boolean) => void;
  onDone: () => void;
};

const NO_PRIORITY = 'none';

function JobProgress({ jobId, onClose }: { jobId: number; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { refresh } = useIntelUpdatesContext();
  const job = useIntelJob(jobId);
  const [cancelling, setCancelling] = useState(false);
  const data = job.data;
  const done = data ? jobDone(data) : false;
  const resolving = data?.phase === 'resolving' && !done;
  return (
    <Stack gap={6} data-testid="bulk-job" data-state={data?.state} data-phase={data?.phase}>
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {resolving
            ? t('alerts.bulk.job.resolving')
            : data
              ? t(`alerts.bulk.job.${data.state}`, { done: formatNumber(data.tasksCompleted, i18n.language), total: formatNumber(data.tasksTotal, i18n.language), failed: formatNumber(data.tasksFailed, i18n.language) })
              : t('alerts.loading')}
        </Text>
        {done ? (
          <Button
            size="xs"
            variant="subtle"
            onClick={() => {
              refresh();
              onClose();
            }}
          >
            {t('alerts.bulk.dismiss')}
          </Button>
        ) : (
          <Button
            size="xs"
            color="red"
            variant="light"
            loading={cancelling}
            onClick={async () => {
              setCancelling(true);
              try {
                await intelApi.cancelJob(jobId);
                await job.refetch();
              } finally {
                setCancelling(false);
              }
            }}
            data-testid="bulk-cancel"
          >
            {t('alerts.bulk.cancel')}
          </Button>
        )}
      </Group>
      <Progress value={resolving ? 100 : data ? jobPercent(data) : 0} striped={resolving} animated={!done} color={data?.state === 'failed' ? 'red' : data?.state === 'cancelled' ? 'gray' : 'indigo'} aria-label={t('alerts.bulk.progress')} />
      {data?.error && (
        <Text size="xs" c="red">
          {data.error}
        </Text>
      )}
    </Stack>
  );
}

export function BulkEditBar(props: Props) {
  const { t } = useTranslation();
  const { send } = useIntelUpdatesContext();
  const [jobId, setJobId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const count = props.allMatching ? props.total : props.selected.length;
  const pageSelected = props.pageIds.length > 0 && props.pageIds.every((id) => props.selected.includes(id));

  const apply = async (update: IntelUpdate) => {
    if (!count) return;
    const u: PendingUpdate = props.allMatching ? { kind: 'query', query: props.query, update } : { kind: 'ids', intelIds: props.selected, update };
    setBusy(true);
    try {
      const res = await send(u);
      if (res && !res.completedNow) setJobId(res.jobId);
      if (res) props.onDone();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="sm" data-testid="bulk-bar" pos="sticky" top={70} style={{ zIndex: 5 }} shadow="xs">
      <Stack gap="xs">
        <Group justify="space-between" gap="sm">
          <Group gap="md">
            <Checkbox
              label={t('alerts.bulk.selectPage')}
              checked={pageSelected}
              indeterminate={!pageSelected && props.selected.length > 0}
              onChange={(e) => props.onSelectPage(e.currentTarget.checked)}
              data-testid="bulk-select-page"
            />
            <Checkbox label={t('alerts.bulk.allMatching', { count: props.total })} checked={props.allMatching} onChange={(e) => props.onAllMatching(e.currentTarget.checked)} data-testid="bulk-all-matching" />
          </Group>
          <Text size="sm" fw={600} data-testid="bulk-count" data-count={count}>
            {t('alerts.bulk.selected', { count })}
          </Text>
        </Group>
        <Group gap="xs">
          <Select
            size="xs"
            w={170}
            placeholder={t('alerts.bulk.setState')}
            aria-label={t('alerts.bulk.setState')}
            data={INTEL_STATES.map((s) => ({ value: s, label: t(`alerts.states.${s}`) }))}
            value={null}
            onChange={(v) => v && void apply({ state: v as IntelUpdate['state'] })}
            disabled={!count || busy}
            data-testid="bulk-state"
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            size="xs"
            w={170}
            placeholder={t('alerts.bulk.setPriority')}
            aria-label={t('alerts.bulk.setPriority')}
            data={[...INTEL_PRIORITIES.map((p) => ({ value: p, label: t(`alerts.priorities.${p}`) })), { value: NO_PRIORITY, label: t('alerts.bulk.noPriority') }]}
            value={null}
            onChange={(v) => v && void apply({ priority: v === NO_PRIORITY ? null : (v as 'important' | 'interesting') })}
            disabled={!count || busy}
            data-testid="bulk-priority"
            comboboxProps={{ withinPortal: true }}
          />
          <Button size="xs" variant="light" onClick={() => void apply({ publishIntel: true })} disabled={!count} loading={busy} data-testid="bulk-publish">
            {t('alerts.bulk.publish')}
          </Button>
        </Group>
        {jobId !== null && <JobProgress jobId={jobId} onClose={() => setJobId(null)} />}
      </Stack>
    </Paper>
  );
}
