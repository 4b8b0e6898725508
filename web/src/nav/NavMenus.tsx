// Discover, Share and Measure. From the desktop breakpoint each is its own menu; below it they
// collapse into one menu with a heading per section.
import { Badge, Button, Group, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronDownIcon } from '../brand/icons.tsx';
import type { NavItem, NavMenu } from './navModel.ts';

function ItemLabel({ item }: { item: NavItem }) {
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
  return items.map((item) => (
    <Menu.Item key={item.id} component={Link} to={item.to} data-testid={`nav-${menuId}-${item.id}`}>
      <ItemLabel item={item} />
    </Menu.Item>
  ));
}

const triggerStyles = { root: { color: 'inherit' } };

export function NavMenus({ menus, tinted }: { menus: NavMenu[]; tinted: boolean }) {
  const { t } = useTranslation();
  if (menus.length === 0) return null;
  return (
    <>
      <Group gap={2} visibleFrom="sm" wrap="nowrap" component="nav" aria-label={t('nav.label')}>
        {menus.map((menu) => (
          <Menu key={menu.id} position="bottom-start" width={230}>
            <Menu.Target>
              <Button
                variant="subtle"
                color={tinted ? 'dark' : 'gray'}
                styles={triggerStyles}
                rightSection={<ChevronDownIcon size={14} />}
                data-testid={`nav-menu-${menu.id}`}
              >
                {t(menu.labelKey)}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <MenuItems items={menu.items} menuId={menu.id} />
            </Menu.Dropdown>
          </Menu>
        ))}
      </Group>
      <Menu position="bottom-start" width={240}>
        <Menu.Target>
          <Button
            hiddenFrom="sm"
            variant="subtle"
            color={tinted ? 'dark' : 'gray'}
            styles={triggerStyles}
            rightSection={<ChevronDownIcon size={14} />}
            data-testid="nav-menu-more"
          >
            {t('nav.more')}
          </Button>
        </Menu.Target>
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
    </>
  );
}
