// Settings › Company: the admins' switch requiring two-step verification for password sign-ins. Nobody is locked
// out: a user without it is taken to the setup at their next password sign-in.
import { Paper, Stack, Switch, Title } from '@mantine/core';
import { useTranslation } from '../../i18n/react.tsx';
import { useSession } from '../../core/SessionContext.tsx';
import { toastError, toastSuccess } from '../../shared/toast.ts';
import { useSetTwoFactorRequirement } from './api.ts';
import '../../i18n/areas/account.ts';

export function TwoFactorRequirement() {
  const { t } = useTranslation();
  const { company } = useSession();
  const save = useSetTwoFactorRequirement();
  const required = save.isPending ? save.variables.required : company.requireTwoFactor;
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm" maw={560}>
        <Title order={3} fz="h4">
          {t('account.twoFactor.requirement.title')}
        </Title>
        <Switch
          checked={required}
          disabled={save.isPending}
          onChange={(e) =>
            save.mutate(
              { required: e.currentTarget.checked },
              {
                onSuccess: (c) => toastSuccess(c.requireTwoFactor ? t('account.twoFactor.requirement.on') : t('account.twoFactor.requirement.off')),
                onError: (err) => toastError(t('account.twoFactor.requirement.failed'), err),
              },
            )
          }
          label={t('account.twoFactor.requirement.label')}
          description={t('account.twoFactor.requirement.description')}
          data-testid="company-require-two-factor"
        />
      </Stack>
    </Paper>
  );
}
