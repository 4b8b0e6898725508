// The top navigation bar (part 2 §2): hamburger for the quick switcher, home link, search, the
// Discover/Share/Measure menus, submit intel (consumers), bookmarks, the notification bell, and the avatar with
// the user menu.
// While impersonating the bar is tinted orange.
import { Burger, Group, Tooltip, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Company, User } from '../../../contracts/account.ts';
import { AlertCountBadge } from '../alerts/AlertCountBadge.tsx';
import { Logo } from '../brand/Logo.tsx';
import { NotificationBell } from '../notifications/NotificationBell.tsx';
import { UnifiedSearch } from '../search/UnifiedSearch.tsx';
import { BookmarksMenu } from './BookmarksMenu.tsx';
import { navMenus, showsSubmitIntel } from './navModel.ts';
import { NavMenus } from './NavMenus.tsx';
import { SubmitIntelButton } from './SubmitIntelButton.tsx';
import classes from './TopNav.module.css';
import { UserMenu } from './UserMenu.tsx';

export const TOP_NAV_HEIGHT = 60;

export function TopNav(props: {
  user: User;
  company: Company;
  /** Unread notifications, from the counts poll. */
  notifications: number;
  /** Null where the quick switcher is not offered. */
  onOpenQuickSwitcher: (() => void) | null;
  quickSwitcherOpened: boolean;
}) {
  const { t } = useTranslation();
  const { user, company } = props;
  const tinted = user.isImpersonating;
  return (
    <Group
      h={TOP_NAV_HEIGHT}
      px={{ base: 'xs', xs: 'md' }}
      gap="sm"
      wrap="nowrap"
      justify="space-between"
      bg={tinted ? 'orange.1' : undefined}
      data-testid="top-nav"
      data-impersonating={tinted || undefined}
    >
      <Group gap="xs" wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
        {props.onOpenQuickSwitcher && (
          <Tooltip label={t('quickSwitcher.shortcut', { keys: 'Ctrl/⌘ + Shift + D' })} openDelay={500}>
            <Burger
              size="sm"
              opened={props.quickSwitcherOpened}
              onClick={props.onOpenQuickSwitcher}
              aria-label={t('nav.openQuickSwitcher')}
              data-testid="nav-hamburger"
            />
          </Tooltip>
        )}
        <UnstyledButton component={Link} to="/" aria-label={t('nav.home')} data-testid="nav-home" px={4}>
          <Group hiddenFrom="xs">
            <Logo size={28} withName={false} />
          </Group>
          <Group visibleFrom="xs">
            <Logo size={28} />
          </Group>
        </UnstyledButton>
        <NavMenus menus={navMenus(user, company)} tinted={tinted} />
        <Group visibleFrom="xs" style={{ flex: 1, minWidth: 0 }} justify="center">
          <UnifiedSearch />
        </Group>
      </Group>
      <Group gap="sm" wrap="nowrap" className={classes.end}>
        {showsSubmitIntel(user) ? <SubmitIntelButton /> : <AlertCountBadge />}
        <BookmarksMenu />
        <NotificationBell unread={props.notifications} />
        <UserMenu user={user} company={company} notifications={props.notifications} />
      </Group>
    </Group>
  );
}
