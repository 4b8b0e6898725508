// The deals behind a win/loss number, in a drawer: a page of deals (20 a page) with their outcome in the spec's colours
// and in words, and one deal's detail (its rivals, the reasons the rep and the buyer gave, its segment fields, owner,
// amount, and a link to the CRM for a synced deal).
import { Anchor, Badge, Button, Drawer, Group, List, Skeleton, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { useEffect, useState } from 'react';
import { OUTCOME_COLOURS, SEGMENT_DIMENSIONS, type Deal, type DealOutcome, type DealReason, type DealSummary } from '../../../contracts/deals.ts';
import { useTranslation } from '../i18n/react.tsx';
import { calendarDay } from '../shared/dates.ts';
import { Paging } from '../shared/Paging.tsx';
import { SCROLLS_BY_KEYBOARD } from '../shared/scrollable.ts';
import { usePhone } from '../shared/usePhone.ts';
import { useDeal, useDeals } from './api.ts';
import { formatAmount } from './model.ts';
import classes from './WinLoss.module.css';
import type { Drill } from './WinLossPage.tsx';
import '../i18n/areas/winLoss.ts';

/** An outcome in words and in its colour (never the colour alone); an open deal says so. */
export function OutcomeBadge({ outcome }: { outcome: DealOutcome | null }) {
  const { t } = useTranslation();
  return (
    <Badge color={outcome ? OUTCOME_COLOURS[outcome] : 'gray'} variant={outcome ? 'light' : 'outline'} radius="sm" data-testid="deal-outcome" data-outcome={outcome ?? 'open'}>
      {t(`winLoss.outcome.${outcome ?? 'open'}`)}
    </Badge>
  );
}

export function DealsDrawer({ drill, onClose }: { drill: Drill | null; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = usePhone();
  const [dealId, setDealId] = useState<number | null>(null);
  // A new drill-down starts at its list.
  useEffect(() => setDealId(null), [drill]);
  return (
    <Drawer
      opened={drill !== null}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'xl'}
      title={<Title order={2} fz="h4">{drill ? t('winLoss.deals.titleOf', { label: drill.label }) : t('winLoss.deals.title')}</Title>}
      closeButtonProps={{ 'aria-label': t('winLoss.close') }}
      data-testid="deals-drawer"
    >
      {drill &&
        (dealId === null ? (
          <DealList key={JSON.stringify(drill.filters)} drill={drill} onOpen={setDealId} />
        ) : (
          <DealDetail id={dealId} onBack={() => setDealId(null)} />
        ))}
    </Drawer>
  );
}

function DealList({ drill, onOpen }: { drill: Drill; onOpen: (id: number) => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [page, setPage] = useState(1);
  const deals = useDeals(drill.filters, page);
  if (deals.isPending) return <Skeleton h={300} />;
  if (deals.isError) return <Text c="red">{t('winLoss.deals.loadFailed')}</Text>;
  const { items, total, pageSize } = deals.data;
  if (items.length === 0) return <Text c="dimmed">{t('winLoss.deals.empty')}</Text>;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" data-testid="deals-count">
        {t('winLoss.deals.count', { count: total })}
      </Text>
      <Table.ScrollContainer minWidth={520} type="native" attributes={SCROLLS_BY_KEYBOARD}>
        <Table verticalSpacing={6} data-testid="deals-table">
          <caption className={classes.caption}>{t('winLoss.deals.caption', { count: total })}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('winLoss.deals.name')}</Table.Th>
              <Table.Th scope="col">{t('winLoss.deals.outcome')}</Table.Th>
              <Table.Th scope="col">{t('winLoss.deals.closed')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('winLoss.deals.amount')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((d) => (
              <Table.Tr key={d.id} data-testid="deal-row" data-id={d.id}>
                <Table.Th scope="row" fw={400}>
                  <UnstyledButton className={classes.link} onClick={() => onOpen(d.id)} data-testid="deal-open">
                    {d.name}
                  </UnstyledButton>
                  <Text size="xs" c="dimmed">
                    {[d.accountName, rivalNames(d, t('winLoss.deals.primary'))].filter(Boolean).join(' · ')}
                  </Text>
                </Table.Th>
                <Table.Td>
                  <OutcomeBadge outcome={d.outcome} />
                </Table.Td>
                <Table.Td className={classes.figure}>{d.closedOn ? calendarDay(d.closedOn, lang) : t('winLoss.noValue')}</Table.Td>
                <Table.Td ta="right" className={classes.figure}>
                  {d.amount === null ? t('winLoss.noValue') : formatAmount(d.amount, d.currency, lang)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {total > pageSize && <Paging total={Math.ceil(total / pageSize)} value={page} onChange={setPage} size="sm" data-testid="deals-paging" />}
    </Stack>
  );
}

const rivalNames = (d: Pick<DealSummary, 'rivals'>, primary: string) => d.rivals.map((r) => (r.primary && d.rivals.length > 1 ? `${r.name} (${primary})` : r.name)).join(', ');

function DealDetail({ id, onBack }: { id: number; onBack: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const deal = useDeal(id);
  const back = (
    <Button variant="subtle" size="compact-sm" onClick={onBack} data-testid="deal-back" style={{ alignSelf: 'flex-start' }}>
      {t('winLoss.deals.back')}
    </Button>
  );
  if (deal.isPending) return <Skeleton h={300} />;
  if (deal.isError) return <Stack>{back}<Text c="red">{t('winLoss.deals.loadFailed')}</Text></Stack>;
  const d: Deal = deal.data;
  const none = t('winLoss.deal.none');
  const field = (label: string, value: string | null, testId?: string) => (
    <Group key={label} gap="xs" wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" w={130} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" data-testid={testId} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {value || none}
      </Text>
    </Group>
  );
  const reasons = (saidBy: DealReason['saidBy']) => d.reasons.filter((r) => r.saidBy === saidBy);
  return (
    <Stack gap="md" data-testid="deal-detail">
      {back}
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={3} fz="h4" style={{ overflowWrap: 'anywhere' }} data-testid="deal-name">
            {d.name}
          </Title>
          {d.accountName && <Text c="dimmed">{d.accountName}</Text>}
        </Stack>
        <OutcomeBadge outcome={d.outcome} />
      </Group>
      <Stack gap={4}>
        {field(t('winLoss.deals.rivals'), rivalNames(d, t('winLoss.deals.primary')), 'deal-rivals')}
        {field(t('winLoss.deal.owner'), d.owner.name ?? d.owner.email)}
        {field(t('winLoss.deal.amount'), d.amount === null ? null : formatAmount(d.amount, d.currency, lang), 'deal-amount')}
        {field(t('winLoss.deal.stage'), d.stage)}
        {field(t('winLoss.deal.created'), calendarDay(d.createdOn, lang))}
        {field(t('winLoss.deal.closed'), d.closedOn ? calendarDay(d.closedOn, lang) : null)}
        {field(t('winLoss.deal.product'), d.product)}
        {SEGMENT_DIMENSIONS.map((s) => field(t(`winLoss.dimensions.${s}`), d[s]))}
      </Stack>
      <Stack gap="xs">
        <Title order={4} fz="md">
          {t('winLoss.deal.reasons')}
        </Title>
        {d.reasons.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('winLoss.deal.noReasons')}
          </Text>
        ) : (
          (['rep', 'buyer'] as const).map(
            (saidBy) =>
              reasons(saidBy).length > 0 && (
                <div key={saidBy} data-testid={`deal-reasons-${saidBy}`}>
                  <Text size="sm" fw={600}>
                    {t(saidBy === 'rep' ? 'winLoss.deal.repSaid' : 'winLoss.deal.buyerSaid')}
                  </Text>
                  <List size="sm" spacing={2}>
                    {reasons(saidBy).map((r) => (
                      <List.Item key={`${r.id}-${saidBy}`}>
                        <Badge size="xs" variant="light" color={OUTCOME_COLOURS[r.kind]} mr={6}>
                          {t(`winLoss.outcome.${r.kind}`)}
                        </Badge>
                        {r.name}
                        {r.quote && (
                          <Text component="q" size="sm" c="dimmed" ml={6}>
                            {r.quote}
                          </Text>
                        )}
                      </List.Item>
                    ))}
                  </List>
                </div>
              ),
          )
        )}
      </Stack>
      {d.notes && (
        <Stack gap={2}>
          <Title order={4} fz="md">
            {t('winLoss.deal.notes')}
          </Title>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {d.notes}
          </Text>
        </Stack>
      )}
      {d.crmUrl && (
        <Anchor href={d.crmUrl} target="_blank" rel="noopener noreferrer" aria-label={t('winLoss.deal.openCrmLabel', { name: d.name })} data-testid="deal-crm">
          {t('winLoss.deal.openCrm')}
        </Anchor>
      )}
    </Stack>
  );
}
