// The imported calls (/call-insights/calls), latest first, 20 a page: a search of their words (each call found shows
// the passages that matched, the words marked by the server; only the marks survive), and filters by rival and by rep
// (the reps with calls, GET /api/call-insights/reps), all kept in the URL. A call opens in the drawer, at its first match when searched.
import { Badge, Button, Group, Paper, Select, Skeleton, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CALLS_PAGE_SIZE, type CallSummary } from '../../../contracts/calls.ts';
import { useRivalOptions } from '../alerts/api.ts';
import { SearchIcon } from '../brand/icons.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { shortDate } from '../shared/dates.ts';
import { Paging } from '../shared/Paging.tsx';
import { useCallReps, useCalls } from './api.ts';
import { LoadError, useRepName } from './CallBits.tsx';
import classes from './CallInsights.module.css';
import type { OpenCall } from './CallInsightsPage.tsx';
import { filtersFromSearch, rivalPath, sanitizeSnippet, searchFromFilters, type CallFilters } from './model.ts';
import '../i18n/areas/callInsights.ts';

export function CallsList({ onOpenCall }: { onOpenCall: OpenCall }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = filtersFromSearch(params);
  const setFilters = (f: Partial<CallFilters>) => setParams(searchFromFilters({ ...filters, page: 1, ...f }, params), { replace: true });
  const calls = useCalls(filters);
  const rivals = useRivalOptions();
  const reps = useCallReps();
  const [terms, setTerms] = useState(filters.q);
  useEffect(() => setTerms(filters.q), [filters.q]);

  // The reps with calls, by name as the server sorts them; a rep chosen in the URL who has none is still shown.
  const repOptions = useMemo(() => {
    const options = (reps.data ?? []).map((r) => ({ value: String(r.userId), label: r.name }));
    if (filters.repId !== null && reps.data && !options.some((o) => o.value === String(filters.repId))) {
      options.push({ value: String(filters.repId), label: t('callInsights.calls.repById', { id: filters.repId }) });
    }
    return options;
  }, [reps.data, filters.repId, t]);

  const data = calls.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / (data.pageSize || CALLS_PAGE_SIZE))) : 1;
  return (
    <Stack gap="md" data-testid="calls-list">
      <form
        role="search"
        aria-label={t('callInsights.calls.searchLabel')}
        onSubmit={(e) => {
          e.preventDefault();
          setFilters({ q: terms });
        }}
      >
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={t('callInsights.calls.search')}
            value={terms}
            onChange={(e) => setTerms(e.currentTarget.value)}
            maxLength={300}
            className={classes.grow}
            leftSection={<SearchIcon size={16} aria-hidden />}
            data-testid="calls-search"
          />
          <Button type="submit" variant="light" data-testid="calls-search-submit">
            {t('callInsights.calls.searchSubmit')}
          </Button>
          <Select
            label={t('callInsights.calls.rival')}
            placeholder={t('callInsights.calls.anyRival')}
            data={(rivals.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
            value={filters.rivalId === null ? null : String(filters.rivalId)}
            onChange={(v) => setFilters({ rivalId: v ? Number(v) : null })}
            searchable
            clearable
            clearButtonProps={{ 'aria-label': t('callInsights.calls.clearRival') }}
            w={{ base: '100%', xs: 200 }}
            data-testid="calls-rival"
          />
          <Select
            label={t('callInsights.calls.rep')}
            placeholder={t('callInsights.calls.anyRep')}
            data={repOptions}
            value={filters.repId === null ? null : String(filters.repId)}
            onChange={(v) => setFilters({ repId: v ? Number(v) : null })}
            searchable
            clearable
            clearButtonProps={{ 'aria-label': t('callInsights.calls.clearRep') }}
            w={{ base: '100%', xs: 200 }}
            data-testid="calls-rep"
          />
        </Group>
      </form>
      {calls.isPending ? (
        <Skeleton h={300} radius="md" />
      ) : calls.isError ? (
        <LoadError error={calls.error} onRetry={() => void calls.refetch()} testId="calls-error" />
      ) : (
        <>
          <Text size="sm" role="status" data-testid="calls-count">
            {t(filters.q ? 'callInsights.calls.found' : 'callInsights.calls.count', { count: calls.data.total })}
          </Text>
          {calls.data.items.length > 0 && (
            <Stack gap="sm" component="ul" className={classes.plainList} aria-busy={calls.isPlaceholderData || undefined}>
              {calls.data.items.map((c) => (
                <li key={c.id}>
                  <CallRow call={c} onOpenCall={onOpenCall} />
                </li>
              ))}
            </Stack>
          )}
          {pages > 1 && <Paging total={pages} value={filters.page} onChange={(page) => setFilters({ page })} size="sm" data-testid="calls-paging" />}
        </>
      )}
    </Stack>
  );
}

function CallRow({ call, onOpenCall }: { call: CallSummary; onOpenCall: OpenCall }) {
  const { t, i18n } = useTranslation();
  const repName = useRepName();
  const facts = [shortDate(call.occurredAt, i18n.language), repName(call.rep), call.accountName, call.deal?.name].filter(Boolean);
  return (
    <Paper withBorder radius="md" p="sm" data-testid="call-row" data-call-id={call.id}>
      <UnstyledButton className={classes.link} onClick={() => onOpenCall(call.id, call.matches?.[0]?.seq ?? null)} data-testid="call-open">
        {call.title}
      </UnstyledButton>
      <Text size="xs" c="dimmed" mt={2}>
        {facts.join(' · ')}
      </Text>
      {call.rivals.length > 0 && (
        <Group gap={6} mt={6} role="group" aria-label={t('callInsights.call.rivals')}>
          {call.rivals.map((r) => (
            <Badge key={r.id} component={Link} to={rivalPath(r.id)} variant="light" size="sm" className={classes.rivalBadge} data-testid="call-row-rival">
              {t('callInsights.call.rivalMentions', { name: r.name, count: r.mentions })}
            </Badge>
          ))}
        </Group>
      )}
      {call.matches && call.matches.length > 0 && (
        <Stack gap={4} mt={6} component="ul" className={classes.plainList} aria-label={t('callInsights.calls.matches')}>
          {call.matches.map((m) => (
            <li key={m.seq}>
              <UnstyledButton className={classes.snippet} onClick={() => onOpenCall(call.id, m.seq)} data-testid="call-match" data-seq={m.seq}>
                <span dangerouslySetInnerHTML={{ __html: sanitizeSnippet(m.snippet) }} />
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
