// The dashboard's competitive deal widget (part 1 §3): the reader's own open deals that name a rival, each rival a link
// to its battlecard (or its profile when the reader may open no battlecard of it). A chunk of its own, loaded only for
// readers the widget is for; nothing shows while it loads, fails, or when there is no such deal.
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { CompetitiveDeals as Deals } from '../../../contracts/deals.ts';
import { useTranslation } from '../i18n/react.tsx';
import { calendarDay } from '../shared/dates.ts';
import { useCompetitiveDeals } from '../winLoss/api.ts';
import { formatAmount } from '../winLoss/model.ts';
import '../i18n/areas/winLoss.ts';

type Rival = Deals['deals'][number]['rivals'][number];

/** Where a rival of a deal leads: its battlecard, else its profile, else nowhere (a profile the reader may not open). */
export const rivalLink = (r: Rival): string | null =>
  !r.profileId ? null : r.battlecardId !== null ? `/profile/${r.profileId}/battlecard/view/${r.battlecardId}` : `/profile/${r.profileId}`;

export function CompetitiveDeals() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const deals = useCompetitiveDeals(true).data?.deals ?? [];
  if (deals.length === 0) return null;
  return (
    <Paper component="section" withBorder radius="md" p="md" aria-labelledby="competitive-deals-title" data-testid="competitive-deals">
      <Title order={2} fz="h4" mb="sm" id="competitive-deals-title">
        {t('winLoss.widget.title')}
      </Title>
      <Stack component="ul" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {deals.map((d) => (
          <li key={d.id} data-testid="competitive-deal">
            <Group justify="space-between" wrap="wrap" gap={4} align="baseline">
              <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                {d.name}
                {d.accountName && (
                  <Text span c="dimmed" fw={400}>
                    {' · '}
                    {d.accountName}
                  </Text>
                )}
              </Text>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {[d.amount === null ? null : formatAmount(d.amount, d.currency, lang), d.expectedCloseOn ? t('winLoss.widget.closes', { date: calendarDay(d.expectedCloseOn, lang) }) : null]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Group>
            <Group gap="sm" mt={2}>
              {d.rivals.map((r) => {
                const to = rivalLink(r);
                const label = t(r.battlecardId !== null ? 'winLoss.widget.battlecard' : 'winLoss.widget.profile', { name: r.name });
                return to ? (
                  <Anchor key={r.id} component={Link} to={to} size="sm" data-testid="competitive-rival">
                    {label}
                  </Anchor>
                ) : (
                  <Text key={r.id} size="sm">
                    {r.name}
                  </Text>
                );
              })}
            </Group>
          </li>
        ))}
      </Stack>
    </Paper>
  );
}
