// Bootstrap of the signed-in app: the logo overlay until user and company have loaded, 'Authentication
// failed' when either comes back empty, then the session context and the session watcher. The interface
// follows the user's saved language, on load and whenever their profile changes it.
import { Button } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import type { Company, User } from '../../../contracts/account.ts';
import { ApiError } from '../api/client.ts';
import { useCompany, useMe } from '../api/session.ts';
import { AlertIcon } from '../brand/icons.tsx';
import { AuthFailedPage } from '../pages/AuthFailedPage.tsx';
import { CenteredMessage } from '../pages/CenteredMessage.tsx';
import { LoadingScreen } from '../pages/LoadingScreen.tsx';
import { SessionWatcher } from '../session/SessionWatcher.tsx';
import { SessionContext } from './SessionContext.tsx';

const isUser = (u: User | null | undefined): u is User => !!u && typeof u === 'object' && typeof u.id === 'number';
const isCompany = (c: Company | null | undefined): c is Company =>
  !!c && typeof c === 'object' && typeof c.id === 'number' && !!c.companyData;

export function AuthGate({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const company = useCompany();
  const language = me.data?.language;
  useEffect(() => {
    if (language && language !== i18n.language) void i18n.changeLanguage(language);
  }, [language, i18n]);

  if (me.isPending || company.isPending) return <LoadingScreen />;
  const error = me.error ?? company.error;
  if (error) {
    // A 401 is already sending the browser to sign-in.
    if (error instanceof ApiError && error.status === 401) return <LoadingScreen />;
    return (
      <CenteredMessage
        testId="app-load-error"
        fullScreen
        icon={<AlertIcon size={28} />}
        title={t('auth.loadError.title')}
        description={t('auth.loadError.description', { message: error.message })}
      >
        <Button
          mt="sm"
          onClick={() => {
            void me.refetch();
            void company.refetch();
          }}
        >
          {t('auth.loadError.retry')}
        </Button>
      </CenteredMessage>
    );
  }
  if (!isUser(me.data) || !isCompany(company.data)) return <AuthFailedPage />;

  return (
    <SessionContext.Provider value={{ user: me.data, company: company.data }}>
      <SessionWatcher />
      {children}
    </SessionContext.Provider>
  );
}
