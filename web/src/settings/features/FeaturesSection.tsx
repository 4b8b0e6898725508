// Settings › Features (admins): every feature flag the product reads, as a named switch with one line on
// what it does, grouped as SWITCHABLE_FLAGS groups them. A switch saves at once; who last changed it, and
// when, comes from the audit log.
import { Badge, Divider, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { FLAG_GROUPS, flagValue, SWITCHABLE_FLAGS, type AuditItem, type FeatureFlagName } from '../../../../contracts/settings.ts';
import { useSession } from '../../core/SessionContext.tsx';
import { shortDate } from '../../shared/dates.ts';
import { toastError, toastSuccess } from '../../shared/toast.ts';
import { useFlagHistory, useSetFlag } from '../company/api.ts';
import { SectionHeader } from '../SectionHeader.tsx';
import '../../i18n/areas/companySettings.ts';

/** The newest audit entry of each flag. */
function lastChanges(items: AuditItem[] | undefined): Map<string, AuditItem> {
  const out = new Map<string, AuditItem>();
  for (const item of items ?? []) {
    const name = item.detail.flag;
    if (typeof name === 'string' && !out.has(name)) out.set(name, item);
  }
  return out;
}

function FlagRow({ name, last }: { name: FeatureFlagName; last: AuditItem | undefined }) {
  const { t, i18n } = useTranslation();
  const { company } = useSession();
  const set = useSetFlag();
  const on = set.isPending ? set.variables.value : flagValue(company.companyData.flags, name);
  const label = t(`companySettings.features.flags.${name}.name`);
  const toggle = (value: boolean) =>
    set.mutate(
      { name, value },
      {
        onSuccess: () => toastSuccess(t(value ? 'companySettings.features.turnedOn' : 'companySettings.features.turnedOff', { name: label })),
        onError: (err) => toastError(t('companySettings.saveFailed'), err),
      },
    );
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md" py="sm" data-testid="feature-flag" data-flag={name} data-on={on || undefined}>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fw={600}>{label}</Text>
        <Text size="sm" c="dimmed">
          {t(`companySettings.features.flags.${name}.description`)}
        </Text>
        {last && (
          <Text size="xs" c="dimmed">
            {t('companySettings.features.lastChanged', { name: last.actor?.name ?? t('companySettings.someone'), date: shortDate(last.createdAt, i18n.language) })}
          </Text>
        )}
      </Stack>
      <Switch
        checked={on}
        onChange={(e) => toggle(e.currentTarget.checked)}
        disabled={set.isPending}
        aria-label={label}
        size="md"
        style={{ flex: 'none' }}
        data-testid="feature-flag-switch"
      />
    </Group>
  );
}

export function FeaturesSection() {
  const { t } = useTranslation();
  const { company } = useSession();
  const history = useFlagHistory();
  const last = lastChanges(history.data?.items);
  const onCount = SWITCHABLE_FLAGS.filter((f) => flagValue(company.companyData.flags, f.name)).length;
  return (
    <Stack gap="lg" data-testid="features-section">
      <SectionHeader
        title={t('companySettings.sections.features.name')}
        intro={t('companySettings.features.intro')}
        aside={
          <Badge variant="light" size="lg" tt="none">
            {t('companySettings.features.onCount', { count: onCount, total: SWITCHABLE_FLAGS.length })}
          </Badge>
        }
      />
      {FLAG_GROUPS.filter((group) => SWITCHABLE_FLAGS.some((f) => f.group === group)).map((group) => (
        <Paper key={group} withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="feature-group" data-group={group}>
          <Title order={3} fz="h4" mb={4}>
            {t(`companySettings.features.groups.${group}`)}
          </Title>
          {SWITCHABLE_FLAGS.filter((f) => f.group === group).map((f, i) => (
            <Fragment key={f.name}>
              {i > 0 && <Divider />}
              <FlagRow name={f.name} last={last.get(f.name)} />
            </Fragment>
          ))}
        </Paper>
      ))}
    </Stack>
  );
}
