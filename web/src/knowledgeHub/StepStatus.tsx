// A step's status badge (in words: colour is never the only signal) and the setup's progress bar, shared by the
// checklist, the step pages and the dashboard widget.
import { Badge, Progress, Stack, Text } from '@mantine/core';
import type { StepStatus } from '../../../contracts/knowledgeHub.ts';
import { CheckIcon } from '../brand/icons.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { formatNumber } from '../shared/numbers.ts';
import { progressPercent, type ChecklistStep } from './checklist.ts';
import '../i18n/areas/knowledgeHub.ts';

const STATUS_COLOR: Record<StepStatus | 'blocked', string> = {
  pending: 'gray',
  'not-started': 'gray',
  generating: 'blue',
  // The filled badge's white text needs the darker shade for AA contrast.
  done: 'teal.9',
  error: 'red',
  blocked: 'gray',
};

/** A step's status in words (colour is never the only signal); a step waiting on an earlier one reads blocked. */
export function StatusBadge({ step }: { step: Pick<ChecklistStep, 'status' | 'blocked'> }) {
  const { t } = useTranslation();
  const shown = step.blocked && step.status !== 'done' && step.status !== 'error' && step.status !== 'generating' ? 'blocked' : step.status;
  return (
    <Badge color={STATUS_COLOR[shown]} variant={shown === 'done' ? 'filled' : 'light'} leftSection={shown === 'done' ? <CheckIcon size={12} aria-hidden /> : undefined} data-testid="step-status" data-status={shown}>
      {t(`knowledgeHub.status.${shown}`)}
    </Badge>
  );
}

export function ProgressBar({ steps }: { steps: ChecklistStep[] }) {
  const { t, i18n } = useTranslation();
  const percent = progressPercent(steps);
  const words = t('knowledgeHub.checklist.progress', { percent: formatNumber(percent, i18n.language) });
  return (
    <Stack gap={4}>
      <Progress.Root data-testid="hub-progress" data-percent={percent}>
        <Progress.Section value={percent} aria-label={t('knowledgeHub.checklist.progressLabel')} aria-valuetext={words} />
      </Progress.Root>
      <Text size="sm" c="dimmed">
        {words}
      </Text>
    </Stack>
  );
}
