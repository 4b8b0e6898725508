// The browser extension's guide (/extension/guide; issue #55), for every signed-in user: whether the extension is
// installed in this browser, then how to install, connect and use it; curators and admins also set where its badges
// appear (rivals' domains and CRM hosts).
import { Container, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useSession } from '../core/SessionContext.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { isCurator } from '../user/permissions.ts';
import { ConnectSection, InstallSection, UseSection } from './GuideSections.tsx';
import { SitesSection } from './SitesSection.tsx';
import { StatusCard } from './StatusCard.tsx';
import classes from './ExtensionGuide.module.css';
import '../i18n/areas/extensionGuide.ts';

export function ExtensionGuidePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  useDocumentTitle(`${t('extensionGuide.title')} · ${t('app.titleSuffix')}`);
  return (
    <Container size="md" py="lg" px={{ base: 'xs', sm: 'md' }} data-testid="page-extension-guide">
      <Stack gap="lg">
        <Stack gap={4}>
          <Text c="indigo.7" fw={600} size="sm" tt="uppercase" style={{ letterSpacing: '0.06em' }}>
            {t('extensionGuide.eyebrow')}
          </Text>
          <Title order={1} className={classes.title}>
            {t('extensionGuide.title')}
          </Title>
          <Text c="dimmed">{t('extensionGuide.intro')}</Text>
        </Stack>
        <StatusCard />
        <InstallSection />
        <ConnectSection />
        <UseSection />
        {isCurator(user) && <SitesSection />}
      </Stack>
    </Container>
  );
}
