// The single card viewer modal (part 2 §2 Card screens and dialogs): opened by ?viewCard={id} on any
// page. A breadcrumb (profile › lane › date › author), the sanitized card HTML and its tags; a back
// button after following links between cards (a history stack within the modal), an edit button for
// curators, close; a loading state, and a failure state (cardViewer.failed, or cardViewer.notFound for a card that
// does not exist or that the reader may not see) that closes on click or by its Close button.
// Curators also get the card's action menu; consumers get sentiment and share-feedback (as the company
// flags allow) and the sources when the card has any.
import { ActionIcon, Alert, Anchor, Badge, Box, Button, Group, Modal, ScrollArea, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { Link, useLocation, useNavigate } from 'react-router';
import type { CardView } from '../../../contracts/search.ts';
import { useSession } from '../core/SessionContext.tsx';
import { AlertIcon, ArrowLeftIcon, ChevronRightIcon, CloseIcon, EditIcon } from '../brand/icons.tsx';
import { relativeTime, shortDate } from '../shared/dates.ts';
import { isCurator } from '../user/permissions.ts';
import { ApiError } from '../api/client.ts';
import { useCardView } from './api.ts';
import { FeedbackBox, SentimentButtons } from './CardFeedback.tsx';
import { CardFeedbackList } from './FeedbackList.tsx';
import { CardText } from './dynamic/CardText.tsx';
import { CardMenu } from './CardMenu.tsx';
import { consumerFeedback } from './model.ts';
import { SourcesDialog } from './SourcesDialog.tsx';
import { cardLinkTarget, editCardHref, laneHref, viewCardId, withViewCard } from './cardUrl.ts';
import { cardSourceOf, type CardOpenState } from '../usage/cardSource.ts';
import { track } from '../usage/record.ts';
import '../i18n/areas/cardsAuthoring.ts';
import '../i18n/areas/cardViewer.ts';

/** Location state of a viewer opened from inside the app: closing it goes back in history; cardSource is where from. */
export type CardViewerLocationState = CardOpenState;

function CardBreadcrumb({ card }: { card: CardView }) {
  const { t, i18n } = useTranslation();
  const sep = <ChevronRightIcon size={12} style={{ flex: 'none', opacity: 0.6 }} />;
  return (
    <Group gap={6} fz="xs" c="dimmed" wrap="wrap" aria-label={t('cardViewer.breadcrumb')} data-testid="card-viewer-breadcrumb">
      <Anchor component={Link} to={`/profile/${card.profile.id}`} size="xs" fw={600} c="dimmed">
        {card.profile.name}
      </Anchor>
      {sep}
      <Anchor component={Link} to={laneHref(card.board.profileId || card.profile.id, card.board.id)} size="xs" c="dimmed" data-testid="card-viewer-lane">
        {card.board.name}
      </Anchor>
      {sep}
      <Tooltip label={t('cardViewer.updated', { date: shortDate(card.updatedAt, i18n.language), ago: relativeTime(card.updatedAt, i18n.language) })} openDelay={300}>
        <Text span size="xs">
          {shortDate(card.updatedAt, i18n.language)}
        </Text>
      </Tooltip>
      {card.author && (
        <>
          {sep}
          <Anchor component={Link} to={`/users/${card.author.id}`} size="xs" c="dimmed">
            {card.author.name}
          </Anchor>
        </>
      )}
    </Group>
  );
}

function CardAccess({ card }: { card: CardView }) {
  const { t } = useTranslation();
  if (card.scratchpad) return <Badge size="xs" variant="light" color="yellow">{t('cardViewer.scratchpad')}</Badge>;
  if (card.isDraft) return <Badge size="xs" variant="outline" color="gray">{t('cardViewer.draft')}</Badge>;
  if (card.allAccess) return null;
  return (
    <Tooltip label={card.visibilityGroups.map((g) => g.name).join(', ') || t('cardViewer.fullAccessOnly')}>
      <Badge size="xs" variant="light" color="grape">
        {t('cardViewer.restricted', { count: card.visibilityGroups.length })}
      </Badge>
    </Tooltip>
  );
}

function CardBody({ card, onCardLink }: { card: CardView; onCardLink: (id: number) => void }) {
  const navigate = useNavigate();
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const a = (e.target as HTMLElement).closest('a');
    if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const cardLink = a.getAttribute('data-card-link');
    if (cardLink) {
      e.preventDefault();
      onCardLink(Number(cardLink));
      return;
    }
    // Other links of this product stay in the app.
    const href = a.getAttribute('href');
    if (href && !a.target && cardLinkTarget(href, window.location.origin) === null && new URL(href, window.location.href).origin === window.location.origin) {
      e.preventDefault();
      const u = new URL(href, window.location.href);
      navigate(`${u.pathname}${u.search}${u.hash}`);
    }
  };
  return <CardText html={card.textHtml} rivalId={card.rival.id} data-testid="card-viewer-body" onClick={onClick} />;
}

function ViewerSkeleton() {
  return (
    <Stack gap="sm" data-testid="card-viewer-loading" aria-busy="true">
      <Skeleton height={12} width="40%" />
      <Skeleton height={24} width="70%" />
      <Skeleton height={12} />
      <Skeleton height={12} />
      <Skeleton height={12} width="85%" />
      <Skeleton height={12} width="60%" />
    </Stack>
  );
}

/** Why the card is not shown: it does not exist or is not the reader's to see (a 404), or it failed to load. Closes on click, and by its button. */
function ViewerFailed({ error, onClose }: { error: unknown; onClose: () => void }) {
  const { t } = useTranslation();
  const notFound = error instanceof ApiError && error.isNotFound;
  return (
    <Box onClick={onClose} style={{ cursor: 'pointer' }} data-testid="card-viewer-failed" data-reason={notFound ? 'not-found' : 'failed'}>
      <Alert color={notFound ? 'gray' : 'red'} variant="light" icon={<AlertIcon />} title={t(notFound ? 'cardViewer.notFoundTitle' : 'cardViewer.failedTitle')}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t(notFound ? 'cardViewer.notFound' : 'cardViewer.failed')}</Text>
          <Button
            size="xs"
            variant="default"
            onClick={(e) => {
              e.stopPropagation(); // closes once, not again as a click on the notice
              onClose();
            }}
            data-testid="card-viewer-failed-close"
          >
            {t('cardViewer.close')}
          </Button>
        </Stack>
      </Alert>
    </Box>
  );
}

export function CardViewer(props: {
  cardId: number;
  previewing: number | null;
  canGoBack: boolean;
  onBack: () => void;
  onClose: () => void;
  onCardLink: (id: number) => void;
  /** Called when the card has loaded and shows (for its usage event). */
  onShown?: (cardId: number) => void;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const query = useCardView(props.cardId, props.previewing);
  const card = query.data;
  const shownId = card?.id;
  const { onShown } = props;
  useEffect(() => {
    if (shownId !== undefined) onShown?.(shownId);
  }, [shownId, onShown]);
  const curator = isCurator(user);
  const { company } = useSession();
  const show = consumerFeedback(curator, company.companyData.flags, 'viewer');
  const [sources, setSources] = useState(false);

  useHotkeys([['alt+ArrowLeft', () => props.canGoBack && props.onBack()]]);

  return (
    <Modal.Root opened onClose={props.onClose} size={760} centered={false} yOffset="6vh" scrollAreaComponent={ScrollArea.Autosize} trapFocus returnFocus>
      <Modal.Overlay backgroundOpacity={0.45} blur={2} />
      <Modal.Content data-testid="card-viewer" data-card-id={props.cardId} aria-busy={query.isPending} radius="lg">
        <Modal.Header style={{ alignItems: 'flex-start', gap: 8, borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
          {props.canGoBack && (
            <Tooltip label={t('cardViewer.back')}>
              <ActionIcon variant="subtle" color="gray" onClick={props.onBack} aria-label={t('cardViewer.back')} data-testid="card-viewer-back" mt={2}>
                <ArrowLeftIcon size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            {card && <CardBreadcrumb card={card} />}
            <Modal.Title component="div">
              {card ? (
                <Group gap="xs" align="center" wrap="nowrap">
                  <Title order={2} fz="h3" data-testid="card-viewer-title" style={{ overflowWrap: 'anywhere' }}>
                    {card.data.name}
                  </Title>
                  {curator && <CardAccess card={card} />}
                </Group>
              ) : query.isPending ? (
                <Skeleton height={22} width={260} />
              ) : (
                <Title order={2} fz="h4">
                  {t('cardViewer.title')}
                </Title>
              )}
            </Modal.Title>
          </Stack>
          <Group gap={4} wrap="nowrap">
            {curator && card && (
              <Button
                component={Link}
                to={editCardHref(card.board.profileId || card.profile.id, card.id)}
                variant="light"
                size="xs"
                leftSection={<EditIcon size={14} />}
                data-testid="card-viewer-edit"
              >
                {t('cardViewer.edit')}
              </Button>
            )}
            {card && (curator || card.sourcesCount > 0) && (
              <Button variant="subtle" color="gray" size="xs" onClick={() => setSources(true)} data-testid="card-viewer-sources">
                {t('cardsAuthoring.menu.sourcesCount', { count: card.sourcesCount })}
              </Button>
            )}
            {curator && card && <CardMenu card={{ id: card.id, name: card.data.name, profileId: card.board.profileId || card.profile.id }} />}
            <ActionIcon variant="subtle" color="gray" onClick={props.onClose} aria-label={t('cardViewer.close')} data-testid="card-viewer-close">
              <CloseIcon size={18} />
            </ActionIcon>
          </Group>
        </Modal.Header>
        <Modal.Body pt="md">
          {query.isPending ? (
            <ViewerSkeleton />
          ) : query.isError || !card ? (
            <ViewerFailed error={query.error} onClose={props.onClose} />
          ) : (
            <Stack gap="md">
              <CardBody card={card} onCardLink={props.onCardLink} />
              {card.tags.length > 0 && (
                <Group gap={4} aria-label={t('cardViewer.tags')} pt="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
                  {card.tags.map((tag) => (
                    <Badge key={tag.id} size="sm" radius="sm" variant="light" color="gray" tt="none" fw={500} data-testid="card-viewer-tag">
                      {tag.name}
                    </Badge>
                  ))}
                </Group>
              )}
              {(show.sentiment || show.feedback) && (
                <Group justify="space-between" align="flex-start" pt="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }} data-testid="card-viewer-feedback">
                  {show.feedback ? <FeedbackBox cardId={card.id} /> : <span />}
                  {show.sentiment && <SentimentButtons cardId={card.id} />}
                </Group>
              )}
              {curator && (
                <Stack pt="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
                  <CardFeedbackList cardId={card.id} />
                </Stack>
              )}
            </Stack>
          )}
          {sources && card && <SourcesDialog cardId={card.id} curator={curator} onClose={() => setSources(false)} />}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

/** Opens the viewer for ?viewCard={id} of the current location and keeps its history stack. */
export function CardViewerHost() {
  const { pathname, search, state } = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(search);
  const id = viewCardId(params);
  const previewRaw = params.get('previewing');
  const previewing = previewRaw !== null && /^\d{1,9}$/.test(previewRaw) ? Number(previewRaw) : null;
  const [stack, setStack] = useState<number[]>([]);
  const top = stack[stack.length - 1];
  // A card is viewed once per opening of the viewer, going back to it is not a new view (usage cardView).
  const viewed = useRef(new Set<number>());
  const onShown = useCallback(
    (cardId: number) => {
      if (viewed.current.has(cardId)) return;
      viewed.current.add(cardId);
      track({ kind: 'cardView', cardId, source: cardSourceOf(state, search) });
    },
    [state, search],
  );

  // A viewCard that did not come from inside the viewer starts a new history.
  useEffect(() => {
    if (id === null) setStack([]);
    else if (id !== top) setStack([id]);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  const show = useCallback(
    (next: number[], source?: CardOpenState['cardSource']) => {
      setStack(next);
      // A card followed from another's text was opened by a link in it.
      const nextState = source ? { ...(state as CardOpenState | null), cardSource: source } : state;
      navigate(withViewCard(pathname, search, next[next.length - 1]), { replace: true, state: nextState });
    },
    [navigate, pathname, search, state],
  );

  const close = useCallback(() => {
    if ((state as CardViewerLocationState | null)?.cardViewer) navigate(-1);
    else navigate(withViewCard(pathname, search, null), { replace: true });
  }, [navigate, pathname, search, state]);

  if (id === null) return null;
  return (
    <CardViewer
      key="card-viewer"
      cardId={id}
      previewing={previewing}
      canGoBack={stack.length > 1}
      onBack={() => show(stack.slice(0, -1))}
      onClose={close}
      onCardLink={(next) => next !== id && show([...(stack.length ? stack : [id]), next], 'link')}
      onShown={onShown}
    />
  );
}
