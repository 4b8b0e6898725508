// Reading feedback (part 2 §2 "#comments", §6): the messages readers sent about a card, newest first,
// with author and date, for curators (the server refuses anyone else). The section is the page's
// #comments anchor: a link ending in #comments scrolls to it once it has loaded. The battlecard page
// lists its cards' feedback with the same entries.
import { Alert, Anchor, Avatar, Badge, Group, Paper, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { Link, useLocation } from 'react-router';
import type { CardComment } from '../../../contracts/cards.ts';
import { AlertIcon } from '../brand/icons.tsx';
import { initials } from '../dashboard/model.ts';
import { relativeTime, shortDate } from '../shared/dates.ts';
import { useCardComments } from './api.ts';
import { withViewCard } from './cardUrl.ts';
import '../i18n/areas/profileEditing.ts';

export const COMMENTS_ANCHOR = 'comments';

/** How long the #comments section stays pinned while what is above it (cards, charts) still loads. */
const PIN_MS = 2500;
const READER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Brings the #comments section into view when the location asks for it and it is ready, and keeps it
 * there while content above it finishes loading and pushes it down, until the reader scrolls or clicks.
 */
function useCommentsAnchor(ready: boolean) {
  const { hash } = useLocation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!ready || !el || hash !== `#${COMMENTS_ANCHOR}`) return;
    el.scrollIntoView({ block: 'start' });
    const pinnedTop = el.getBoundingClientRect().top;
    const until = performance.now() + PIN_MS;
    let frame = 0;
    const tick = () => {
      if (Math.abs(el.getBoundingClientRect().top - pinnedTop) > 4) el.scrollIntoView({ block: 'start' });
      if (performance.now() < until) frame = requestAnimationFrame(tick);
    };
    const stop = () => cancelAnimationFrame(frame);
    frame = requestAnimationFrame(tick);
    for (const type of READER_INPUT) window.addEventListener(type, stop, { once: true, passive: true });
    return () => {
      stop();
      for (const type of READER_INPUT) window.removeEventListener(type, stop);
    };
  }, [ready, hash]);
  return ref;
}

/** The #comments section: a heading with the count, then loading, failure, empty or the entries. */
export function FeedbackSection(props: {
  title: string;
  empty: string;
  comments: CardComment[] | undefined;
  pending: boolean;
  failed: boolean;
  /** The card each message is about, when the section gathers several cards. */
  cardName?: (cardId: number) => string | null;
}) {
  const { t } = useTranslation();
  const ref = useCommentsAnchor(!props.pending);
  const count = props.comments?.length ?? 0;
  return (
    <Stack component="section" ref={ref} id={COMMENTS_ANCHOR} gap="sm" aria-label={props.title} data-testid="feedback-list" style={{ scrollMarginTop: 80 }}>
      <Group gap="xs">
        <Title order={3} fz="sm" tt="uppercase" c="dimmed" lts={0.4}>
          {props.title}
        </Title>
        {count > 0 && (
          <Badge size="sm" variant="light" color="gray" data-testid="feedback-count">
            {t('profileEditing.feedback.count', { count })}
          </Badge>
        )}
      </Group>
      {props.pending ? (
        <Stack gap="xs" aria-busy="true">
          <Skeleton h={14} w="40%" />
          <Skeleton h={36} />
        </Stack>
      ) : props.failed ? (
        <Alert color="red" variant="light" icon={<AlertIcon />} p="xs" data-testid="feedback-failed">
          {t('profileEditing.feedback.failed')}
        </Alert>
      ) : count === 0 ? (
        <Text size="sm" c="dimmed" data-testid="feedback-empty">
          {props.empty}
        </Text>
      ) : (
        <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {props.comments!.map((c) => (
            <FeedbackEntry key={c.id} comment={c} about={props.cardName ? <CardLink cardId={c.cardId} name={props.cardName(c.cardId)} /> : null} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function CardLink({ cardId, name }: { cardId: number; name: string | null }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  if (!name) return null;
  return (
    <Anchor component={Link} to={withViewCard(pathname, search, cardId)} state={{ cardViewer: true }} size="xs" data-testid="feedback-card">
      {t('profileEditing.feedback.onCard', { name })}
    </Anchor>
  );
}

function FeedbackEntry({ comment, about }: { comment: CardComment; about: ReactNode }) {
  const { t, i18n } = useTranslation();
  const author = comment.user?.name || t('profileEditing.feedback.formerUser');
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="feedback-entry" data-id={comment.id}>
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <Avatar size={30} radius="xl" color="indigo" alt="">
          {initials(author)}
        </Avatar>
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Group gap={6} wrap="wrap">
            <Text size="sm" fw={600} data-testid="feedback-author">
              {author}
            </Text>
            <Tooltip label={t('profileEditing.feedback.sentAt', { date: shortDate(comment.createdAt, i18n.language) })} openDelay={300}>
              <Text component="time" dateTime={comment.createdAt} size="xs" c="dimmed" data-testid="feedback-date">
                {relativeTime(comment.createdAt, i18n.language)}
              </Text>
            </Tooltip>
            {about}
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="feedback-body">
            {comment.body}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

/** A card's feedback, in the card viewer (curators only). */
export function CardFeedbackList({ cardId }: { cardId: number }) {
  const { t } = useTranslation();
  const query = useCardComments(cardId);
  return (
    <FeedbackSection
      title={t('profileEditing.feedback.title')}
      empty={t('profileEditing.feedback.empty')}
      comments={query.data}
      pending={query.isPending}
      failed={query.isError}
    />
  );
}
