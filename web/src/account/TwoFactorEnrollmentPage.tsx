// What a session restricted to enrollment shows instead of the app (the company requires two-step verification and
// the user signed in with a password without it): the setup, then the recovery codes, then the app. The server
// refuses everything else to such a session (search-api/twoFactor/guard.ts).
import { Button, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { useSession } from '../core/SessionContext.tsx';
import { DeleteFormPost, SIGNOUT_ACTION } from '../nav/FormPost.tsx';
import { PublicCard } from '../pages/PublicCard.tsx';
import { RecoveryCodesView, TwoFactorSetup } from './TwoFactorSetup.tsx';
import '../i18n/areas/account.ts';

export function TwoFactorEnrollmentPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('account.twoFactor.enroll.documentTitle')} · ${t('app.titleSuffix')}`);
  const { user } = useSession();
  const [codes, setCodes] = useState<string[] | null>(null);

  return (
    <PublicCard width={560} testId="page-two-factor-enrollment">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1} fz="h2">
            {t('account.twoFactor.enroll.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('account.twoFactor.enroll.intro')}
          </Text>
        </Stack>
        {/* The session is a full one once the setup is confirmed: loading the app again reads it so. */}
        {codes ? <RecoveryCodesView codes={codes} onDone={() => window.location.reload()} /> : <TwoFactorSetup onCodes={setCodes} />}
        <DeleteFormPost action={SIGNOUT_ACTION} csrfToken={user.csrfToken}>
          <Button type="submit" variant="subtle" size="xs" data-testid="two-factor-enroll-signout">
            {t('account.twoFactor.enroll.signOut')}
          </Button>
        </DeleteFormPost>
      </Stack>
    </PublicCard>
  );
}
