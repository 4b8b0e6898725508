// The right end of the top navigation: the avatar and the user menu (part 2 §2), whose Notifications item
// carries the unread count (display capped at 99+; the bell beside it shows the same badge). `compact` leaves the
// first name out of the button when the bar needs its room (nav/topBarFit.ts); the button keeps its full name for
// screen readers.
import { Avatar, Badge, Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from '../i18n/react.tsx';
import { Link } from 'react-router';
import type { Company, User } from '../../../contracts/account.ts';
import { usePreloadLink } from '../core/screenPreload.ts';
import { ChevronDownIcon } from '../brand/icons.tsx';
import { badgeLabel, initials } from '../user/permissions.ts';
import { DeleteFormPost, REVERT_IMPERSONATION_ACTION, SIGNOUT_ACTION } from './FormPost.tsx';
import { avatarLink, userMenuModel } from './navModel.ts';
import { ItemLabel } from './NavMenus.tsx';

export function UserMenu({ user, company, notifications, compact = false }: { user: User; company: Company; notifications: number; compact?: boolean }) {
  const { t } = useTranslation();
  const model = userMenuModel(user, company);
  const preload = usePreloadLink();
  const badge = badgeLabel(notifications);
  const look = { src: user.image, alt: user.name, radius: 'xl', color: 'indigo', variant: 'filled' } as const;
  return (
    <Group gap={6} wrap="nowrap">
      {/* On phones the avatar is the menu's button instead, leaving the bar room for its menus. */}
      <Avatar component={Link} to={avatarLink(user)} {...look} aria-label={user.name} visibleFrom="xs">
        {initials(user.name)}
      </Avatar>
      <Menu position="bottom-end" width={270} closeOnItemClick>
        <Menu.Target>
          <UnstyledButton
            data-testid="user-menu"
            aria-label={t('nav.userMenu', { name: user.name })}
            px={{ base: 2, xs: 6 }}
            py={4}
            style={{ borderRadius: 'var(--mantine-radius-md)', color: 'inherit' }}
          >
            <Group gap={4} wrap="nowrap">
              <Avatar {...look} size={32} hiddenFrom="xs">
                {initials(user.name)}
              </Avatar>
              {!compact && (
                <Text size="sm" fw={600} visibleFrom="md" truncate maw={140}>
                  {user.firstName || user.name}
                </Text>
              )}
              <Box component="span" visibleFrom="xs" display="flex">
                <ChevronDownIcon size={16} />
              </Box>
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
              {user.name}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {user.email}
            </Text>
          </Menu.Label>
          <Menu.Item component={Link} to={model.profile.to} {...preload(model.profile.to)} data-testid="user-menu-profile">
            {t('userMenu.profile', { username: model.profile.username })}
          </Menu.Item>
          <Menu.Item component={Link} to={model.editProfileTo} {...preload(model.editProfileTo)}>
            {t('userMenu.editProfile')}
          </Menu.Item>
          <DeleteFormPost action={SIGNOUT_ACTION} csrfToken={user.csrfToken}>
            <Menu.Item type="submit" closeMenuOnClick={false} data-testid="signout">
              {t('userMenu.signOut')}
            </Menu.Item>
          </DeleteFormPost>
          <Menu.Item
            component={Link}
            to={model.notificationsTo}
            {...preload(model.notificationsTo)}
            rightSection={
              badge ? (
                <Badge size="sm" color="red" variant="filled">
                  {badge}
                </Badge>
              ) : null
            }
            data-testid="user-menu-notifications"
          >
            {t('userMenu.notifications')}
          </Menu.Item>
          {model.roleSection && model.roleSection.items.length > 0 && (
            <>
              <Menu.Divider />
              <Menu.Label>{t(`userMenu.${model.roleSection.heading}`)}</Menu.Label>
              {model.roleSection.items.map((item) => (
                <Menu.Item key={item.id} component={Link} to={item.to} {...preload(item.to)} data-testid={`user-menu-${item.id}`}>
                  {t(item.labelKey)}
                </Menu.Item>
              ))}
            </>
          )}
          {model.tips.length > 0 && (
            <>
              <Menu.Divider />
              <Menu.Label>{t('userMenu.tips')}</Menu.Label>
              {model.tips.map((item) => (
                <Menu.Item key={item.id} component={Link} to={item.to} {...preload(item.to)} data-testid={`user-menu-${item.id}`} data-badge={item.badge}>
                  <ItemLabel item={item} />
                </Menu.Item>
              ))}
            </>
          )}
          {model.staff && (
            <>
              <Menu.Divider />
              <Menu.Label>{t('userMenu.staff')}</Menu.Label>
              {model.staff === 'revert' ? (
                <DeleteFormPost action={REVERT_IMPERSONATION_ACTION} csrfToken={user.csrfToken}>
                  <Menu.Item type="submit" closeMenuOnClick={false} color="orange" data-testid="user-menu-revert-impersonation">
                    {t('userMenu.revertImpersonation')}
                  </Menu.Item>
                </DeleteFormPost>
              ) : (
                <Menu.Item component={Link} to="/impersonate" data-testid="switch-instance">
                  {t('userMenu.switchInstance')}
                </Menu.Item>
              )}
            </>
          )}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
