// Discover, Share and Measure. From the desktop breakpoint each is its own menu; below it, or wherever the top bar
// needs their room for its search box (`collapsed`, topBarFit.ts), they collapse into one menu with a heading per
// section. A menu of one item is that item, as a plain link: a menu that opens on a single choice is a click for
// nothing.
import { Badge, Button, Group, Menu } from '@mantine/core';
import { useTranslation } from '../i18n/react.tsx';
import { Link } from 'react-router';
import { usePreloadLink } from '../core/screenPreload.ts';
import { ChevronDownIcon } from '../brand/icons.tsx';
import type { NavItem, NavMenu } from './navModel.ts';

/** An item's label, with its New badge when it has one (the nav menus and the user menu's tips). */
export function ItemLabel({ item }: { item: NavItem }) {
  const { t } = useTranslation();
  return (
    <Group gap={8} wrap="nowrap" justify="space-between">
      <span>{t(item.labelKey)}</span>
      {item.badge === 'new' && (
        <Badge size="xs" variant="filled" color="grape">
          {t('nav.newBadge')}
        </Badge>
      )}
    </Group>
  );
}

function MenuItems({ items, menuId }: { items: NavItem[]; menuId: string }) {
  const preload = usePreloadLink();
  return items.map((item) => (
    <Menu.Item key={item.id} component={Link} to={item.to} {...preload(item.to)} data-testid={`nav-${menuId}-${item.id}`}>
      <ItemLabel item={item} />
    </Menu.Item>
  ));
}

const triggerStyles = { root: { color: 'inherit' } };

function ItemLink({ item, menuId, tinted }: { item: NavItem; menuId: string; tinted: boolean }) {
  const preload = usePreloadLink();
  return (
    <Button
      component={Link}
      to={item.to}
      {...preload(item.to)}
      variant="subtle"
      color={tinted ? 'dark' : 'gray'}
      styles={triggerStyles}
      data-testid={`nav-${menuId}-${item.id}`}
    >
      <ItemLabel item={item} />
    </Button>
  );
}

/** The phone's More leaves out the chevron: the bar has room for the label alone. */
function MenuTrigger({ label, testId, tinted, compact = false }: { label: string; testId: string; tinted: boolean; compact?: boolean }) {
  return (
    <Menu.Target>
      <Button
        variant="subtle"
        color={tinted ? 'dark' : 'gray'}
        styles={triggerStyles}
        px={compact ? 8 : undefined}
        rightSection={compact ? undefined : <ChevronDownIcon size={14} />}
        data-testid={testId}
      >
        {label}
      </Button>
    </Menu.Target>
  );
}

/** Every section in one menu: the phone's More (label alone), or the desktop's Menu when the bar is short of room. */
function CollapsedMenus({ menus, tinted, phone, ...rest }: { menus: NavMenu[]; tinted: boolean; phone: boolean; hiddenFrom?: 'sm' }) {
  const { t } = useTranslation();
  const only = menus.length === 1 && menus[0].items.length === 1 ? menus[0] : null;
  return (
    <Group gap={2} wrap="nowrap" component="nav" aria-label={t('nav.label')} {...rest}>
      {only ? (
        <ItemLink item={only.items[0]} menuId={`more-${only.id}`} tinted={tinted} />
      ) : (
        <Menu position="bottom-start" width={240}>
          <MenuTrigger label={t(phone ? 'nav.more' : 'nav.menu')} testId="nav-menu-more" tinted={tinted} compact={phone} />
          <Menu.Dropdown>
            {menus.map((menu, i) => (
              <div key={menu.id}>
                {i > 0 && <Menu.Divider />}
                <Menu.Label>{t(menu.labelKey)}</Menu.Label>
                <MenuItems items={menu.items} menuId={`more-${menu.id}`} />
              </div>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}

export function NavMenus({ menus, tinted, collapsed = false }: { menus: NavMenu[]; tinted: boolean; collapsed?: boolean }) {
  const { t } = useTranslation();
  if (menus.length === 0) return null;
  if (collapsed) return <CollapsedMenus menus={menus} tinted={tinted} phone={false} />;
  return (
    <>
      <Group gap={2} visibleFrom="sm" wrap="nowrap" component="nav" aria-label={t('nav.label')}>
        {menus.map((menu) =>
          menu.items.length === 1 ? (
            <ItemLink key={menu.id} item={menu.items[0]} menuId={menu.id} tinted={tinted} />
          ) : (
            <Menu key={menu.id} position="bottom-start" width={230}>
              <MenuTrigger label={t(menu.labelKey)} testId={`nav-menu-${menu.id}`} tinted={tinted} />
              <Menu.Dropdown>
                <MenuItems items={menu.items} menuId={menu.id} />
              </Menu.Dropdown>
            </Menu>
          ),
        )}
      </Group>
      <CollapsedMenus menus={menus} tinted={tinted} phone hiddenFrom="sm" />
    </>
  );
}
