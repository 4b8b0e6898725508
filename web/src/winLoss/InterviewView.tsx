// An interview's page (/win-loss/interviews/{id}[?passage=seq]): the deal, who was interviewed and by whom, and the
// transcript as speaker turns, the buyer's passages set apart from the interviewer's (by a label and an edge, not by
// colour alone). Each buyer passage shows its sentiment and its reasons; a curator confirms, removes or adds them
// and puts the passage in the quote library, which shows at once and is taken back if the server refuses it.
import { Alert, Anchor, Badge, Button, Checkbox, Group, MultiSelect, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { DealOutcome, WinLossReason } from '../../../contracts/deals.ts';
import type { InterviewDetail, InterviewPassage } from '../../../contracts/winLoss.ts';
import { ApiError } from '../api/client.ts';
import { useErrorText } from '../api/errorText.ts';
import { useSession } from '../core/SessionContext.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { calendarDay } from '../shared/dates.ts';
import { isCurator } from '../user/permissions.ts';
import { OutcomeBadge } from './DealsDrawer.tsx';
import { TranscriptDialog } from './InterviewDialog.tsx';
import { useInterview, useReasons, useReviewPassage } from './interviewsApi.ts';
import { clock, reasonsOfOutcome, sentimentOf, shownReasons } from './interviewsModel.ts';
import classes from './WinLoss.module.css';
import '../i18n/areas/winLoss.ts';

export function InterviewView({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const curator = isCurator(user);
  const interview = useInterview(id);
  const reasons = useReasons();
  const [params] = useSearchParams();
  const target = Number(params.get('passage')) || null;
  const [onlyBuyer, setOnlyBuyer] = useState(false);
  const [onlyToReview, setOnlyToReview] = useState(false);
  const [uploading, setUploading] = useState(false);
  const loaded = interview.data?.id;

  // A link to a passage (a quote, a search match) brings it into view and moves the focus to it.
  useEffect(() => {
    if (loaded === undefined || target === null) return;
    const el = document.getElementById(`passage-${target}`);
    el?.scrollIntoView?.({ block: 'center' });
    el?.focus({ preventScroll: true });
  }, [loaded, target]);

  const back = (
    <Anchor component={Link} to="/win-loss/interviews" size="sm" style={{ alignSelf: 'flex-start' }} data-testid="interview-back">
      {t('winLoss.interviews.back')}
    </Anchor>
  );
  if (interview.isPending) return <Skeleton h={400} radius="md" />;
  if (interview.isError) {
    return (
      <Stack gap="sm">
        {back}
        <Alert color="red" variant="light" title={t('winLoss.interviews.loadFailed')} data-testid="interview-load-error">
          {interview.error instanceof ApiError && interview.error.isNotFound ? (
            t('winLoss.interviews.notFound')
          ) : (
            <Button size="xs" variant="light" color="red" onClick={() => void interview.refetch()}>
              {t('winLoss.retry')}
            </Button>
          )}
        </Alert>
      </Stack>
    );
  }
  const d: InterviewDetail = interview.data;
  const lang = i18n.language;
  const taxonomy = reasonsOfOutcome(reasons.data ?? [], d.deal.outcome);
  const shown = d.passages.filter((p) => (!onlyBuyer || p.isBuyer) && (!onlyToReview || (p.isBuyer && p.reasons === null)));
  const facts = [
    d.deal.accountName,
    t('winLoss.interviews.interviewedOn', { date: calendarDay(d.interviewedOn, lang) }),
    t('winLoss.interviews.by', { name: d.interviewer }),
    d.buyerRole ? t('winLoss.interviews.buyerRole', { role: d.buyerRole }) : null,
  ].filter(Boolean);

  return (
    <Stack gap="md" data-testid="interview-view">
      {back}
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 240px' }}>
          <Group gap="xs" wrap="wrap">
            <Title order={2} fz="h3" className={classes.wrapAnywhere} data-testid="interview-deal">
              {d.deal.name}
            </Title>
            <OutcomeBadge outcome={d.deal.outcome} />
          </Group>
          <Text size="sm" c="dimmed" className={classes.wrapAnywhere}>
            {facts.join(' · ')}
          </Text>
          {d.deal.rivals.length > 0 && (
            <Text size="sm" className={classes.wrapAnywhere}>
              {t('winLoss.interviews.rivals', { names: d.deal.rivals.map((r) => r.name).join(', ') })}
            </Text>
          )}
          {d.buyerSpeakers.length > 0 && (
            <Text size="sm" className={classes.wrapAnywhere}>
              {t('winLoss.interviews.speakers', { names: d.buyerSpeakers.join(', ') })}
            </Text>
          )}
        </Stack>
        {curator && (
          <Button variant="light" onClick={() => setUploading(true)} data-testid="interview-upload">
            {t(d.transcript ? 'winLoss.interviews.replace' : 'winLoss.interviews.upload')}
          </Button>
        )}
      </Group>
      <Group gap="xs" wrap="wrap">
        {d.transcript && (
          <Badge variant="outline" color="gray" radius="sm" tt="none">
            {t('winLoss.interviews.transcript', { words: d.transcript.words, passages: d.transcript.passages })}
          </Badge>
        )}
        {d.toReview > 0 && (
          <Badge variant="light" color="indigo" radius="sm" tt="none" data-testid="interview-to-review">
            {t('winLoss.interviews.toReview', { count: d.toReview })}
          </Badge>
        )}
        <Badge variant="light" color="gray" radius="sm" tt="none" data-testid="interview-quotes">
          {t('winLoss.interviews.quoteCount', { count: d.quotes })}
        </Badge>
      </Group>
      <Stack gap="sm" component="section" aria-labelledby="interview-transcript-title">
        <Title order={3} fz="h4" id="interview-transcript-title">
          {t('winLoss.interviews.transcriptTitle')}
        </Title>
        {d.passages.length === 0 ? (
          <Text c="dimmed" data-testid="interview-no-passages">
            {t(curator ? 'winLoss.interviews.noPassages' : 'winLoss.interviews.noPassagesReader')}
          </Text>
        ) : (
          <>
            <Group gap="lg" wrap="wrap">
              <Switch label={t('winLoss.interviews.onlyBuyer')} checked={onlyBuyer} onChange={(e) => setOnlyBuyer(e.currentTarget.checked)} data-testid="interview-only-buyer" />
              {curator && (
                <Switch label={t('winLoss.interviews.onlyToReview')} checked={onlyToReview} onChange={(e) => setOnlyToReview(e.currentTarget.checked)} data-testid="interview-only-to-review" />
              )}
            </Group>
            {shown.length === 0 ? (
              <Text c="dimmed">{t('winLoss.interviews.nothingShown')}</Text>
            ) : (
              <Stack component="ol" gap="sm" className={classes.plainList}>
                {shown.map((p) => (
                  <Turn key={p.seq} passage={p} interviewId={d.id} outcome={d.deal.outcome} taxonomy={taxonomy} curator={curator} target={p.seq === target} />
                ))}
              </Stack>
            )}
          </>
        )}
      </Stack>
      {uploading && <TranscriptDialog interview={d} onClose={() => setUploading(false)} />}
    </Stack>
  );
}

type TurnProps = { passage: InterviewPassage; interviewId: number; outcome: DealOutcome | null; taxonomy: WinLossReason[]; curator: boolean; target: boolean };

/** One speaker turn: who (buyer or interviewer, and their name), when, what; a buyer's passage with its review. */
function Turn({ passage: p, interviewId, outcome, taxonomy, curator, target }: TurnProps) {
  const { t } = useTranslation();
  const role = t(p.isBuyer ? 'winLoss.interviews.buyer' : 'winLoss.interviews.interviewer');
  const who = `passage-${p.seq}-who`;
  return (
    <li
      id={`passage-${p.seq}`}
      tabIndex={-1}
      className={classes.turn}
      data-buyer={p.isBuyer || undefined}
      data-target={target || undefined}
      aria-labelledby={who}
      data-testid="passage"
      data-seq={p.seq}
    >
      <Group gap="xs" wrap="wrap" id={who}>
        <Badge size="sm" radius="sm" variant={p.isBuyer ? 'filled' : 'outline'} color={p.isBuyer ? 'indigo' : 'gray'} data-testid="passage-role">
          {role}
        </Badge>
        <Text size="sm" fw={600} className={classes.wrapAnywhere}>
          {p.speaker ?? t('winLoss.interviews.unknownSpeaker')}
        </Text>
        {p.startMs !== null && (
          <Text size="xs" c="dimmed" className={classes.figure}>
            {t('winLoss.interviews.at', { time: clock(p.startMs) })}
          </Text>
        )}
      </Group>
      <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }} data-testid="passage-text">
        {p.text}
      </Text>
      {p.isBuyer && (curator ? <ReviewForm passage={p} interviewId={interviewId} outcome={outcome} taxonomy={taxonomy} /> : <ReviewFacts passage={p} />)}
    </li>
  );
}

function Sentiment({ score }: { score: number }) {
  const { t } = useTranslation();
  const s = sentimentOf(score);
  return (
    <Badge size="sm" radius="sm" variant="dot" color={s === 'positive' ? 'green' : s === 'negative' ? 'red' : 'gray'} tt="none" data-testid="passage-sentiment" data-sentiment={s}>
      {t('winLoss.interviews.sentiment.label', { value: t(`winLoss.interviews.sentiment.${s}`) })}
    </Badge>
  );
}

/** What a reader sees of a buyer's passage: its sentiment, its reasons (confirmed, else suggested), whether it is quoted. */
function ReviewFacts({ passage: p }: { passage: InterviewPassage }) {
  const { t } = useTranslation();
  const reasons = shownReasons(p);
  return (
    <Group gap="xs" mt={6} wrap="wrap">
      <Sentiment score={p.sentiment} />
      {reasons.length > 0 && (
        <Text size="xs" c="dimmed">
          {t(p.reasons === null ? 'winLoss.interviews.suggested' : 'winLoss.interviews.confirmedReasons')}:
        </Text>
      )}
      {reasons.map((r) => (
        <Badge key={r.id} size="sm" radius="sm" variant={p.reasons === null ? 'outline' : 'light'} tt="none" data-testid="passage-reason">
          {r.name}
        </Badge>
      ))}
      {p.quoted && (
        <Badge size="sm" radius="sm" variant="light" color="yellow" tt="none">
          {t('winLoss.interviews.inLibrary')}
        </Badge>
      )}
    </Group>
  );
}

/** A curator's review of a buyer's passage: its reasons (the suggestion to start from) and its place in the quote library. */
function ReviewForm({ passage: p, interviewId, outcome, taxonomy }: { passage: InterviewPassage; interviewId: number; outcome: DealOutcome | null; taxonomy: WinLossReason[] }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const review = useReviewPassage(interviewId, taxonomy);
  const initialIds = shownReasons(p).map((r) => String(r.id));
  const serverState = JSON.stringify([p.reasons?.map((r) => r.id) ?? null, p.quoted]);
  const [ids, setIds] = useState(initialIds);
  const [quoted, setQuoted] = useState(p.quoted);
  // The passage as stored (the server's answer, or the review taken back) is what the form shows again.
  useEffect(() => {
    setIds(shownReasons(p).map((r) => String(r.id)));
    setQuoted(p.quoted);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the stored review changes
  }, [serverState]);
  const known = [...taxonomy, ...p.suggestedReasons, ...(p.reasons ?? [])];
  const data = [...new Map(known.map((r) => [r.id, { value: String(r.id), label: r.name }])).values()];
  const unreviewed = p.reasons === null;
  const changed = unreviewed || JSON.stringify([...ids].sort()) !== JSON.stringify([...initialIds].sort()) || quoted !== p.quoted;
  const label = t('winLoss.interviews.reasonsOf', { seq: p.seq });
  return (
    <Paper mt="xs" p="xs" radius="sm" withBorder data-testid="passage-review">
      <Group gap="xs" mb={6} wrap="wrap">
        <Sentiment score={p.sentiment} />
        <Badge size="sm" radius="sm" variant={unreviewed ? 'outline' : 'light'} color={unreviewed ? 'indigo' : 'teal'} tt="none" data-testid="passage-state">
          {t(unreviewed ? 'winLoss.interviews.stateToReview' : 'winLoss.interviews.stateConfirmed')}
        </Badge>
        {unreviewed && (
          <Text size="xs" c="dimmed" data-testid="passage-suggested">
            {t('winLoss.interviews.suggested')}: {p.suggestedReasons.length ? p.suggestedReasons.map((r) => r.name).join(', ') : t('winLoss.interviews.noneSuggested')}
          </Text>
        )}
      </Group>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          // A refusal puts the form back as stored too (the cache may be back before the form saw it change).
          const stored = { ids: initialIds, quoted: p.quoted };
          review.mutate(
            { seq: p.seq, body: { reasonIds: ids.map(Number), quoted } },
            {
              onError: () => {
                setIds(stored.ids);
                setQuoted(stored.quoted);
              },
            },
          );
        }}
      >
        <Stack gap="xs">
          <MultiSelect
            size="sm"
            label={t('winLoss.interviews.reasons')}
            aria-label={label}
            description={outcome === 'win' || outcome === 'loss' ? undefined : t('winLoss.interviews.noReasonsForOutcome')}
            data={data}
            value={ids}
            onChange={setIds}
            searchable
            clearable
            hidePickedOptions
            maxValues={20}
            comboboxProps={{ withinPortal: true }}
            data-testid="passage-reasons"
          />
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Checkbox label={t('winLoss.interviews.addQuote')} checked={quoted} onChange={(e) => setQuoted(e.currentTarget.checked)} data-testid="passage-quote" />
            <Button type="submit" size="compact-sm" disabled={!changed} data-testid="passage-save">
              {t(unreviewed ? 'winLoss.interviews.confirm' : 'winLoss.interviews.save')}
            </Button>
          </Group>
          {review.isError && (
            <Text size="sm" c="red" role="alert" data-testid="passage-error">
              {t('winLoss.interviews.reviewFailed')}: {errorText(review.error)}
            </Text>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
