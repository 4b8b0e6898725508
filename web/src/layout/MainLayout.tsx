// The product shell: the top navigation (tinted with a banner while impersonating), the left quick
// switcher drawer, and the page.
import { AppShell, Container } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useNotificationCounts } from '../api/session.ts';
import { useSession } from '../core/SessionContext.tsx';
import { viewCardId } from '../cards/cardUrl.ts';
import { IMPERSONATION_BANNER_HEIGHT, ImpersonationBanner } from '../nav/ImpersonationBanner.tsx';
import { isQuickSwitcherShortcut } from '../nav/navModel.ts';
import { TOP_NAV_HEIGHT, TopNav } from '../nav/TopNav.tsx';
import { useLazyDisclosure } from '../shared/useLazyDisclosure.ts';
import { lazyComponent } from '../core/chunkReload.ts';
import { useTranslation } from '../i18n/react.tsx';
import classes from './MainLayout.module.css';

// The card viewer (and the chart library its dynamic blocks use) loads only when a link opens a card.
const CardViewerHost = lazyComponent(() => import('../cards/CardViewer.tsx'), 'CardViewerHost');
// The quick switcher loads when first opened, and stays mounted so it closes with its transition.
const QuickSwitcher = lazyComponent(() => import('../nav/QuickSwitcher.tsx'), 'QuickSwitcher');

export function MainLayout({ children, quickSwitcher }: { children: ReactNode; quickSwitcher: boolean }) {
  const { t } = useTranslation();
  const { user, company } = useSession();
  const counts = useNotificationCounts();
  const [opened, switcherMounted, { open, close }] = useLazyDisclosure();
  const impersonating = user.isImpersonating;
  const viewingCard = viewCardId(new URLSearchParams(useLocation().search)) !== null;

  useWindowEvent('keydown', (e) => {
    if (quickSwitcher && isQuickSwitcherShortcut(e)) {
      e.preventDefault();
      open();
    }
  });

  return (
    <AppShell header={{ height: TOP_NAV_HEIGHT + (impersonating ? IMPERSONATION_BANNER_HEIGHT : 0) }} padding={0}>
      <a href="#main" className={classes.skip} data-testid="skip-link">
        {t('app.skipToContent')}
      </a>
      <AppShell.Header withBorder style={impersonating ? { borderBottomColor: 'var(--mantine-color-orange-5)' } : undefined}>
        <TopNav
          user={user}
          company={company}
          notifications={counts.data?.notifications ?? 0}
          onOpenQuickSwitcher={quickSwitcher ? open : null}
          quickSwitcherOpened={opened}
        />
        {impersonating && <ImpersonationBanner user={user} company={company} />}
      </AppShell.Header>
      <AppShell.Main bg="gray.0">
        <Container size="xl" px={{ base: 'sm', xs: 'md', sm: 'xl' }} py="lg" component="main" id="main" tabIndex={-1} className={classes.main}>
          {children}
        </Container>
      </AppShell.Main>
      {viewingCard && (
        <Suspense fallback={null}>
          <CardViewerHost />
        </Suspense>
      )}
      {switcherMounted && (
        <Suspense fallback={null}>
          <QuickSwitcher opened={opened && quickSwitcher} onClose={close} user={user} company={company} />
        </Suspense>
      )}
    </AppShell>
  );
}
