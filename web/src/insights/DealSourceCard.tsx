// A deal a win/loss insight stands on (issue #56), in the insight drawer: its name (which opens the deal), account,
// close date and amount, its outcome, and the insight's reason as the buyer and the rep gave it, in their words.
import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { OUTCOME_COLOURS } from '../../../contracts/deals.ts';
import type { DealSourceView } from '../../../contracts/insights.ts';
import { useTranslation } from '../i18n/react.tsx';
import { calendarDay } from '../shared/dates.ts';
import { numberFormat } from '../shared/numbers.ts';
import classes from './Insights.module.css';
import { dealPath } from './model.ts';
import '../i18n/areas/insights.ts';

export function DealSourceCard({ deal }: { deal: DealSourceView }) {
  const { t, i18n } = useTranslation();
  const facts = [
    deal.accountName,
    deal.closedOn && calendarDay(deal.closedOn, i18n.language),
    deal.amount !== null && numberFormat(i18n.language, { style: 'currency', currency: deal.currency, maximumFractionDigits: 0 }).format(deal.amount),
  ].filter(Boolean);
  return (
    <Paper withBorder radius="md" p="md" component="article" data-testid="deal-source" data-deal-id={deal.id}>
      <Stack gap={8}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Anchor component={Link} to={dealPath(deal.id)} fw={600} size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="deal-source-link">
              {deal.name}
            </Anchor>
            {facts.length > 0 && (
              <Text size="xs" c="dimmed">
                {facts.join(' · ')}
              </Text>
            )}
          </Stack>
          {deal.outcome && (
            <Badge color={OUTCOME_COLOURS[deal.outcome]} variant="light" radius="sm" tt="none" style={{ flex: 'none' }}>
              {t('insights.deal.outcome', { outcome: deal.outcome })}
            </Badge>
          )}
        </Group>
        {deal.said.map((s) => (
          <Stack key={s.saidBy} gap={2} data-testid="deal-source-said" data-said-by={s.saidBy}>
            <Text size="xs" fw={600} c="dimmed">
              {t(`insights.deal.said.${s.saidBy}`)}
            </Text>
            {s.quote ? (
              <Text size="sm" className={classes.quote} fs="italic">
                “{s.quote}”
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                {t('insights.deal.noQuote')}
              </Text>
            )}
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
