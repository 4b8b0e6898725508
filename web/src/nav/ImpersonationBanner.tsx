// While impersonating: who you are seen as, and the revert button (a form post).
import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from '../i18n/react.tsx';
import type { Company, User } from '../../../contracts/account.ts';
import { UserSwitchIcon } from '../brand/icons.tsx';
import { DeleteFormPost, REVERT_IMPERSONATION_ACTION } from './FormPost.tsx';

export const IMPERSONATION_BANNER_HEIGHT = 40;

export function ImpersonationBanner({ user, company }: { user: User; company: Company }) {
  const { t } = useTranslation();
  return (
    <Group
      data-testid="impersonation-banner"
      role="status"
      h={IMPERSONATION_BANNER_HEIGHT}
      px="md"
      gap="sm"
      justify="center"
      wrap="nowrap"
      bg="orange.7"
      c="white"
    >
      <UserSwitchIcon size={16} />
      <Text size="sm" fw={500} truncate>
        {t('impersonation.banner', { name: user.name, email: user.email, company: company.name })}
      </Text>
      <DeleteFormPost action={REVERT_IMPERSONATION_ACTION} csrfToken={user.csrfToken}>
        <Button type="submit" size="compact-sm" variant="white" color="orange" data-testid="revert-impersonation">
          {t('impersonation.revert')}
        </Button>
      </DeleteFormPost>
    </Group>
  );
}
