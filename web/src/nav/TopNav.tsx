// The top navigation bar (part 2 §2): hamburger for the quick switcher, home link, search, the
// Discover/Share/Measure menus, submit intel (consumers), bookmarks, the notification bell, and the avatar with
// the user menu.
// While impersonating the bar is tinted orange. On phones the search box would leave no room for the rest:
// a search button opens it across the whole bar instead, until the user closes it or goes elsewhere. Wider, the
// search box keeps a usable width whatever the menus and the language: where it would get narrower, the bar
// collapses its menus into one, then drops the logo's and the user's names, then shortens the placeholder
// (topBarFit.ts), and takes each back once there is room.
import { ActionIcon, Burger, Group, Tooltip, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { Link, useLocation } from 'react-router';
import type { Company, User } from '../../../contracts/account.ts';
import { AlertCountBadge } from '../alerts/AlertCountBadge.tsx';
import { BREAKPOINTS } from '../core/theme.ts';
import { ArrowLeftIcon, SearchIcon } from '../brand/icons.tsx';
import { Logo } from '../brand/Logo.tsx';
import { NotificationBell } from '../notifications/NotificationBell.tsx';
import { UnifiedSearch } from '../search/UnifiedSearch.tsx';
import { availableModes } from '../search/unifiedSearchModel.ts';
import { BookmarksMenu } from './BookmarksMenu.tsx';
import { navMenus, showsSubmitIntel } from './navModel.ts';
import { NavMenus } from './NavMenus.tsx';
import { SubmitIntelButton } from './SubmitIntelButton.tsx';
import classes from './TopNav.module.css';
import { UserMenu } from './UserMenu.tsx';
import { useTopBarFit } from './useTopBarFit.ts';

export const TOP_NAV_HEIGHT = 60;

/** Below the tablet breakpoint the search box is opened on demand, across the bar. */
const PHONE_QUERY = `(max-width: ${BREAKPOINTS.tablet - 0.02}px)`;

/**
 * The phone's search: the box across the whole bar, focused, with a way back to the bar (its button, or Escape once
 * the box has no suggestions open: the box's own Escape closes them first).
 */
function PhoneSearch({ onClose, tinted }: { onClose: () => void; tinted: boolean }) {
  const { t } = useTranslation();
  const row = useRef<HTMLDivElement>(null);
  useEffect(() => row.current?.querySelector<HTMLInputElement>('[data-testid="unified-search-input"]')?.focus(), []);
  return (
    <Group
      ref={row}
      h={TOP_NAV_HEIGHT}
      px="xs"
      gap="xs"
      wrap="nowrap"
      bg={tinted ? 'orange.1' : undefined}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !e.defaultPrevented) onClose();
      }}
      data-testid="top-nav"
      data-phone-search
    >
      <ActionIcon variant="subtle" color="gray" size="lg" radius="xl" onClick={onClose} aria-label={t('nav.closeSearch')} styles={{ root: { color: 'inherit' } }} data-testid="phone-search-close">
        <ArrowLeftIcon size={19} />
      </ActionIcon>
      <UnifiedSearch />
    </Group>
  );
}

export function TopNav(props: {
  user: User;
  company: Company;
  /** Unread notifications, from the counts poll. */
  notifications: number;
  /** Null where the quick switcher is not offered. */
  onOpenQuickSwitcher: (() => void) | null;
  quickSwitcherOpened: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { user, company } = props;
  const tinted = user.isImpersonating;
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const [searching, setSearching] = useState(false);
  const { key } = useLocation();
  // Going somewhere (a search, a suggestion) ends the phone's search.
  useEffect(() => setSearching(false), [key]);
  // Closed by the user, the phone's search gives focus back to the button that opened it.
  const searchButton = useRef<HTMLButtonElement>(null);
  const backToButton = useRef(false);
  useEffect(() => {
    if (searching || !backToButton.current) return;
    backToButton.current = false;
    searchButton.current?.focus();
  }, [searching]);
  const closeSearch = () => {
    backToButton.current = true;
    setSearching(false);
  };
  const menus = navMenus(user, company);
  const searchSlot = useRef<HTMLDivElement>(null);
  // Other words or other menus take other room: the fit starts over from the full bar.
  const fitKey = `${i18n.language}|${menus.map((m) => `${m.id}:${m.items.length}`).join(',')}`;
  const fit = useTopBarFit(searchSlot, fitKey, !phone && !searching);

  if (phone && searching) return <PhoneSearch onClose={closeSearch} tinted={tinted} />;
  return (
    <Group
      h={TOP_NAV_HEIGHT}
      px={{ base: 'xs', xs: 'md' }}
      gap={phone ? 6 : 'sm'}
      wrap="nowrap"
      justify="space-between"
      bg={tinted ? 'orange.1' : undefined}
      data-testid="top-nav"
      data-impersonating={tinted || undefined}
      data-fit={fit}
    >
      <Group gap={phone ? 4 : 'xs'} wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
        {props.onOpenQuickSwitcher && (
          <Tooltip label={t('nav.quickSwitcherShortcut', { keys: 'Ctrl/⌘ + Shift + D' })} openDelay={500}>
            <Burger
              size="sm"
              opened={props.quickSwitcherOpened}
              onClick={props.onOpenQuickSwitcher}
              aria-label={t('nav.openQuickSwitcher')}
              data-testid="nav-hamburger"
            />
          </Tooltip>
        )}
        {/* A phone's bar has no room for both the logo and the quick switcher, which leads to the same places. */}
        {!(phone && props.onOpenQuickSwitcher) && (
          <UnstyledButton component={Link} to="/" aria-label={t('nav.home')} data-testid="nav-home" px={4}>
            <Logo size={28} withName={!phone && fit < 2} />
          </UnstyledButton>
        )}
        <NavMenus menus={menus} tinted={tinted} collapsed={fit >= 1} />
        {!phone && (
          <Group ref={searchSlot} style={{ flex: 1, minWidth: 0 }} justify="center">
            <UnifiedSearch shortPlaceholder={fit >= 3} />
          </Group>
        )}
      </Group>
      <Group gap="sm" wrap="nowrap" className={classes.end}>
        {phone && availableModes(user, company).length > 0 && (
          <ActionIcon
            ref={searchButton}
            variant="subtle"
            color="gray"
            size="lg"
            radius="xl"
            onClick={() => setSearching(true)}
            aria-label={t('nav.openSearch')}
            styles={{ root: { color: 'inherit' } }}
            data-testid="phone-search-open"
          >
            <SearchIcon size={19} />
          </ActionIcon>
        )}
        {showsSubmitIntel(user) ? <SubmitIntelButton /> : <AlertCountBadge />}
        <BookmarksMenu />
        <NotificationBell unread={props.notifications} />
        <UserMenu user={user} company={company} notifications={props.notifications} compact={fit >= 2} />
      </Group>
    </Group>
  );
}
