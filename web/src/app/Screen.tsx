// Which component each route key renders. Areas not built yet share the coming-soon page, named.
import type { RouteKey } from './routes.ts';
import { AskPage } from '../ask/AskPage.tsx';
import { AlertsPage } from '../alerts/AlertsPage.tsx';
import { ComingSoonPage } from '../pages/ComingSoonPage.tsx';
import { DashboardPage } from '../pages/DashboardPage.tsx';
import { ImpersonatePage } from '../pages/ImpersonatePage.tsx';
import { NotAuthorizedPage } from '../pages/NotAuthorizedPage.tsx';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { ProfilePage } from '../pages/ProfilePage.tsx';
import { SignInPage } from '../pages/SignInPage.tsx';
import { SearchPage } from '../search/SearchPage.tsx';
import { CardEmbed } from '../cards/CardEmbed.tsx';
import { BattlecardEmbed } from '../battlecards/BattlecardEmbed.tsx';
import { DigestPage } from '../digest/DigestPage.tsx';
import { SettingsPage } from '../settings/SettingsPage.tsx';
import { UserPage } from '../user/UserPage.tsx';
import { NotificationsPage } from '../notifications/NotificationsPage.tsx';
import { InvitationPage } from '../account/InvitationPage.tsx';
import { ProfileSettingsPage } from '../account/ProfileSettingsPage.tsx';

export function Screen({ routeKey, params }: { routeKey: RouteKey; params: Record<string, string> }) {
  switch (routeKey) {
    case 'signin':
      return <SignInPage />;
    case 'invitation':
      return <InvitationPage />;
    case 'ask':
    case 'askEmbed':
      return <AskPage />;
    case 'dashboard':
      return <DashboardPage />;
    case 'profile':
      return <ProfilePage profileId={params.profileId} rest={params['*'] ?? ''} />;
    case 'cardEmbed':
      return <CardEmbed cardId={Number(params.cardId)} />;
    case 'battlecardEmbed':
      return <BattlecardEmbed profileId={Number(params.profileId)} />;
    case 'search':
      return <SearchPage />;
    case 'alerts':
      return <AlertsPage />;
    case 'digest':
      return <DigestPage rest={params['*'] ?? ''} />;
    case 'companySettings':
      return <SettingsPage rest={params['*'] ?? ''} />;
    case 'editProfile':
      return <ProfileSettingsPage />;
    case 'userPage':
      return <UserPage userId={Number(params.userId)} />;
    case 'notifications':
      return <NotificationsPage />;
    case 'impersonate':
      return <ImpersonatePage />;
    case 'notFound':
      return <NotFoundPage />;
    case 'notAuthorized':
      return <NotAuthorizedPage />;
    default:
      return <ComingSoonPage area={routeKey} params={params} />;
  }
}
