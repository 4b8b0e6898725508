// The deals section of the search results page (issue #56): for readers of win/loss, the deals the terms find best —
// name, account, outcome badge, rivals and close date — each opening in the win/loss area (/win-loss/deals/{id}).
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { DealResult } from '../../../contracts/search.ts';
import { useTranslation } from '../i18n/react.tsx';
import { calendarDay } from '../shared/dates.ts';
import { SafeHighlight } from '../shared/SafeHighlight.tsx';
import classes from '../shared/Results.module.css';
import { useDealResults } from './api.ts';
import { dealBadge } from './dealResults.ts';

function DealItem({ deal }: { deal: DealResult }) {
  const { t, i18n } = useTranslation();
  const badge = dealBadge(deal.outcome);
  return (
    <Paper withBorder radius="md" p="sm" data-testid="deal-result" data-deal-id={deal.id}>
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Anchor component={Link} to={deal.url} fw={600} truncate>
            <SafeHighlight html={deal.nameHtml || deal.name} />
          </Anchor>
          <Text size="xs" c="dimmed" truncate>
            {[deal.accountName, deal.rivals.map((r) => r.name).join(', ')].filter(Boolean).join(' · ')}
          </Text>
          {deal.snippetHtml && <SafeHighlight html={deal.snippetHtml} component="p" className={classes.snippet} />}
        </Stack>
        <Stack gap={4} align="flex-end" style={{ flex: 'none' }}>
          <Badge size="sm" color={badge.color} variant="light">
            {t(badge.key)}
          </Badge>
          {deal.closedOn && (
            <Text size="xs" c="dimmed">
              {t('search.deals.closedOn', { date: calendarDay(deal.closedOn, i18n.language) })}
            </Text>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

/** Nothing while loading, on an error or without a deal found: the cards stay the page's subject. */
export function DealResults({ terms }: { terms: string }) {
  const { t } = useTranslation();
  const deals = useDealResults(terms, true);
  const found = deals.data;
  if (!found || found.results.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-label={t('search.deals.label')} data-testid="deal-results">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h5">
          {t('search.deals.heading')}
        </Title>
        <Text size="xs" c="dimmed">
          {t('search.deals.count', { count: found.nr_results })}
        </Text>
      </Group>
      {found.results.map((d) => (
        <DealItem deal={d} key={d.id} />
      ))}
    </Stack>
  );
}
