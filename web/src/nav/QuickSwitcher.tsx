// The left quick switcher (part 2 §2): company logo, the competitor finder (quick finder),
// recently viewed profiles (at most 5) and a way back to the dashboard. Ctrl/Cmd+Shift+D opens it.
import { Avatar, Drawer, Group, NavLink, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../i18n/react.tsx';
import { Link } from 'react-router';
import type { Company, User } from '../../../contracts/account.ts';
import { usePreloadLink } from '../core/screenPreload.ts';
import { InfoIcon } from '../brand/icons.tsx';
import { initials, recentProfiles } from '../user/permissions.ts';
import { QuickFinder } from './QuickFinder.tsx';
import '../i18n/areas/quickSwitcher.ts';

export function QuickSwitcher(props: { opened: boolean; onClose: () => void; user: User; company: Company }) {
  const { t } = useTranslation();
  const { company, user, onClose } = props;
  const recent = recentProfiles(user.userData);
  const preload = usePreloadLink();
  return (
    <Drawer
      opened={props.opened}
      onClose={onClose}
      position="left"
      size={320}
      title={
        <Group gap="sm" wrap="nowrap">
          <Avatar src={company.iconUrl} alt={company.name} radius="md" color="indigo" variant="light">
            {initials(company.name)}
          </Avatar>
          <Stack gap={0}>
            <Title order={2} fz="md">
              {company.name}
            </Title>
            <Text size="xs" c="dimmed">
              {t('quickSwitcher.title')}
            </Text>
          </Stack>
        </Group>
      }
      data-testid="quick-switcher"
    >
      <Stack gap="lg">
        <QuickFinder onNavigate={onClose} />
        <NavLink component={Link} to="/dashboard" {...preload('/dashboard')} label={t('quickSwitcher.dashboard')} onClick={onClose} />
        <Stack gap={4}>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.06em' }}>
            {t('quickSwitcher.recentlyViewed')}
          </Text>
          {recent.length === 0 ? (
            <Group gap="xs" c="dimmed" wrap="nowrap">
              <InfoIcon size={14} />
              <Text size="sm" c="dimmed">
                {t('quickSwitcher.noRecent')}
              </Text>
            </Group>
          ) : (
            <nav aria-label={t('quickSwitcher.recentlyViewed')}>
              {recent.map((p) => (
                <NavLink
                  key={p.id}
                  component={Link}
                  to={`/profile/${p.id}`}
                  {...preload(`/profile/${p.id}`)}
                  onClick={onClose}
                  label={p.name}
                  data-testid="recently-viewed-profile"
                  leftSection={
                    <Avatar src={p.logo} size="sm" radius="sm" color="indigo" alt="">
                      {initials(p.name)}
                    </Avatar>
                  }
                />
              ))}
            </nav>
          )}
        </Stack>
        <Text size="xs" c="dimmed">
          {t('nav.quickSwitcherShortcut', { keys: 'Ctrl/⌘ + Shift + D' })}
        </Text>
      </Stack>
    </Drawer>
  );
}
