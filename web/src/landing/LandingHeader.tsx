// The landing page's header (part 3 §2.4, §4.6, §9): the rival's logo (or initials), name and website, a way to
// its boards and to Ask about it; the favorite star (optimistic, with Undo), the settings gear for curators, and
// the share link, copied to the clipboard (its use reported at most once per LANDING.shareTrackMs).
import { ActionIcon, Anchor, Avatar, Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRef } from 'react';
import { Link } from 'react-router';
import type { LandingPage } from '../../../contracts/landing.ts';
import { AskAboutRival } from '../ask/AskAboutRival.tsx';
import { LayersIcon } from '../brand/icons.tsx';
import { FavoriteStar, notifyFavorite, notifyFavoriteFailed } from '../dashboard/Favorites.tsx';
import { initials, NOTICE_MS } from '../dashboard/model.ts';
import { useTranslation } from '../i18n/react.tsx';
import { ExternalLinkIcon } from '../insights/icons.tsx';
import { usePhone } from '../shared/usePhone.ts';
import { useSetFavorite, useTrackShare } from './api.ts';
import { GearIcon, LinkIcon } from './icons.tsx';
import classes from './Landing.module.css';
import { tracksShare, websiteOf } from './model.ts';
import { trackShareCopy } from '../usage/record.ts';
import '../i18n/areas/landing.ts';

function LandingFavorite({ page }: { page: LandingPage }) {
  const { t } = useTranslation();
  const setFavorite = useSetFavorite();
  const { rival } = page;
  const change = (on: boolean, undoable: boolean) =>
    setFavorite.mutate(
      { rivalId: rival.id, on },
      { onSuccess: () => notifyFavorite(t, rival, on, undoable ? () => change(!on, false) : null), onError: () => notifyFavoriteFailed(t) },
    );
  return <FavoriteStar name={rival.name} on={page.favorited} onToggle={() => change(!page.favorited, true)} testId="landing-favorite" variant="default" size="lg" c={page.favorited ? 'yellow.6' : undefined} />;
}

function ShareButton({ page }: { page: LandingPage }) {
  const { t } = useTranslation();
  const phone = usePhone();
  const track = useTrackShare();
  const trackedAt = useRef<number | null>(null);
  const share = async () => {
    const url = `${window.location.origin}${page.sharePath}`;
    try {
      await navigator.clipboard.writeText(url);
      notifications.show({ color: 'teal', message: t('landing.share.copied'), autoClose: NOTICE_MS });
      trackShareCopy('landing', page.profileId); // usage reports; share.json below feeds the landing page's own count
    } catch {
      notifications.show({ color: 'red', message: t('landing.share.copyFailed', { url }), autoClose: false });
    }
    const now = Date.now();
    if (tracksShare(trackedAt.current, now)) {
      trackedAt.current = now;
      track.mutate(page.profileId);
    }
  };
  // On a phone the header's actions fit one row: the link is an icon like the star and the gear.
  return phone ? (
    <Tooltip label={t('landing.share.label')}>
      <ActionIcon variant="default" size="lg" onClick={() => void share()} aria-label={t('landing.share.label')} data-testid="landing-share">
        <LinkIcon size={18} />
      </ActionIcon>
    </Tooltip>
  ) : (
    <Button variant="default" leftSection={<LinkIcon size={16} />} onClick={() => void share()} aria-label={t('landing.share.label')} data-testid="landing-share">
      {t('landing.share.button')}
    </Button>
  );
}

export function LandingHeader({ page, onSettings }: { page: LandingPage; onSettings: () => void }) {
  const { t } = useTranslation();
  const { rival } = page;
  const website = websiteOf(rival);
  return (
    <Group justify="space-between" align="center" gap="md" className={classes.header} data-testid="landing-header">
      <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
        <Avatar src={rival.iconUrl} size={56} radius="md" color="indigo" alt="" data-testid="landing-logo">
          {initials(rival.name)}
        </Avatar>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={1} fz={{ base: 'h3', sm: 'h2' }} data-testid="landing-title" style={{ overflowWrap: 'anywhere' }}>
            {rival.name}
          </Title>
          <Group gap="md" wrap="wrap">
            {website && (
              <Anchor href={website.href} target="_blank" rel="noopener noreferrer" size="sm" c="dimmed" aria-label={t('landing.website', { domain: website.label })} data-testid="landing-domain">
                <Group gap={4} wrap="nowrap" component="span">
                  {website.label}
                  <ExternalLinkIcon size={12} />
                </Group>
              </Anchor>
            )}
            <Anchor component={Link} to={`/profile/${page.profileId}`} size="sm" data-testid="landing-boards">
              <Group gap={4} wrap="nowrap" component="span">
                <LayersIcon size={14} />
                <Text span inherit>
                  {t('landing.boards')}
                </Text>
              </Group>
            </Anchor>
          </Group>
        </Stack>
      </Group>
      <Group gap="xs" wrap="wrap">
        <AskAboutRival profileId={page.profileId} />
        {/* The star, the gear and the link stay together when the row wraps. */}
        <Group gap="xs" wrap="nowrap">
          {page.canFavorite && <LandingFavorite page={page} />}
          {page.settings && (
            <Tooltip label={t('landing.settings.open')}>
              <ActionIcon variant="default" size="lg" onClick={onSettings} aria-label={t('landing.settings.open')} data-testid="landing-settings-open">
                <GearIcon size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          <ShareButton page={page} />
        </Group>
      </Group>
    </Group>
  );
}
