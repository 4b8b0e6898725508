// The last deliveries of a routing rule or a webhook endpoint, 20 a page, newest first: state (a word, not colour
// alone), event, status code, response time, the error in words and when. A table from the tablet width, cards below.
import { Alert, Button, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { Delivery } from '../../../contracts/integrations.ts';
import { useErrorText } from '../api/errorText.ts';
import { useTranslation } from '../i18n/react.tsx';
import { RelativeTime } from '../shared/RelativeTime.tsx';
import { Paging } from '../shared/Paging.tsx';
import { usePhone } from '../shared/usePhone.ts';
import { useDeliveries, type DeliveryTarget } from './api.ts';
import { DeliveryBadge, eventKey } from './IntegrationBits.tsx';
import classes from './Integrations.module.css';
import '../i18n/areas/integrations.ts';

function Status({ d }: { d: Delivery }) {
  const { t } = useTranslation();
  return <span>{d.statusCode ?? t('integrations.log.noStatus')}</span>;
}

function Time({ d }: { d: Delivery }) {
  const { t } = useTranslation();
  return <span>{d.responseMs === null ? t('integrations.log.noStatus') : t('integrations.log.ms', { ms: d.responseMs })}</span>;
}

function Problem({ d }: { d: Delivery }) {
  const { t } = useTranslation();
  if (d.state === 'pending' && d.nextAttemptAt) {
    return (
      <Text size="xs" c="dimmed">
        {t('integrations.log.nextAttempt')} <RelativeTime at={d.nextAttemptAt} />
      </Text>
    );
  }
  return d.error ? (
    <Text size="xs" c="red.8" className={classes.breakAnywhere} data-testid="delivery-error">
      {d.error}
    </Text>
  ) : null;
}

function Subject({ d }: { d: Delivery }) {
  const { t } = useTranslation();
  return (
    <Stack gap={0}>
      <Text size="sm">{t(eventKey(d.event))}</Text>
      {d.subject && (
        <Text size="xs" c="dimmed" className={classes.breakAnywhere}>
          {d.subject}
        </Text>
      )}
    </Stack>
  );
}

export function DeliveryLog({ target }: { target: DeliveryTarget }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const phone = usePhone();
  const [page, setPage] = useState(1);
  const log = useDeliveries(target, page);
  if (log.isPending) return <Skeleton height={60} />;
  if (log.isError) {
    return (
      <Alert color="red" title={t('integrations.log.loadFailed')}>
        <Group gap="sm">
          <Text size="sm">{errorText(log.error)}</Text>
          <Button size="xs" variant="light" onClick={() => void log.refetch()}>
            {t('integrations.retry')}
          </Button>
        </Group>
      </Alert>
    );
  }
  const { items, total, limit } = log.data;
  if (!items.length) {
    return (
      <Text size="sm" c="dimmed" data-testid="delivery-empty">
        {t('integrations.log.empty')}
      </Text>
    );
  }
  const pages = Math.ceil(total / limit);
  return (
    <Stack gap="xs" data-testid="delivery-log">
      {phone ? (
        <ul className={classes.cards}>
          {items.map((d) => (
            <Paper component="li" key={d.id} withBorder radius="sm" p="xs" data-testid="delivery-row" data-state={d.state}>
              <Stack gap={4}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <DeliveryBadge state={d.state} />
                  <Text size="xs" c="dimmed">
                    <RelativeTime at={d.createdAt} />
                  </Text>
                </Group>
                <Subject d={d} />
                <dl className={classes.facts}>
                  <dt>{t('integrations.log.columns.status')}</dt>
                  <dd>
                    <Status d={d} />
                  </dd>
                  <dt>{t('integrations.log.columns.time')}</dt>
                  <dd>
                    <Time d={d} />
                  </dd>
                </dl>
                <Problem d={d} />
              </Stack>
            </Paper>
          ))}
        </ul>
      ) : (
        <Table verticalSpacing={6} fz="sm" className={classes.table}>
          <caption className={classes.caption}>{t('integrations.log.caption', { count: total })}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('integrations.log.columns.state')}</Table.Th>
              <Table.Th>{t('integrations.log.columns.event')}</Table.Th>
              <Table.Th>{t('integrations.log.columns.status')}</Table.Th>
              <Table.Th>{t('integrations.log.columns.time')}</Table.Th>
              <Table.Th>{t('integrations.log.columns.error')}</Table.Th>
              <Table.Th>{t('integrations.log.columns.when')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((d) => (
              <Table.Tr key={d.id} data-testid="delivery-row" data-state={d.state}>
                <Table.Td>
                  <DeliveryBadge state={d.state} />
                </Table.Td>
                <Table.Td>
                  <Subject d={d} />
                </Table.Td>
                <Table.Td data-testid="delivery-status">
                  <Status d={d} />
                </Table.Td>
                <Table.Td>
                  <Time d={d} />
                </Table.Td>
                <Table.Td className={classes.errorCell}>
                  <Problem d={d} />
                </Table.Td>
                <Table.Td>
                  <RelativeTime at={d.createdAt} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {pages > 1 && <Paging total={pages} value={page} onChange={setPage} size="sm" />}
    </Stack>
  );
}
