// The interviews tab of win/loss (/win-loss/interviews; issue #57): the buyers' interviews, latest first, 20 a page,
// searched in their transcripts (the matching passages shown with the words marked) and filtered by rival; or the
// quote library. An interview opens on a page of its own (/win-loss/interviews/{id}). Curators add interviews and
// upload their transcripts. The tab's state is in the URL, so a shared link shows the same list.
import { Alert, Anchor, Badge, Button, Group, Paper, SegmentedControl, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { InterviewSummary } from '../../../contracts/winLoss.ts';
import { useSession } from '../core/SessionContext.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { calendarDay } from '../shared/dates.ts';
import { Paging } from '../shared/Paging.tsx';
import { SearchBox } from '../shared/SearchBox.tsx';
import { StatePanel } from '../shared/StatePanel.tsx';
import { isCurator } from '../user/permissions.ts';
import { OutcomeBadge } from './DealsDrawer.tsx';
import { InterviewDialog, TranscriptDialog } from './InterviewDialog.tsx';
import { InterviewView } from './InterviewView.tsx';
import { useInterviews, useRivalOptions } from './interviewsApi.ts';
import { interviewsState, searchOfInterviews, snippetParts, type InterviewsState } from './interviewsModel.ts';
import { QuoteLibrary } from './QuoteLibrary.tsx';
import { passagePath } from './model.ts';
import classes from './WinLoss.module.css';
import '../i18n/areas/winLoss.ts';

/** How long the search waits after typing stops. */
export const INTERVIEW_SEARCH_DEBOUNCE_MS = 400;

export function InterviewsTab({ interviewId }: { interviewId: number | null }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const state = interviewsState(params);
  const setState = useCallback((next: InterviewsState) => setParams(searchOfInterviews(next, params), { replace: true }), [params, setParams]);
  if (interviewId !== null) return <InterviewView id={interviewId} />;
  return (
    <Stack gap="md" data-testid="win-loss-interviews">
      <SegmentedControl
        value={state.view}
        onChange={(v) => setState({ ...state, view: v as InterviewsState['view'], page: 1 })}
        data={[
          { value: 'list', label: t('winLoss.interviews.list') },
          { value: 'quotes', label: t('winLoss.interviews.quotes') },
        ]}
        aria-label={t('winLoss.interviews.views')}
        style={{ alignSelf: 'flex-start' }}
        data-testid="interviews-view"
      />
      {state.view === 'quotes' ? <QuoteLibrary state={state} onChange={setState} /> : <InterviewList state={state} onChange={setState} />}
    </Stack>
  );
}

function InterviewList({ state, onChange }: { state: InterviewsState; onChange: (s: InterviewsState) => void }) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const curator = isCurator(user);
  const navigate = useNavigate();
  const rivals = useRivalOptions();
  const list = useInterviews(state.q, state.rivalId, state.page);
  const [creating, setCreating] = useState(false);
  const [uploadFor, setUploadFor] = useState<InterviewSummary | null>(null);
  const onSearch = useCallback((q: string) => onChange({ ...state, q, page: 1 }), [state, onChange]);
  const filtered = state.q !== '' || state.rivalId !== undefined;
  const newButton = curator && (
    <Button onClick={() => setCreating(true)} data-testid="interview-new">
      {t('winLoss.interviews.new')}
    </Button>
  );

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Paper role="search" aria-label={t('winLoss.interviews.search')} style={{ flex: '3 1 240px', minWidth: 0 }}>
          <SearchBox
            value={state.q}
            onSearch={onSearch}
            delayMs={INTERVIEW_SEARCH_DEBOUNCE_MS}
            label={t('winLoss.interviews.search')}
            clearLabel={t('winLoss.interviews.clearSearch')}
            data-testid="interviews-search"
          />
        </Paper>
        <Select
          size="sm"
          aria-label={t('winLoss.interviews.rival')}
          placeholder={t('winLoss.interviews.anyRival')}
          data={rivals}
          value={state.rivalId === undefined ? null : String(state.rivalId)}
          onChange={(v) => onChange({ ...state, rivalId: v ? Number(v) : undefined, page: 1 })}
          searchable
          clearable
          comboboxProps={{ withinPortal: true }}
          style={{ flex: '1 1 160px', minWidth: 0 }}
          data-testid="interviews-rival"
        />
        {newButton}
      </Group>
      {list.isPending ? (
        <Skeleton h={300} radius="md" />
      ) : list.isError ? (
        <Alert color="red" variant="light" title={t('winLoss.interviews.loadFailed')}>
          <Button size="xs" variant="light" color="red" onClick={() => void list.refetch()}>
            {t('winLoss.retry')}
          </Button>
        </Alert>
      ) : list.data.items.length === 0 ? (
        filtered ? (
          <StatePanel kind="empty" title={t('winLoss.interviews.noMatchTitle')} text={t('winLoss.interviews.noMatch')} data-testid="interviews-empty" data-kind="filtered">
            <Button variant="light" onClick={() => onChange({ ...state, q: '', rivalId: undefined, page: 1 })}>
              {t('winLoss.interviews.clearFilters')}
            </Button>
          </StatePanel>
        ) : (
          <StatePanel
            kind="empty"
            title={t('winLoss.interviews.emptyTitle')}
            text={t(curator ? 'winLoss.interviews.emptyCurator' : 'winLoss.interviews.emptyReader')}
            data-testid="interviews-empty"
            data-kind="none"
          >
            {newButton}
          </StatePanel>
        )
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="interviews-count">
            {t('winLoss.interviews.count', { count: list.data.total })}
          </Text>
          <Stack component="ul" gap="sm" className={classes.plainList} aria-label={t('winLoss.interviews.caption')}>
            {list.data.items.map((i) => (
              <InterviewRow key={i.id} interview={i} lang={i18n.language} onUpload={curator ? () => setUploadFor(i) : undefined} />
            ))}
          </Stack>
          {list.data.total > list.data.pageSize && (
            <Paging total={Math.ceil(list.data.total / list.data.pageSize)} value={state.page} onChange={(page) => onChange({ ...state, page })} size="sm" data-testid="interviews-paging" />
          )}
        </>
      )}
      {creating && <InterviewDialog onClose={() => setCreating(false)} onCreated={(id) => navigate(passagePath(id))} />}
      {uploadFor && <TranscriptDialog interview={uploadFor} onClose={() => setUploadFor(null)} onDone={() => navigate(passagePath(uploadFor.id))} />}
    </Stack>
  );
}

function InterviewRow({ interview: i, lang, onUpload }: { interview: InterviewSummary; lang: string; onUpload?: () => void }) {
  const { t } = useTranslation();
  const facts = [
    i.deal.accountName,
    t('winLoss.interviews.interviewedOn', { date: calendarDay(i.interviewedOn, lang) }),
    t('winLoss.interviews.by', { name: i.interviewer }),
    i.buyerRole ? t('winLoss.interviews.buyerRole', { role: i.buyerRole }) : null,
  ].filter(Boolean);
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="interview-row" data-id={i.id}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Anchor component={Link} to={passagePath(i.id)} fw={600} className={classes.wrapAnywhere} aria-label={t('winLoss.interviews.open', { deal: i.deal.name })} data-testid="interview-open">
          {i.deal.name}
        </Anchor>
        <OutcomeBadge outcome={i.deal.outcome} />
      </Group>
      <Text size="sm" c="dimmed" className={classes.wrapAnywhere} data-testid="interview-facts">
        {facts.join(' · ')}
      </Text>
      <Group gap="xs" mt={6} wrap="wrap">
        <Badge variant="outline" color={i.transcript ? 'gray' : 'yellow'} radius="sm" tt="none" data-testid="interview-transcript">
          {i.transcript
            ? t('winLoss.interviews.transcript', { words: i.transcript.words, passages: i.transcript.passages })
            : t('winLoss.interviews.noTranscript')}
        </Badge>
        {i.transcript && (
          <Badge variant="light" color={i.toReview > 0 ? 'indigo' : 'gray'} radius="sm" tt="none" data-testid="interview-to-review">
            {i.toReview > 0 ? t('winLoss.interviews.toReview', { count: i.toReview }) : t('winLoss.interviews.reviewed')}
          </Badge>
        )}
        <Badge variant="light" color="gray" radius="sm" tt="none" data-testid="interview-quotes">
          {t('winLoss.interviews.quoteCount', { count: i.quotes })}
        </Badge>
        {onUpload && !i.transcript && (
          <Button size="compact-sm" variant="light" onClick={onUpload} data-testid="interview-upload">
            {t('winLoss.interviews.upload')}
          </Button>
        )}
      </Group>
      {i.matches && i.matches.length > 0 && (
        <Stack gap={4} mt="xs" component="ul" className={classes.plainList} aria-label={t('winLoss.interviews.matches')}>
          {i.matches.map((m) => (
            <li key={m.seq}>
              <Anchor component={Link} to={passagePath(i.id, m.seq)} size="sm" c="inherit" className={classes.snippet} data-testid="interview-match">
                <Snippet html={m.snippet} />
              </Anchor>
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/** A search snippet: its text, with the matched words marked (never its HTML). */
export function Snippet({ html }: { html: string }) {
  return (
    <>
      {snippetParts(html).map((p, k) => (p.marked ? <mark key={k}>{p.text}</mark> : <span key={k}>{p.text}</span>))}
    </>
  );
}
