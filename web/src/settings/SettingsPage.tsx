// The company settings screen (/settings, curators and admins): a header, the sections the user may open
// (a list on the left on wide screens, a select above the section on narrow ones) and the chosen section.
// /settings shows the first section the user may open; an admin section asked for by a curator is not
// authorized, and a path that names no section is not found.
import { Box, Group, NavLink, Select, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { Link, useNavigate } from 'react-router';
import { StatusScreen } from '../pages/StatusScreen.tsx';
import { useSession } from '../core/SessionContext.tsx';
import { BuildingIcon, ChatIcon, CodeIcon, EyeIcon, HistoryIcon, KeyIcon, LayersIcon, MailIcon, SynonymsIcon, ToggleIcon, UserSwitchIcon, UsersIcon } from '../brand/icons.tsx';
import { isAdmin } from '../user/permissions.ts';
import { CompanyTokensSection } from './apiTokens/CompanyTokensSection.tsx';
import { AskSection } from './ask/AskSection.tsx';
import { AuditSection } from './audit/AuditSection.tsx';
import { CompanySection } from './company/CompanySection.tsx';
import { DigestSection } from './digest/DigestSection.tsx';
import { FeaturesSection } from './features/FeaturesSection.tsx';
import { RivalGroupsSection } from './rivalGroups/RivalGroupsSection.tsx';
import { ScimSection } from './scim/ScimSection.tsx';
import { sectionOf, sectionPath, sectionsFor, type SettingsSection } from './sections.ts';
import { SsoSection } from './sso/SsoSection.tsx';
import { SynonymsSection } from './synonyms/SynonymsSection.tsx';
import { UsersSection } from './users/UsersSection.tsx';
import { VisibilityGroupsSection } from './visibilityGroups/VisibilityGroupsSection.tsx';
import '../i18n/areas/companySettings.ts';

const SECTIONS: Record<SettingsSection, { icon: ReactNode; Component: ComponentType }> = {
  company: { icon: <BuildingIcon size={18} />, Component: CompanySection },
  users: { icon: <UsersIcon size={18} />, Component: UsersSection },
  sso: { icon: <KeyIcon size={18} />, Component: SsoSection },
  visibilityGroups: { icon: <EyeIcon size={18} />, Component: VisibilityGroupsSection },
  scim: { icon: <UserSwitchIcon size={18} />, Component: ScimSection },
  rivalGroups: { icon: <LayersIcon size={18} />, Component: RivalGroupsSection },
  features: { icon: <ToggleIcon size={18} />, Component: FeaturesSection },
  ask: { icon: <ChatIcon size={18} />, Component: AskSection },
  digest: { icon: <MailIcon size={18} />, Component: DigestSection },
  synonyms: { icon: <SynonymsIcon size={18} />, Component: SynonymsSection },
  apiTokens: { icon: <CodeIcon size={18} />, Component: CompanyTokensSection },
  audit: { icon: <HistoryIcon size={18} />, Component: AuditSection },
};

const NAV_WIDTH = 248;

function SectionNav({ current, sections }: { current: SettingsSection; sections: SettingsSection[] }) {
  const { t } = useTranslation();
  return (
    <Box component="nav" aria-label={t('companySettings.sectionsLabel')} w={NAV_WIDTH} style={{ flex: 'none', position: 'sticky', top: 80 }} visibleFrom="sm" data-testid="settings-nav">
      <Stack gap={4}>
        {sections.map((s) => (
          <NavLink
            key={s}
            component={Link}
            to={sectionPath(s)}
            active={s === current}
            aria-current={s === current ? 'page' : undefined}
            label={t(`companySettings.sections.${s}.name`)}
            description={t(`companySettings.sections.${s}.hint`)}
            leftSection={SECTIONS[s].icon}
            variant="light"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
            data-testid="settings-nav-item"
            data-section={s}
          />
        ))}
      </Stack>
    </Box>
  );
}

function SectionSelect({ current, sections }: { current: SettingsSection; sections: SettingsSection[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Box hiddenFrom="sm">
      <Select
        aria-label={t('companySettings.sectionsLabel')}
        data={sections.map((s) => ({ value: s, label: t(`companySettings.sections.${s}.name`) }))}
        value={current}
        onChange={(v) => v && v !== current && void navigate(sectionPath(v as SettingsSection))}
        allowDeselect={false}
        leftSection={SECTIONS[current].icon}
        data-testid="settings-section-select"
      />
    </Box>
  );
}

export function SettingsPage({ rest }: { rest: string }) {
  const { t } = useTranslation();
  const { user, company } = useSession();
  const admin = isAdmin(user);
  const section = sectionOf(rest, admin);
  const known = section !== 'notFound' && section !== 'notAuthorized';
  const name = known ? t(`companySettings.sections.${section}.name`) : t('companySettings.title');
  useDocumentTitle(`${name} · ${t('companySettings.title')} · ${t('app.titleSuffix')}`);
  // The app's own screens for these (loaded as they are elsewhere, not bundled with the settings).
  if (section === 'notFound' || section === 'notAuthorized') return <StatusScreen routeKey={section} />;
  const { Component } = SECTIONS[section];
  const sections = sectionsFor(admin);

  return (
    <Stack gap="lg" pt="md" maw={1280} w="100%" mx="auto" data-testid="page-company-settings" data-section={section}>
      <Stack gap={4} maw={720}>
        <Text c="indigo.7" fw={600} size="sm" tt="uppercase" style={{ letterSpacing: '0.06em' }}>
          {t('companySettings.eyebrow')}
        </Text>
        <Title order={1}>{t('companySettings.title')}</Title>
        <Text c="dimmed">{t('companySettings.subtitle', { company: company.name })}</Text>
      </Stack>
      <SectionSelect current={section} sections={sections} />
      <Group align="flex-start" gap="xl" wrap="nowrap">
        <SectionNav current={section} sections={sections} />
        <Box style={{ flex: 1, minWidth: 0 }} component="section" aria-label={name}>
          <Component />
        </Box>
      </Group>
    </Stack>
  );
}
