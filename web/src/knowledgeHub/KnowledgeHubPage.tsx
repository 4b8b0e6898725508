// The knowledge hub (part 3 §2.4, §4.7; /knowledge-hub/*): the setup checklist at /knowledge-hub, and each step's
// page at /knowledge-hub/{step}. A company without its own organization is first offered to create it. Every step
// page ends with its Confirm step button; the server's refusal (409 step_not_ready) reads in the reader's words.
import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { KnowledgeStepName, OwnOrganization } from '../../../contracts/knowledgeHub.ts';
import { useErrorText } from '../api/errorText.ts';
import { AlertIcon, ArrowLeftIcon } from '../brand/icons.tsx';
import { LoadFailed } from './LoadFailed.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { toastSuccess } from '../shared/toast.ts';
import { useConfirmProducts, useConfirmStep, useCreateOwnOrganization, useOwnOrganization, useSteps } from './api.ts';
import { currentStep, HUB_PATH, isStepName, type ChecklistStep } from './checklist.ts';
import { ProgressBar, StatusBadge } from './StepStatus.tsx';
import { CompetitorsStep, DoneStep } from './OtherSteps.tsx';
import { FilesStep } from './FilesStep.tsx';
import { PositioningStep } from './PositioningStep.tsx';
import { ProductsStep } from './ProductsStep.tsx';
import { VariablesStep } from './VariablesStep.tsx';
import '../i18n/areas/knowledgeHub.ts';

function Checklist({ steps }: { steps: ChecklistStep[] }) {
  const { t } = useTranslation();
  const current = currentStep(steps);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="hub-checklist-title">
      <Title order={2} fz="h4" id="hub-checklist-title" mb="sm">
        {t('knowledgeHub.checklist.label')}
      </Title>
      <ProgressBar steps={steps} />
      <Stack component="ol" gap="sm" mt="md" p={0} style={{ listStyle: 'none' }}>
        {steps.map((s) => (
          <li key={s.name} data-testid={`hub-step-${s.name}`} aria-current={current?.name === s.name ? 'step' : undefined}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Anchor component={Link} to={s.url} fw={current?.name === s.name ? 700 : 500}>
                  {t(`knowledgeHub.steps.${s.name}.title`)}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {t(`knowledgeHub.steps.${s.name}.text`)}
                </Text>
                {s.error && (
                  <Text size="sm" c="red.8">
                    {s.error}
                  </Text>
                )}
              </Stack>
              <StatusBadge step={s} />
            </Group>
          </li>
        ))}
      </Stack>
    </Paper>
  );
}

function CreateOrganization() {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const create = useCreateOwnOrganization();
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  return (
    <Paper withBorder radius="md" p="md" component="form" maw={520} data-testid="hub-create-organization" onSubmit={(e) => {
      e.preventDefault();
      if (name.trim()) create.mutate({ name: name.trim(), url: url.trim() || null });
    }}>
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t('knowledgeHub.organization.title')}
        </Title>
        <Text size="sm">{t('knowledgeHub.organization.text')}</Text>
        <TextInput label={t('knowledgeHub.organization.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} required maxLength={200} />
        <TextInput label={t('knowledgeHub.organization.url')} value={url} onChange={(e) => setUrl(e.currentTarget.value)} type="url" placeholder="https://" maxLength={2000} />
        {create.isError && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
            {errorText(create.error)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
            {t('knowledgeHub.organization.create')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Confirm step: PATCH confirm_step (products have their own confirm call); a refusal shows the server's reason. */
function ConfirmStep({ orgId, step }: { orgId: number; step: ChecklistStep }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const confirmStep = useConfirmStep(orgId);
  const confirmProducts = useConfirmProducts(orgId);
  const mutation = step.name === 'products' ? confirmProducts : confirmStep;
  const confirm = () =>
    (step.name === 'products' ? confirmProducts.mutateAsync() : confirmStep.mutateAsync(step.name)).then(
      () => toastSuccess(t('knowledgeHub.confirm.done')),
      () => undefined,
    );
  return (
    <Stack gap="xs" align="flex-start">
      {mutation.isError && (
        <Alert color="red" variant="light" icon={<AlertIcon />} role="alert" data-testid="hub-confirm-error">
          {errorText(mutation.error)}
        </Alert>
      )}
      <Button onClick={() => void confirm()} loading={mutation.isPending} disabled={step.status === 'generating'} data-testid="hub-confirm-step">
        {step.name === 'products' ? t('knowledgeHub.products.confirm') : t('knowledgeHub.confirm.button')}
      </Button>
    </Stack>
  );
}

function StepPage({ org, step, rest, steps }: { org: OwnOrganization; step: ChecklistStep; rest: string; steps: ChecklistStep[] }) {
  const { t } = useTranslation();
  // Once this step is done, the step to go on with (§4.7's current step, without the one viewed).
  const next = step.status === 'done' ? currentStep(steps) : null;
  const bodies: Record<KnowledgeStepName, ReactNode> = {
    files: <FilesStep orgId={org.id} rest={rest} />,
    variables: <VariablesStep orgId={org.id} />,
    products: <ProductsStep orgId={org.id} />,
    positioning: <PositioningStep orgId={org.id} step={step} />,
    competitors: <CompetitorsStep />,
    done: <DoneStep />,
  };
  return (
    <Stack gap="md" data-testid={`hub-page-${step.name}`}>
      <Anchor component={Link} to={HUB_PATH} size="sm">
        <Group gap={4} component="span">
          <ArrowLeftIcon size={14} aria-hidden />
          {t('knowledgeHub.backToChecklist')}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={2}>{t(`knowledgeHub.steps.${step.name}.title`)}</Title>
          <Text c="dimmed">{t(`knowledgeHub.steps.${step.name}.text`)}</Text>
        </Stack>
        <StatusBadge step={step} />
      </Group>
      <ProgressBar steps={steps} />
      {step.error && (
        <Alert color="red" variant="light" icon={<AlertIcon />} data-testid="hub-step-error">
          {step.error}
        </Alert>
      )}
      {bodies[step.name]}
      {step.name !== 'done' && <ConfirmStep orgId={org.id} step={step} />}
      {next && next.name !== step.name && (
        <Anchor component={Link} to={next.url} data-testid="hub-next-step">
          {t('knowledgeHub.widget.next', { step: t(`knowledgeHub.steps.${next.name}.title`) })}
        </Anchor>
      )}
    </Stack>
  );
}

function Hub({ org, rest }: { org: OwnOrganization; rest: string }) {
  const { t } = useTranslation();
  const steps = useSteps(org.id);
  const [first, ...more] = rest.split('/');
  if (steps.isPending) return <Loader aria-label={t('knowledgeHub.title')} />;
  if (steps.isError)
    return (
      <LoadFailed retry={() => steps.refetch()} />
    );
  if (!first) return <Checklist steps={steps.data} />;
  const step = isStepName(first) ? steps.data.find((s) => s.name === first) : undefined;
  if (!step) return <Text data-testid="hub-step-not-found">{t('knowledgeHub.notFound')}</Text>;
  return <StepPage org={org} step={step} rest={more.join('/')} steps={steps.data} />;
}

export function KnowledgeHubPage({ rest }: { rest: string }) {
  const { t } = useTranslation();
  useDocumentTitle(t('knowledgeHub.title'));
  const own = useOwnOrganization();
  return (
    <Stack gap="lg" pt="md" maw={1100} w="100%" mx="auto" data-testid="page-knowledge-hub">
      <Stack gap={4}>
        <Title order={1}>{t('knowledgeHub.title')}</Title>
        <Text c="dimmed">{t('knowledgeHub.intro')}</Text>
      </Stack>
      {own.isPending ? (
        <Loader aria-label={t('knowledgeHub.title')} />
      ) : own.isError ? (
        <LoadFailed retry={() => own.refetch()} />
      ) : own.data === null ? (
        <CreateOrganization />
      ) : (
        <Hub org={own.data} rest={rest} />
      )}
    </Stack>
  );
}
