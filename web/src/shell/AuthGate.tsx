// Bootstrap of the signed-in app: the logo overlay until user and company have loaded, 'Authentication
// failed' when either comes back empty, then the session context and the session watcher. User and company
// are asked only once the server says a session is live: without one the browser goes to sign-in at once,
// and an anonymous visit makes no request that answers 401. The interface
// follows the user's saved language, on load and whenever their profile changes it. A session the company's
// two-step verification requirement restricts to enrollment shows the setup instead of the app.
import { Button } from '@mantine/core';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../i18n/react.tsx';
import { changeLanguage } from '../i18n/index.ts';
import type { Company, User } from '../../../contracts/account.ts';
import { ApiError, redirectToSignIn } from '../api/client.ts';
import { sessionStateQuery, useCompany, useMe } from '../api/session.ts';
import { AlertIcon } from '../brand/icons.tsx';
import { AuthFailedPage } from '../pages/AuthFailedPage.tsx';
import { CenteredMessage } from '../pages/CenteredMessage.tsx';
import { LoadingScreen } from '../pages/LoadingScreen.tsx';
import { loadOrReload } from '../core/chunkReload.ts';
import { SessionContext } from '../core/SessionContext.tsx';
import { SessionWatcher } from '../session/SessionWatcher.tsx';
import { useErrorText } from '../api/errorText.ts';

// Its own chunk: almost no session needs it.
const TwoFactorEnrollmentPage = lazy(() => loadOrReload(() => import('../account/TwoFactorEnrollmentPage.tsx')).then((m) => ({ default: m.TwoFactorEnrollmentPage })));

const isUser = (u: User | null | undefined): u is User => !!u && typeof u === 'object' && typeof u.id === 'number';
const isCompany = (c: Company | null | undefined): c is Company =>
  !!c && typeof c === 'object' && typeof c.id === 'number' && !!c.companyData;

export function AuthGate({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { errorText } = useErrorText();
  const session = useQuery(sessionStateQuery);
  const signedIn = session.data?.signedIn;
  const me = useMe(signedIn === true);
  const company = useCompany(signedIn === true);
  const language = me.data?.language;
  useEffect(() => {
    if (language && language !== i18n.language) void changeLanguage(language);
  }, [language, i18n]);
  useEffect(() => {
    if (signedIn === false) redirectToSignIn();
  }, [signedIn]);

  // Signed out: the browser is on its way to sign-in.
  if (session.isPending || signedIn === false || (!session.isError && (me.isPending || company.isPending))) return <LoadingScreen />;
  const error = session.error ?? me.error ?? company.error;
  if (error) {
    // A 401 is already sending the browser to sign-in.
    if (error instanceof ApiError && error.status === 401) return <LoadingScreen />;
    return (
      <CenteredMessage
        testId="app-load-error"
        fullScreen
        icon={<AlertIcon size={28} />}
        title={t('auth.loadError.title')}
        description={t('auth.loadError.description', { message: errorText(error) })}
      >
        <Button
          mt="sm"
          onClick={() => {
            if (session.isError) return void session.refetch();
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
      {me.data.twoFactorEnrollment ? (
        <Suspense fallback={<LoadingScreen />}>
          <TwoFactorEnrollmentPage />
        </Suspense>
      ) : (
        children
      )}
    </SessionContext.Provider>
  );
}
