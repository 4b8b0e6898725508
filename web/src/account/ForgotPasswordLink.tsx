// The sign-in page's way to the password reset: its own component, so the sign-in form changes only by one line.
import { Anchor, Group } from '@mantine/core';
import { useTranslation } from '../i18n/react.tsx';
import { PASSWORD_RESET_PATH } from '../core/routes.ts';
import '../i18n/areas/account.ts';

export function ForgotPasswordLink() {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" mt={-8}>
      <Anchor href={PASSWORD_RESET_PATH} size="sm" data-testid="signin-forgot-password">
        {t('account.reset.forgot')}
      </Anchor>
    </Group>
  );
}
