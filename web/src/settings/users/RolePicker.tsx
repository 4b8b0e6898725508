// The three roles an admin grants, with a line on what each may do.
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../i18n/react.tsx';
import { ROLE_CHOICES, type RoleChoice } from '../../../../contracts/account.ts';
import '../../i18n/areas/people.ts';

export function RolePicker({ value, onChange, testId }: { value: RoleChoice; onChange: (role: RoleChoice) => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id={`${testId}-label`}>
        {t('people.role')}
      </Text>
      <SegmentedControl
        fullWidth
        value={value}
        onChange={(v) => onChange(v as RoleChoice)}
        data={ROLE_CHOICES.map((r) => ({ value: r, label: t(`people.roles.${r}`) }))}
        aria-labelledby={`${testId}-label`}
        data-testid={testId}
      />
      <Text size="xs" c="dimmed" mih={34}>
        {t(`people.roleHints.${value}`)}
      </Text>
    </Stack>
  );
}
