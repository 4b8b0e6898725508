// The quote library (/win-loss/interviews?view=quotes): the buyers' passages curators kept, filtered by reason, rival
// and outcome, each with who said it, the deal and its reasons, and a link to the passage in its interview.
import { Alert, Anchor, Badge, Button, Group, Paper, Select, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Quote } from '../../../contracts/winLoss.ts';
import { useTranslation } from '../i18n/react.tsx';
import { calendarDay } from '../shared/dates.ts';
import { Paging } from '../shared/Paging.tsx';
import { StatePanel } from '../shared/StatePanel.tsx';
import { OutcomeBadge } from './DealsDrawer.tsx';
import { useQuotes, useReasons, useRivalOptions } from './interviewsApi.ts';
import type { InterviewsState } from './interviewsModel.ts';
import { passagePath } from './model.ts';
import classes from './WinLoss.module.css';
import '../i18n/areas/winLoss.ts';

export function QuoteLibrary({ state, onChange }: { state: InterviewsState; onChange: (s: InterviewsState) => void }) {
  const { t } = useTranslation();
  const reasons = useReasons().data ?? [];
  const rivals = useRivalOptions();
  const quotes = useQuotes(state);
  const reasonGroup = (kind: 'win' | 'loss') => ({
    group: t(kind === 'win' ? 'winLoss.quotes.winReasons' : 'winLoss.quotes.lossReasons'),
    items: reasons.filter((r) => r.kind === kind).map((r) => ({ value: String(r.id), label: r.name })),
  });
  const filtered = state.reasonId !== undefined || state.rivalId !== undefined || state.outcome !== undefined;
  const pick = (patch: Partial<InterviewsState>) => onChange({ ...state, ...patch, page: 1 });
  const filter = { size: 'sm' as const, searchable: true, clearable: true, comboboxProps: { withinPortal: true }, style: { flex: '1 1 160px', minWidth: 0 } };

  return (
    <Stack gap="md" data-testid="quote-library">
      <Group gap="sm" align="flex-end" wrap="wrap" role="group" aria-label={t('winLoss.filters.label')}>
        <Select
          {...filter}
          label={t('winLoss.quotes.reason')}
          placeholder={t('winLoss.quotes.anyReason')}
          data={[reasonGroup('win'), reasonGroup('loss')].filter((g) => g.items.length > 0)}
          value={state.reasonId === undefined ? null : String(state.reasonId)}
          onChange={(v) => pick({ reasonId: v ? Number(v) : undefined })}
          data-testid="quotes-reason"
        />
        <Select
          {...filter}
          label={t('winLoss.interviews.rival')}
          placeholder={t('winLoss.interviews.anyRival')}
          data={rivals}
          value={state.rivalId === undefined ? null : String(state.rivalId)}
          onChange={(v) => pick({ rivalId: v ? Number(v) : undefined })}
          data-testid="quotes-rival"
        />
        <Select
          {...filter}
          searchable={false}
          label={t('winLoss.quotes.outcome')}
          placeholder={t('winLoss.quotes.anyOutcome')}
          data={[
            { value: 'win', label: t('winLoss.outcome.win') },
            { value: 'loss', label: t('winLoss.outcome.loss') },
          ]}
          value={state.outcome ?? null}
          onChange={(v) => pick({ outcome: v === 'win' || v === 'loss' ? v : undefined })}
          data-testid="quotes-outcome"
        />
      </Group>
      {quotes.isPending ? (
        <Skeleton h={300} radius="md" />
      ) : quotes.isError ? (
        <Alert color="red" variant="light" title={t('winLoss.quotes.loadFailed')}>
          <Button size="xs" variant="light" color="red" onClick={() => void quotes.refetch()}>
            {t('winLoss.retry')}
          </Button>
        </Alert>
      ) : quotes.data.items.length === 0 ? (
        filtered ? (
          <Text c="dimmed" data-testid="quotes-empty" data-kind="filtered">
            {t('winLoss.quotes.noMatch')}
          </Text>
        ) : (
          <StatePanel kind="empty" title={t('winLoss.quotes.emptyTitle')} text={t('winLoss.quotes.empty')} data-testid="quotes-empty" data-kind="none" />
        )
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="quotes-count">
            {t('winLoss.quotes.count', { count: quotes.data.total })}
          </Text>
          <Stack component="ul" gap="sm" className={classes.plainList}>
            {quotes.data.items.map((q) => (
              <QuoteItem key={`${q.interviewId}-${q.seq}`} quote={q} />
            ))}
          </Stack>
          {quotes.data.total > quotes.data.pageSize && (
            <Paging total={Math.ceil(quotes.data.total / quotes.data.pageSize)} value={state.page} onChange={(page) => onChange({ ...state, page })} size="sm" data-testid="quotes-paging" />
          )}
        </>
      )}
    </Stack>
  );
}

function QuoteItem({ quote: q }: { quote: Quote }) {
  const { t, i18n } = useTranslation();
  const speaker = q.speaker ?? t('winLoss.quotes.buyerSide');
  const date = calendarDay(q.interviewedOn, i18n.language);
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="quote">
      <Text component="blockquote" size="sm" className={classes.quote} data-testid="quote-text">
        {q.text}
      </Text>
      <Text size="xs" c="dimmed" mt={4} className={classes.wrapAnywhere} data-testid="quote-said">
        {q.buyerRole ? t('winLoss.quotes.saidRole', { speaker, role: q.buyerRole, date }) : t('winLoss.quotes.said', { speaker, date })}
      </Text>
      <Group gap="xs" mt={6} wrap="wrap">
        <Text size="sm" fw={600} className={classes.wrapAnywhere} data-testid="quote-deal">
          {q.deal.name}
        </Text>
        <OutcomeBadge outcome={q.deal.outcome} />
        {q.reasons.map((r) => (
          <Badge key={r.id} size="sm" radius="sm" variant="light" color="gray" tt="none" data-testid="quote-reason">
            {r.name}
          </Badge>
        ))}
      </Group>
      <Anchor component={Link} to={passagePath(q.interviewId, q.seq)} size="sm" mt={4} display="inline-block" aria-label={t('winLoss.quotes.openLabel', { deal: q.deal.name })} data-testid="quote-open">
        {t('winLoss.quotes.open')}
      </Anchor>
    </Paper>
  );
}
