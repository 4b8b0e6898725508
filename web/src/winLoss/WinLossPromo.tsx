// What /win-loss shows a reader for whom win/loss is off (the route's guard, core/routes.ts): what the area does and
// who can turn it on for them, instead of a dead end.
import { Button, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';
import { useSession } from '../core/SessionContext.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { CenteredMessage } from '../pages/CenteredMessage.tsx';
import { isAdmin } from '../user/permissions.ts';
import '../i18n/areas/winLoss.ts';

export function WinLossPromo() {
  const { t } = useTranslation();
  const { user } = useSession();
  useDocumentTitle(`${t('winLoss.title')} · ${t('app.titleSuffix')}`);
  return (
    <CenteredMessage testId="page-win-loss-promo" title={t('winLoss.promo.title')} description={t('winLoss.promo.body')}>
      <Text c="dimmed" size="sm" ta="center" data-testid="win-loss-promo-who">
        {t(isAdmin(user) ? 'winLoss.promo.admin' : 'winLoss.promo.others')}
      </Text>
      <Button component={Link} to="/dashboard" mt="sm">
        {t('winLoss.promo.dashboard')}
      </Button>
    </CenteredMessage>
  );
}
