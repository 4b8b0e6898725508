// The battlecard view of a profile (part 2 §2): /profile/{id}/battlecard/view shows the first
// battlecard, /view/{battlecardId} a chosen one (?cardId= highlights a card). The profile's battlecards
// are tabs; a switch picks the desktop, tablet or mobile layout (?layout=). Curators also create
// battlecards here and edit the chosen one (?edit=1), and read the feedback on its cards below it
// (#comments); consumers get no editing controls.
import { Alert, Anchor, Badge, Button, Group, SegmentedControl, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { TabPanel } from '../shared/TabPanel.tsx';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from '../i18n/react.tsx';
import { Link, useLocation, useNavigate } from 'react-router';
import { BATTLECARD_LAYOUTS, type BattlecardLayoutKind } from '../../../contracts/cards.ts';
import { useSession } from '../core/SessionContext.tsx';
import { AskAboutRival } from '../ask/AskAboutRival.tsx';
import { AlertIcon } from '../brand/icons.tsx';
import { positiveId } from '../cards/cardUrl.ts';
import { previewGroupOf } from '../cards/model.ts';
import { PreviewBanner } from '../cards/PreviewBanner.tsx';
import { useProfile } from '../profile/api.ts';
import { isCurator } from '../user/permissions.ts';
import { useRecordView } from '../usage/UsageTracking.tsx';
import { BattlecardEditor } from './BattlecardEditor.tsx';
import { BattlecardFeedback } from './BattlecardFeedback.tsx';
import { BattlecardView } from './BattlecardView.tsx';
import { deviceOf } from './layout.ts';
import { NewBattlecardButton } from './NewBattlecardButton.tsx';
import '../i18n/areas/battlecardEditor.ts';
import '../i18n/areas/cardsAuthoring.ts';

/** The battlecard tabs' id, which their panel names (shared/TabPanel.tsx). */
const TABS_ID = 'battlecards';

export function BattlecardPage({ profileId, battlecardId }: { profileId: number; battlecardId: number | null }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const navigate = useNavigate();
  const previewing = previewGroupOf(search);
  const profile = useProfile(profileId, previewing);
  const battlecards = profile.data?.battlecards ?? [];
  const chosen = battlecardId ?? battlecards[0]?.id ?? null;
  const device = deviceOf(search);
  const highlight = positiveId(new URLSearchParams(search).get('cardId'));
  // Editing is for curators, and not while previewing what a visibility group sees.
  const curator = isCurator(useSession().user);
  const canEdit = curator && previewing === null;
  const editing = canEdit && chosen !== null && new URLSearchParams(search).get('edit') === '1';
  // Usage: a view once per battlecard opened (one of this profile's, shown to read rather than edit).
  useRecordView(chosen !== null && !editing && battlecards.some((b) => b.id === chosen) ? { kind: 'battlecardView', battlecardId: chosen } : null);
  useDocumentTitle(`${profile.data ? `${profile.data.rival.name} · ${t('cardsAuthoring.battlecard.title')}` : t('cardsAuthoring.battlecard.title')} · ${t('app.titleSuffix')}`);

  const withQuery = (path: string, set: Record<string, string | null>) => {
    const q = new URLSearchParams(search);
    for (const [k, v] of Object.entries(set)) {
      if (v === null) q.delete(k);
      else q.set(k, v);
    }
    const qs = q.toString();
    return `${path}${qs ? `?${qs}` : ''}`;
  };
  const viewPath = `/profile/${profileId}/battlecard/view${chosen ? `/${chosen}` : ''}`;

  return (
    <Stack gap="md" pt="md" data-testid="page-battlecard" data-profile-id={profileId} data-battlecard-id={chosen ?? undefined}>
      <PreviewBanner />
      {profile.isPending ? (
        <Skeleton h={40} w={320} />
      ) : profile.isError || !profile.data ? (
        <Alert color="red" variant="light" icon={<AlertIcon />} data-testid="battlecard-error">
          {t((profile.error as { status?: number } | null)?.status === 404 ? 'competitors.profile.notFound' : 'competitors.profile.failed')}
        </Alert>
      ) : (
        <>
          <Group justify="space-between" align="flex-end">
            <Stack gap={2}>
              <Anchor component={Link} to={withQuery(`/profile/${profileId}`, { cardId: null, layout: null })} size="sm" data-testid="battlecard-boards-link">
                {t('cardsAuthoring.battlecard.backToBoards')}
              </Anchor>
              <Group gap="sm">
                <Title order={1} data-testid="battlecard-rival-name">
                  {profile.data.rival.name}
                </Title>
                <AskAboutRival profileId={profileId} />
              </Group>
            </Stack>
            <Group gap="sm">
              {canEdit && <NewBattlecardButton profileId={profileId} />}
              {canEdit && chosen !== null && (
                <Button
                  size="xs"
                  variant={editing ? 'filled' : 'default'}
                  aria-pressed={editing}
                  onClick={() => navigate(withQuery(viewPath, { edit: editing ? null : '1' }), { replace: true })}
                  data-testid="battlecard-edit-toggle"
                >
                  {t(editing ? 'battlecardEditor.doneEditing' : 'battlecardEditor.edit')}
                </Button>
              )}
              <SegmentedControl
                aria-label={t('cardsAuthoring.battlecard.layout')}
                value={device}
                onChange={(v) => navigate(withQuery(viewPath, { layout: v === 'desktop' ? null : v }), { replace: true })}
                data={BATTLECARD_LAYOUTS.map((l: BattlecardLayoutKind) => ({ value: l, label: t(`cardsAuthoring.battlecard.layouts.${l}`) }))}
                data-testid="battlecard-layout"
              />
            </Group>
          </Group>
          {battlecards.length === 0 ? (
            <Text c="dimmed" data-testid="battlecard-none">
              {t('cardsAuthoring.battlecard.none')}
            </Text>
          ) : (
            <Tabs id={TABS_ID} value={chosen ? String(chosen) : null} onChange={(v) => v && navigate(withQuery(`/profile/${profileId}/battlecard/view/${v}`, { cardId: null }))}>
              <Tabs.List aria-label={t('cardsAuthoring.battlecard.pick')}>
                {battlecards.map((b) => (
                  <Tabs.Tab key={b.id} value={String(b.id)} data-testid="battlecard-tab" data-id={b.id}>
                    {b.title}
                    {b.isDraft && (
                      <Badge ml={6} size="xs" variant="outline" color="gray">
                        {t('cardsAuthoring.battlecard.draft')}
                      </Badge>
                    )}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
            </Tabs>
          )}
          {editing && (
            <BattlecardEditor
              battlecardId={chosen}
              profileId={profileId}
              device={device}
              onDeleted={() => navigate(withQuery(`/profile/${profileId}/battlecard/view`, { edit: null, cardId: null }), { replace: true })}
            />
          )}
          {chosen !== null && (
            // The chosen tab's panel: the tabs lead to pages of their own, so the panel is the battlecard shown.
            <TabPanel tabsId={TABS_ID} value={chosen}>
              <BattlecardView battlecardId={chosen} profileId={profileId} rivalId={profile.data.rivalId} device={device} previewing={previewing} highlightCardId={highlight} />
            </TabPanel>
          )}
          {curator && chosen !== null && <BattlecardFeedback battlecardId={chosen} />}
        </>
      )}
    </Stack>
  );
}
