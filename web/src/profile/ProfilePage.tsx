// A competitor profile's board view (part 2 §2): a header with the rival, a link to its landing page and its battlecards, then the
// lanes (one per board, scrolling sideways as one board with a lane navigator) with their cards. ?lanes={boardId} focuses a lane;
// a card title opens the viewer (?viewCard=id). Opening a profile records it as recently viewed; an open board refetches when
// the server says it changed (useBoardPolling, every 2 minutes while the tab shows). A profile that does not
// exist (or is not the reader's to see) says so, with the way back to the dashboard, and is not polled.
// Sub-paths: /battlecard/… shows the battlecard view, /edit/card/{id} opens the card editor,
// /view/card/{id} opens the card viewer (with its #comments anchor kept); curators get "new card" per
// lane and the bulk edit panel (?action=bulkEdit&bulkEditOption=…), and, when not previewing, the lane
// tools (add, rename, delete, drag and drop: LaneBoard) and copying another profile's boards.
import { Alert, Anchor, Avatar, Badge, Button, Group, Menu, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useSession } from '../core/SessionContext.tsx';
import { AskAboutRival } from '../ask/AskAboutRival.tsx';
import { AlertIcon, ChevronDownIcon, LayersIcon, PlusIcon } from '../brand/icons.tsx';
import { BattlecardPage } from '../battlecards/BattlecardPage.tsx';
import { NewBattlecardButton } from '../battlecards/NewBattlecardButton.tsx';
import { CardEditorModal, type EditorTarget } from '../cards/CardEditorModal.tsx';
import { previewGroupOf } from '../cards/model.ts';
import { PreviewBanner } from '../cards/PreviewBanner.tsx';
import { CenteredMessage } from '../pages/CenteredMessage.tsx';
import { initials } from '../dashboard/model.ts';
import { NewsButton } from '../news/NewsButton.tsx';
import { ProfileNews } from '../news/ProfileNews.tsx';
import { isCurator } from '../user/permissions.ts';
import { useBoardCards, useBoardPolling, useProfile, useRecordRecentlyViewed } from './api.ts';
import { BulkEditPanel } from './BulkEditPanel.tsx';
import { CloneProfileDialog } from './CloneProfileDialog.tsx';
import { LaneBoard } from './LaneBoard.tsx';
import { LaneNameDialog } from './LaneDialogs.tsx';
import { nextRecentlyViewed } from './recent.ts';
import { bulkEditOption, profileSubroute } from './subroute.ts';
import { useRecordView } from '../usage/UsageTracking.tsx';
import '../i18n/areas/profileEditing.ts';
import '../i18n/areas/cardsAuthoring.ts';

function focusedLane(search: string): number | null {
  const raw = new URLSearchParams(search).get('lanes');
  return raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

export function ProfilePage({ profileId, rest = '' }: { profileId: string; rest?: string }) {
  const sub = profileSubroute(rest);
  const { hash, state } = useLocation();
  if (sub.view === 'battlecard') return <BattlecardPage profileId={Number(profileId)} battlecardId={sub.battlecardId} />;
  if (sub.view === 'news') return <ProfileNews profileId={Number(profileId)} />;
  // The state says where the card was opened from (usage cardView), e.g. the feed.
  if (sub.view === 'card') return <Navigate replace to={`/profile/${profileId}?viewCard=${sub.cardId}${hash}`} state={state} />;
  return <BoardView profileId={profileId} editCardId={sub.editCardId} />;
}

/** A curator's profile tools: add a lane, copy another profile's boards. */
function ProfileActions({ onAddLane, onClone }: { onAddLane: () => void; onClone: () => void }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-start" withinPortal shadow="md" width={260}>
      <Menu.Target>
        <Button variant="default" size="xs" rightSection={<ChevronDownIcon size={14} />} data-testid="profile-actions">
          {t('profileEditing.actions.open')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<PlusIcon size={14} />} onClick={onAddLane} data-testid="profile-actions-add-lane">
          {t('profileEditing.actions.addLane')}
        </Menu.Item>
        <Menu.Item leftSection={<LayersIcon size={14} />} onClick={onClone} data-testid="profile-actions-clone">
          {t('profileEditing.actions.clone')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function BoardView({ profileId, editCardId }: { profileId: string; editCardId: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const curator = isCurator(user);
  const { search } = useLocation();
  const id = Number(profileId);
  const previewing = previewGroupOf(search);
  const profile = useProfile(id, previewing);
  const data = profile.data;
  const boards = data?.boards ?? [];
  const lanes = useBoardCards(boards.map((b) => b.id), previewing);
  useBoardPolling(id, previewing, data !== undefined);
  const focus = focusedLane(search);
  const bulk = curator ? bulkEditOption(search) : null;
  // Lanes are edited on the board as it is, not on a previewed one.
  const editable = curator && previewing === null;
  const [profileDialog, setProfileDialog] = useState<'addLane' | 'clone' | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const toggle = useCallback(
    (cardId: number) =>
      setSelected((prev) => {
        const next = new Set(prev);
        if (!next.delete(cardId)) next.add(cardId);
        return next;
      }),
    [],
  );
  const [newCardLane, setNewCardLane] = useState<number | null>(null);
  const editor: EditorTarget | null = editCardId !== null ? { edit: { cardId: editCardId } } : newCardLane !== null ? { create: { boardId: newCardLane, rivalId: data?.rivalId ?? null } } : null;
  const closeEditor = () => (editCardId !== null ? navigate(`/profile/${profileId}`) : setNewCardLane(null));
  const bulkHref = (option: string | null) => {
    const q = new URLSearchParams(search);
    if (option) {
      q.set('action', 'bulkEdit');
      q.set('bulkEditOption', option);
    } else {
      q.delete('action');
      q.delete('bulkEditOption');
    }
    const qs = q.toString();
    return `/profile/${profileId}${qs ? `?${qs}` : ''}`;
  };
  const laneRefs = useRef(new Map<number, HTMLDivElement>());
  const record = useRecordRecentlyViewed();
  const recorded = useRef<number | null>(null);
  useDocumentTitle(`${data?.rival.name ?? `${t('titles.profile')} ${profileId}`} · ${t('app.titleSuffix')}`);

  // Usage: a view of the board once per profile opened.
  useRecordView(data ? { kind: 'profileView', profileId: data.id } : null);
  // Recently viewed: once per profile opened.
  useEffect(() => {
    if (!data || recorded.current === data.id) return;
    recorded.current = data.id;
    const next = nextRecentlyViewed(user.userData, { id: data.id, name: data.rival.name, logo: data.rival.iconUrl });
    if (next) record.mutate(next);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);

  // ?lanes={boardId}: bring the lane into view once the lanes are there.
  const lanesReady = boards.length > 0;
  useEffect(() => {
    if (focus === null || !lanesReady) return;
    laneRefs.current.get(focus)?.scrollIntoView({ behavior: 'smooth', block: 'nearest', inline: 'center' });
  }, [focus, lanesReady]);

  const notFound = profile.isError && (profile.error as { status?: number }).status === 404;

  return (
    <Stack gap="lg" pt="md" data-testid="page-profile" data-profile-id={profileId}>
      <PreviewBanner />
      {profile.isPending ? (
        <Stack gap="sm" data-testid="profile-loading">
          <Skeleton h={40} w={320} />
          <Group gap="md" wrap="nowrap" style={{ overflow: 'hidden' }}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h={300} w={320} radius="md" style={{ flex: 'none' }} />
            ))}
          </Group>
        </Stack>
      ) : notFound ? (
        <CenteredMessage testId="profile-not-found" title={t('competitors.profile.notFoundTitle')} description={t('competitors.profile.notFound')}>
          <Button component={Link} to="/dashboard" mt="sm" data-testid="profile-not-found-back">
            {t('competitors.profile.backToDashboard')}
          </Button>
        </CenteredMessage>
      ) : profile.isError || !data ? (
        <Alert color="red" variant="light" icon={<AlertIcon />} data-testid="profile-error">
          {t('competitors.profile.failed')}
        </Alert>
      ) : (
        <>
          <Group gap="md" wrap="nowrap" align="center" data-testid="profile-header">
            <Avatar src={data.rival.iconUrl} size={52} radius="md" color="indigo" alt="">
              {initials(data.rival.name)}
            </Avatar>
            <Stack gap={6} style={{ minWidth: 0 }}>
              <Group gap="sm" align="center">
                <Title order={1} data-testid="profile-rival-name" style={{ overflowWrap: 'anywhere' }}>
                  {data.rival.name}
                </Title>
                {curator && !bulk && (
                  <Button component={Link} to={bulkHref('cardPermissions')} variant="default" size="xs" data-testid="bulk-edit-open">
                    {t('cardsAuthoring.bulk.open')}
                  </Button>
                )}
                {editable && <ProfileActions onAddLane={() => setProfileDialog('addLane')} onClone={() => setProfileDialog('clone')} />}
                <Button component={Link} to={`/company/${data.rivalId}`} variant="default" size="xs" data-testid="profile-landing-link">
                  {t('competitors.profile.overview')}
                </Button>
                <NewsButton profileId={data.id} />
                <AskAboutRival profileId={data.id} />
              </Group>
              <Group gap="xs" aria-label={t('competitors.profile.battlecards')}>
                <Text size="sm" c="dimmed" fw={600}>
                  {t('competitors.profile.battlecards')}:
                </Text>
                {data.battlecards.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('competitors.profile.noBattlecards')}
                  </Text>
                ) : (
                  data.battlecards.map((b) => (
                    <Anchor key={b.id} component={Link} to={`/profile/${data.id}/battlecard/view/${b.id}`} size="sm" data-testid="profile-battlecard">
                      {b.title}
                      {b.isDraft && (
                        <Badge ml={4} size="xs" variant="outline" color="gray">
                          {t('competitors.profile.draft')}
                        </Badge>
                      )}
                    </Anchor>
                  ))
                )}
                {curator && <NewBattlecardButton profileId={data.id} />}
              </Group>
            </Stack>
          </Group>
          {boards.length === 0 ? (
            editable ? (
              <Paper withBorder radius="md" p="xl" maw={520} data-testid="profile-no-lanes">
                <Stack gap="sm" align="flex-start">
                  <Text c="dimmed">{t('profileEditing.lanes.noneYet')}</Text>
                  <Group gap="sm">
                    <Button size="xs" leftSection={<PlusIcon size={14} />} onClick={() => setProfileDialog('addLane')}>
                      {t('profileEditing.lanes.add')}
                    </Button>
                    <Button size="xs" variant="default" onClick={() => setProfileDialog('clone')}>
                      {t('profileEditing.actions.clone')}
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            ) : (
              <Text c="dimmed">{t('competitors.profile.noBoards')}</Text>
            )
          ) : (
            <LaneBoard
              profileId={data.id}
              boards={boards}
              lanes={lanes}
              curator={curator}
              editable={editable}
              selection={bulk ? { selected, toggle } : null}
              focus={focus}
              laneRefs={laneRefs}
              onNewCard={setNewCardLane}
              onAddLane={() => setProfileDialog('addLane')}
            />
          )}
          {bulk && (
            <BulkEditPanel
              option={bulk}
              selected={selected}
              onOption={(o) => navigate(bulkHref(o), { replace: true })}
              onClear={() => setSelected(new Set())}
              onClose={() => {
                setSelected(new Set());
                navigate(bulkHref(null));
              }}
            />
          )}
        </>
      )}
      {editor && <CardEditorModal target={editor} onClose={closeEditor} />}
      {profileDialog === 'addLane' && <LaneNameDialog profileId={id} others={boards.map((b) => b.name)} onClose={() => setProfileDialog(null)} />}
      {profileDialog === 'clone' && data && <CloneProfileDialog profileId={data.id} name={data.rival.name} onClose={() => setProfileDialog(null)} />}
    </Stack>
  );
}
