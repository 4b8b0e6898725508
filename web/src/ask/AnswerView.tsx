// One chat item (part 3 §2.4 Answer view, §4.1, §8): the question, rotating loading messages, error
// states with retry, the grey fallback banner, the answer with [n] chips, the rival it assumed (with
// a way to ask about another), the profile link, the sources footer (3, then show more; each chip
// shows what sets its title apart from the others, sourceLabels.ts, and the whole title on hover), copy
// and feedback; under an answer about one rival, its landing page's overview (landing/ProfileOverview.tsx).
import { ActionIcon, Alert, Anchor, Badge, Box, Button, Group, Loader, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Suspense, useEffect, useState, type MouseEvent } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  answerTextToHtml,
  LOADING_MESSAGE_ROTATION_MS,
  LOADING_MESSAGES,
  SOURCES_COLLAPSED,
  type AnswerSource,
  type AskRival,
  type Sentiment,
} from '../../../contracts/ask.ts';
import { lazyComponent } from '../core/chunkReload.ts';
import { useSession } from '../core/SessionContext.tsx';
import { AlertIcon, InfoIcon, RefreshIcon } from '../brand/icons.tsx';
import { sanitizeCardHtml } from '../cards/cardHtml.ts';
import { withViewCard } from '../cards/cardUrl.ts';
import { shortDate } from '../shared/dates.ts';
import { flag } from '../user/permissions.ts';
import { openCardState } from '../usage/cardSource.ts';
import { trackAsk } from './api.ts';
import classes from './Ask.module.css';
import { AssumedRivalLine } from './AssumedRival.tsx';
import { loadingMessageIndex, referencesToChips, visibleSources } from './model.ts';
import { sourceLabels } from './sourceLabels.ts';
import type { ChatItem } from './useChat.ts';
import '../i18n/areas/ask.ts';

const LOADING_KEYS = ['first', 'second', 'third', 'fourth'] as const;

// Loaded with the first answer about one rival.
const ProfileOverview = lazyComponent(() => import('../landing/ProfileOverview.tsx'), 'ProfileOverview');

function LoadingMessage({ startedAt, previous }: { startedAt: number; previous: boolean }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), LOADING_MESSAGE_ROTATION_MS);
    return () => clearInterval(timer);
  }, []);
  const key = previous ? 'previous' : LOADING_KEYS[loadingMessageIndex(now - startedAt, LOADING_MESSAGE_ROTATION_MS, LOADING_MESSAGES)];
  return (
    <Group gap="xs" data-testid="ask-loading">
      <Loader size="xs" type="dots" />
      <Text size="sm" c="dimmed" aria-live="polite">
        {t(`ask.loading.${key}`)}
      </Text>
    </Group>
  );
}

/** Opening a source: a card opens in the card viewer over the current page; anything else in a new tab. */
function useOpenSource(answerId: number | null) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return (source: AnswerSource & { url: string }) => {
    trackAsk({ kind: 'openSource', answerId: answerId ?? undefined, data: { url: source.url, docType: source.doc_type } });
    const cardId = source.doc_type === 'card' ? Number(new URL(source.url, window.location.origin).searchParams.get('viewCard')) : 0;
    if (cardId > 0) navigate(withViewCard(pathname, search, cardId), { state: openCardState('ask') });
    else window.open(source.url, '_blank', 'noopener,noreferrer');
  };
}

function Sources({ sources, onOpen }: { sources: AnswerSource[]; onOpen: (s: AnswerSource & { url: string }) => void }) {
  const { t, i18n } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  if (!sources.length) return null;
  // Labels weigh every source against the others, shown or not, so a chip reads the same once expanded.
  const labels = sourceLabels(sources.map((s) => s.title));
  const shown = visibleSources(sources, expanded, SOURCES_COLLAPSED);
  return (
    <Stack gap={6} data-testid="ask-sources">
      <Text size="xs" fw={700} c="dimmed" tt="uppercase">
        {t('ask.sources.title')}
      </Text>
      <Box className={classes.sourcesGrid}>
        {shown.map((s, i) => {
          const label = labels[i];
          return (
            <Tooltip key={`${s.ref}-${s.url}`} label={s.title} multiline maw={320} openDelay={300} withinPortal>
              {/* A source without a link (a knowledge-hub passage for a consumer) is named, not opened. */}
              <Paper
                component={s.url === null ? 'div' : 'a'}
                href={s.url ?? undefined}
                withBorder
                p="xs"
                radius="md"
                className={classes.source}
                data-testid="ask-source"
                data-title={s.title}
                onClick={(e: MouseEvent) => {
                  const { url } = s;
                  if (url === null) return;
                  e.preventDefault();
                  onOpen({ ...s, url });
                }}
              >
                <Group gap={6} wrap="nowrap" align="flex-start">
                  <Badge size="xs" variant="light" circle mt={3} style={{ flex: 'none' }}>
                    {s.ref}
                  </Badge>
                  <Text size="sm" lineClamp={3} className={classes.sourceLabel} data-testid="ask-source-label">
                    {label.lead && <span className={classes.sourceShared}>{label.lead} </span>}
                    <span className={classes.sourceKey} data-testid="ask-source-key">
                      {label.key}
                    </span>
                    {label.tail && <span className={classes.sourceShared}> {label.tail}</span>}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed" mt={4}>
                  {t(`ask.sources.${s.doc_type}`)} · {t('ask.sources.updated', { date: shortDate(s.last_updated_datetime, i18n.language) })}
                </Text>
              </Paper>
            </Tooltip>
          );
        })}
      </Box>
      {sources.length > SOURCES_COLLAPSED && (
        <Anchor component="button" type="button" size="xs" onClick={() => setExpanded((x) => !x)} data-testid="ask-sources-toggle">
          {expanded ? t('ask.sources.showLess') : t('ask.sources.showMore', { count: sources.length - SOURCES_COLLAPSED })}
        </Anchor>
      )}
    </Stack>
  );
}

const CopyGlyph = () => (
  <svg width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    <rect x="9" y="9" width="12" height="12" rx="2" />
    <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
  </svg>
);

const Thumb = ({ up }: { up: boolean }) => (
  <svg width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    {up ? (
      <path d="M7 10v11H4V10zM7 10l4-8a3 3 0 0 1 3 3v4h5.5a2 2 0 0 1 2 2.3l-1.4 8A2 2 0 0 1 18.1 21H7" />
    ) : (
      <path d="M17 14V3h3v11zM17 14l-4 8a3 3 0 0 1-3-3v-4H4.5a2 2 0 0 1-2-2.3l1.4-8A2 2 0 0 1 5.9 3H17" />
    )}
  </svg>
);

export type AnswerViewProps = {
  item: ChatItem;
  onRetry: () => void;
  onSentiment: (s: Sentiment) => void;
  /** Re-asks the question about another rival. */
  onAskAbout?: (rival: AskRival) => void;
  /** Another answer is on its way: nothing to ask yet. */
  busy?: boolean;
};

export function AnswerView({ item, onRetry, onSentiment, onAskAbout, busy = false }: AnswerViewProps) {
  const { t } = useTranslation();
  const openSource = useOpenSource(item.answerId);
  const html = item.answer ? item.answer.text : answerTextToHtml(item.text);
  const safe = sanitizeCardHtml(referencesToChips(html, item.sources));
  const answered = item.status === 'answered';
  // An answer about one rival shows that rival's landing-page overview, when the company has landing pages in Ask.
  const { company } = useSession();
  const answer = item.answer;
  const overviewOf = answer?.isProfileResponse && answer.profileId && answer.profile && flag(company, 'companyLandingPage') ? { id: answer.profileId, name: answer.profile.name } : null;

  const onBodyClick = (e: MouseEvent<HTMLDivElement>) => {
    const chip = (e.target as HTMLElement).closest('a[data-ref]');
    const source = chip && item.sources.find((s) => s.ref === Number(chip.getAttribute('data-ref')));
    if (!source) return;
    e.preventDefault();
    if (source.url !== null) openSource({ ...source, url: source.url });
  };

  const copy = async () => {
    const plain = new DOMParser().parseFromString(item.answer?.text ?? '', 'text/html').body.innerText || item.text;
    try {
      await navigator.clipboard.writeText(plain);
      notifications.show({ message: t('ask.copied'), color: 'teal' });
      trackAsk({ kind: 'copy', answerId: item.answerId ?? undefined });
    } catch {
      notifications.show({ message: t('ask.copyError'), color: 'red' });
    }
  };

  return (
    <Stack gap="xs" data-testid="ask-item" data-status={item.status}>
      <Paper className={classes.question} p="sm" radius="lg" data-testid="ask-question">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {item.question}
        </Text>
      </Paper>

      {item.status === 'loading' && !item.retrying && <LoadingMessage startedAt={item.startedAt} previous={false} />}

      {(item.status === 'error' || item.retrying) && item.error && (
        <Alert color="red" variant="light" icon={<AlertIcon />} title={item.error.kind === 'network' ? t('ask.error.title') : undefined} data-testid="ask-error">
          {item.error.kind === 'notFound' ? t('ask.error.404Error') : item.error.kind === 'badRequest' ? t('ask.error.400Error') : t('ask.error.message')}
          {item.error.kind === 'network' && (
            <Box mt="xs">
              <Button size="xs" variant="light" color="red" leftSection={<RefreshIcon size={14} />} loading={item.retrying} onClick={onRetry} data-testid="ask-retry">
                {item.retrying ? t('ask.error.retrying') : t('ask.error.retry')}
              </Button>
            </Box>
          )}
        </Alert>
      )}

      {(item.status === 'streaming' || answered) && (
        <Stack gap="xs">
          {item.isLlmFallback && (
            <Alert color="gray" variant="light" icon={<InfoIcon />} p="xs" data-testid="ask-fallback-banner">
              <Text size="xs">{t('ask.fallbackBanner')}</Text>
            </Alert>
          )}
          <Box
            className={classes.answer}
            data-testid="ask-answer"
            data-streaming={item.status === 'streaming' || undefined}
            onClick={onBodyClick}
            dangerouslySetInnerHTML={{ __html: safe }}
          />
          {answered && item.answer?.assumedRival && onAskAbout && (
            <AssumedRivalLine assumed={item.answer.assumedRival} onAskAbout={onAskAbout} disabled={busy} />
          )}
          {item.answer?.profile && (
            <Anchor component={Link} to={item.answer.profile.url} size="sm" data-testid="ask-profile-link">
              {t('ask.profileLink', { name: item.answer.profile.name })}
            </Anchor>
          )}
          <Sources sources={item.sources} onOpen={openSource} />
          {answered && (
            <Group gap={4}>
              <Tooltip label={t('ask.copy')}>
                <ActionIcon variant="subtle" color="gray" aria-label={t('ask.copy')} onClick={() => void copy()} data-testid="ask-copy">
                  <CopyGlyph />
                </ActionIcon>
              </Tooltip>
              {(['positive', 'negative'] as const).map((s) => (
                <Tooltip key={s} label={t(`ask.feedback.${s}`)}>
                  <ActionIcon
                    variant={item.sentiment === s ? 'filled' : 'subtle'}
                    color={item.sentiment === s ? 'indigo' : 'gray'}
                    aria-label={t(`ask.feedback.${s}`)}
                    aria-pressed={item.sentiment === s}
                    onClick={() => onSentiment(s)}
                    data-testid={`ask-feedback-${s}`}
                  >
                    <Thumb up={s === 'positive'} />
                  </ActionIcon>
                </Tooltip>
              ))}
            </Group>
          )}
          {answered && overviewOf && (
            <Suspense fallback={null}>
              <ProfileOverview profileId={overviewOf.id} name={overviewOf.name} />
            </Suspense>
          )}
        </Stack>
      )}
    </Stack>
  );
}
