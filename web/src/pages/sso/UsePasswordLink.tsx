// "Use a password instead" under an SSO email: the break-glass admin's way to the password field.
import { Anchor, Text } from '@mantine/core';
import { useTranslation } from '../../i18n/react.tsx';
import '../../i18n/areas/signin.ts';

export function UsePasswordLink({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Text ta="center" size="sm">
      <Anchor component="button" type="button" onClick={onClick} data-testid="signin-use-password">
        {t('signin.sso.usePassword')}
      </Anchor>
    </Text>
  );
}
