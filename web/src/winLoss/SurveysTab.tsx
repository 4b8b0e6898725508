// The win/loss surveys tab (/win-loss/surveys, issue #57): the program's health on top (contacts mailed, links opened,
// answers, the response rate and the median days from a deal's close to its answer, as tiles and as a chart with its
// figures in words and as a table), then the surveys with their state and figures. Curators start a survey here and
// delete one (here or on its page); a survey opens at /win-loss/surveys/{id} (the builder while it is a draft, its
// contacts' states once sent).
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { SurveyHealth, SurveyState, SurveySummary } from '../../../contracts/winLoss.ts';
import { useErrorText } from '../api/errorText.ts';
import { useSession } from '../core/SessionContext.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { ChartFigure } from '../shared/charts/ChartFigure.tsx';
import { shortDate } from '../shared/dates.ts';
import { formatNumber } from '../shared/numbers.ts';
import { SCROLLS_BY_KEYBOARD } from '../shared/scrollable.ts';
import { ConfirmModal } from '../settings/users/ConfirmModal.tsx';
import { isCurator } from '../user/permissions.ts';
import { formatShare, type SurveyView } from './model.ts';
import { SurveyBuilder } from './SurveyBuilder.tsx';
import { useDeleteSurvey, useSurveyHealth, useSurveys } from './surveyApi.ts';
import classes from './WinLoss.module.css';
import '../i18n/areas/winLoss.ts';

/** A survey's state in words and a colour (never the colour alone). */
const STATE_COLOURS: Record<SurveyState, string> = { draft: 'gray', sent: 'blue', closed: 'dark' };

export function SurveyStateBadge({ state }: { state: SurveyState }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATE_COLOURS[state]} variant={state === 'draft' ? 'outline' : 'light'} radius="sm" data-testid="survey-state" data-state={state}>
      {t(`winLoss.surveys.state.${state}`)}
    </Badge>
  );
}

/**
 * Deletes a survey after a confirmation that says what goes with it. The server deletes a sent survey too: its links
 * stop working and the reasons its answers gave leave their deals, so the confirmation says so.
 */
export function DeleteSurvey({ survey, onDeleted }: { survey: Pick<SurveySummary, 'id' | 'name' | 'state'>; onDeleted?: () => void }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteSurvey();
  const { errorText } = useErrorText();
  const confirm = () =>
    remove.mutateAsync(survey.id).then(
      () => {
        setConfirming(false);
        onDeleted?.();
      },
      () => setConfirming(false),
    );
  return (
    <>
      <Button size="compact-sm" variant="subtle" color="red" onClick={() => setConfirming(true)} aria-label={t('winLoss.surveys.delete.label', { name: survey.name })} data-testid="survey-delete">
        {t('winLoss.surveys.delete.button')}
      </Button>
      {remove.isError && (
        <Text size="sm" c="red.8" role="alert" data-testid="survey-delete-error">
          {errorText(remove.error)}
        </Text>
      )}
      <ConfirmModal
        opened={confirming}
        title={t('winLoss.surveys.delete.title', { name: survey.name })}
        body={t(survey.state === 'draft' ? 'winLoss.surveys.delete.draftBody' : 'winLoss.surveys.delete.sentBody')}
        action={t('winLoss.surveys.delete.confirm')}
        busy={remove.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(false)}
        testId="survey-delete-confirm"
      />
    </>
  );
}

export function SurveysTab({ view }: { view: SurveyView }) {
  if (view.kind !== 'list') return <SurveyBuilder id={view.kind === 'open' ? view.id : null} />;
  return (
    <Stack gap="lg" data-testid="win-loss-surveys">
      <Health />
      <SurveyList />
    </Stack>
  );
}

function Health() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const health = useSurveyHealth();
  const { errorText } = useErrorText();
  if (health.isPending) return <Skeleton h={160} radius="md" />;
  if (health.isError) {
    return (
      <Alert color="red" variant="light" title={t('winLoss.surveys.health.loadFailed')} data-testid="survey-health-error">
        <Text size="sm">{errorText(health.error)}</Text>
        <Button size="xs" variant="light" color="red" mt="xs" onClick={() => void health.refetch()}>
          {t('winLoss.retry')}
        </Button>
      </Alert>
    );
  }
  const h: SurveyHealth = health.data;
  const none = t('winLoss.noValue');
  const tiles: [string, string, string][] = [
    ['sent', t('winLoss.surveys.health.sent'), formatNumber(h.sent, lang)],
    ['opened', t('winLoss.surveys.health.opened'), formatNumber(h.opened, lang)],
    ['answered', t('winLoss.surveys.health.answered'), formatNumber(h.answered, lang)],
    ['rate', t('winLoss.surveys.health.responseRate'), formatShare(h.responseRate, lang) ?? none],
    ['days', t('winLoss.surveys.health.medianDays'), h.medianDaysToAnswer === null ? none : t('winLoss.surveys.health.days', { count: h.medianDaysToAnswer })],
  ];
  const steps = [
    { key: 'sent', label: t('winLoss.surveys.health.sent'), value: h.sent },
    { key: 'opened', label: t('winLoss.surveys.health.opened'), value: h.opened },
    { key: 'answered', label: t('winLoss.surveys.health.answered'), value: h.answered },
  ];
  const contacts = t('winLoss.surveys.health.contacts');
  const data = {
    xLabel: t('winLoss.surveys.health.step'),
    axis: 'category' as const,
    additive: false,
    series: [{ key: 'contacts', label: contacts }],
    rows: h.sent === 0 ? [] : steps.map((s) => ({ x: s.label, values: { contacts: s.value } })),
  };
  return (
    <section aria-labelledby="survey-health-title" data-testid="survey-health">
      <Title order={2} fz="md" mb="sm" id="survey-health-title">
        {t('winLoss.surveys.health.title')}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm" mb="md">
        {tiles.map(([key, label, value]) => (
          <Paper key={key} withBorder radius="md" p="sm" data-testid={`survey-health-${key}`}>
            <Text size="sm" c="dimmed" fw={500}>
              {label}
            </Text>
            <Text fz={{ base: 20, xs: 24 }} fw={700} className={classes.kpi} data-testid={`survey-health-${key}-value`}>
              {value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Paper withBorder radius="md" p="md">
        <ChartFigure title={t('winLoss.surveys.health.chart')} heading={3} titleSize="sm" data={data} format={(v) => formatNumber(v, lang)} data-testid="survey-health-chart">
          {h.sent === 0 ? (
            <Text size="sm" c="dimmed">
              {t('winLoss.surveys.health.empty')}
            </Text>
          ) : (
            <Stack gap={6}>
              {steps.map((s) => (
                <div key={s.key} className={classes.funnelRow}>
                  <Text size="sm" className={classes.funnelLabel}>
                    {s.label}
                  </Text>
                  <div className={classes.track}>
                    <div className={classes.bar} style={{ width: `${(s.value / h.sent) * 100}%` }} />
                  </div>
                  <Text size="sm" className={classes.figure}>
                    {formatNumber(s.value, lang)}
                  </Text>
                </div>
              ))}
            </Stack>
          )}
        </ChartFigure>
      </Paper>
    </section>
  );
}

function SurveyList() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { user } = useSession();
  const curator = isCurator(user);
  const surveys = useSurveys();
  const { errorText } = useErrorText();
  const title = t('winLoss.surveys.list.title');
  return (
    <section aria-labelledby="survey-list-title">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} fz="md" id="survey-list-title">
          {title}
        </Title>
        {curator && (
          <Button component={Link} to="/win-loss/surveys/new" size="sm" data-testid="survey-new">
            {t('winLoss.surveys.list.new')}
          </Button>
        )}
      </Group>
      {surveys.isPending ? (
        <Skeleton h={120} radius="md" />
      ) : surveys.isError ? (
        <Alert color="red" variant="light" title={t('winLoss.surveys.list.loadFailed')} data-testid="survey-list-error">
          {errorText(surveys.error)}
        </Alert>
      ) : surveys.data.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="survey-list-empty">
          {t(curator ? 'winLoss.surveys.list.emptyCurator' : 'winLoss.surveys.list.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560} type="native" attributes={SCROLLS_BY_KEYBOARD}>
          <Table verticalSpacing="xs" fz="sm" aria-labelledby="survey-list-title" data-testid="survey-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('winLoss.surveys.list.name')}</Table.Th>
                <Table.Th scope="col">{t('winLoss.surveys.list.state')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('winLoss.surveys.health.sent')}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('winLoss.surveys.health.answered')}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('winLoss.surveys.health.responseRate')}
                </Table.Th>
                <Table.Th scope="col">{t('winLoss.surveys.list.date')}</Table.Th>
                {curator && (
                  <Table.Th scope="col">
                    <VisuallyHidden>{t('winLoss.surveys.list.actions')}</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {surveys.data.map((s: SurveySummary) => (
                <Table.Tr key={s.id} data-testid="survey-row" data-id={s.id}>
                  <Table.Th scope="row" fw={500}>
                    <UnstyledButton component={Link} to={`/win-loss/surveys/${s.id}`} className={classes.link} data-testid="survey-open">
                      {s.name}
                    </UnstyledButton>
                    <Text size="xs" c="dimmed">
                      {t('winLoss.surveys.list.counts', { questions: s.questions, recipients: s.recipients })}
                    </Text>
                  </Table.Th>
                  <Table.Td>
                    <SurveyStateBadge state={s.state} />
                  </Table.Td>
                  <Table.Td ta="right" className={classes.figure}>
                    {formatNumber(s.health.sent, lang)}
                  </Table.Td>
                  <Table.Td ta="right" className={classes.figure}>
                    {formatNumber(s.health.answered, lang)}
                  </Table.Td>
                  <Table.Td ta="right" className={classes.figure}>
                    {formatShare(s.health.responseRate, lang) ?? t('winLoss.noValue')}
                  </Table.Td>
                  <Table.Td className={classes.figure}>
                    {s.sentAt ? t('winLoss.surveys.list.sentOn', { date: shortDate(s.sentAt, lang) }) : t('winLoss.surveys.list.createdOn', { date: shortDate(s.createdAt, lang) })}
                  </Table.Td>
                  {curator && (
                    <Table.Td>
                      <DeleteSurvey survey={s} />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}
