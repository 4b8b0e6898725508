// The dashboard's knowledge-hub widget (part 3 §2.4, §4.7): for curators with the flag, the setup's progress and the
// current step, linking to it; hidden when every step is done or one is in error, and while anything loads or fails.
// A chunk of its own, so the dashboard's first screen does not carry it.
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../i18n/react.tsx';
import { useOwnOrganization, useSteps } from './api.ts';
import { currentStep, widgetHidden } from './checklist.ts';
import { ProgressBar } from './StepStatus.tsx';
import '../i18n/areas/knowledgeHub.ts';

export function HubWidget() {
  const { t } = useTranslation();
  const org = useOwnOrganization().data;
  const steps = useSteps(org?.id).data;
  if (!org || !steps || widgetHidden(steps)) return null;
  const current = currentStep(steps);
  if (!current) return null;
  return (
    <Paper component="section" withBorder radius="md" p="md" aria-labelledby="hub-widget-title" data-testid="knowledge-hub-widget">
      <Stack gap="xs">
        <Title order={2} fz="h4" id="hub-widget-title">
          {t('knowledgeHub.widget.title')}
        </Title>
        <ProgressBar steps={steps} />
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" data-testid="hub-widget-current">
            {t('knowledgeHub.widget.next', { step: t(`knowledgeHub.steps.${current.name}.title`) })}
          </Text>
          <Button component={Link} to={current.url} size="compact-sm">
            {t('knowledgeHub.widget.open')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
