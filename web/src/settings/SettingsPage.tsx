// The company settings screen (/settings, curators and admins): a header, the sections (a list on the left
// on wide screens, a select above the section on narrow ones) and the chosen section. /settings shows
// the first section. A path naming a section that is not built yet keeps the coming-soon page.
import { Box, Group, NavLink, Select, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../app/SessionContext.tsx';
import { ComingSoonPage } from '../pages/ComingSoonPage.tsx';
import { SynonymsIcon } from '../brand/icons.tsx';
import { SETTINGS_SECTIONS, sectionOf, sectionPath, type SettingsSection } from './sections.ts';
import { SynonymsSection } from './synonyms/SynonymsSection.tsx';

const SECTIONS: Record<SettingsSection, { icon: ReactNode; Component: ComponentType }> = {
  synonyms: { icon: <SynonymsIcon size={18} />, Component: SynonymsSection },
};

const NAV_WIDTH = 248;

function SectionNav({ current }: { current: SettingsSection }) {
  const { t } = useTranslation();
  return (
    <Box component="nav" aria-label={t('companySettings.sectionsLabel')} w={NAV_WIDTH} style={{ flex: 'none', position: 'sticky', top: 80 }} visibleFrom="sm" data-testid="settings-nav">
      <Stack gap={4}>
        {SETTINGS_SECTIONS.map((s) => (
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

function SectionSelect({ current }: { current: SettingsSection }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Box hiddenFrom="sm">
      <Select
        aria-label={t('companySettings.sectionsLabel')}
        data={SETTINGS_SECTIONS.map((s) => ({ value: s, label: t(`companySettings.sections.${s}.name`) }))}
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
  const { company } = useSession();
  const section = sectionOf(rest);
  const name = section ? t(`companySettings.sections.${section}.name`) : t('companySettings.title');
  useDocumentTitle(`${name} · ${t('companySettings.title')} · ${t('app.titleSuffix')}`);
  if (!section) return <ComingSoonPage area="companySettings" params={{ '*': rest }} />;
  const { Component } = SECTIONS[section];

  return (
    <Stack gap="lg" pt="md" maw={1280} w="100%" mx="auto" data-testid="page-company-settings" data-section={section}>
      <Stack gap={4} maw={720}>
        <Text c="indigo.7" fw={600} size="sm" tt="uppercase" style={{ letterSpacing: '0.06em' }}>
          {t('companySettings.eyebrow')}
        </Text>
        <Title order={1}>{t('companySettings.title')}</Title>
        <Text c="dimmed">{t('companySettings.subtitle', { company: company.name })}</Text>
      </Stack>
      <SectionSelect current={section} />
      <Group align="flex-start" gap="xl" wrap="nowrap">
        <SectionNav current={section} />
        <Box style={{ flex: 1, minWidth: 0 }} component="section" aria-label={name}>
          <Component />
        </Box>
      </Group>
    </Stack>
  );
}
