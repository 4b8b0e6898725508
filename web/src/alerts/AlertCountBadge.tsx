// The alert count badge of the top navigation (curators): how many items myNewIntel holds, with the
// view's own filters, polled every 5 minutes; "99+" above the badge max. A failed count shows nothing.
import { Badge, Button, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAlertCount } from './api.ts';
import { ALERT_BADGE_MAX } from './constants.ts';
import { badgeText } from './viewCounts.ts';

export function AlertCountBadge() {
  const { t } = useTranslation();
  const count = useAlertCount(true);
  const n = count.data ?? 0;
  return (
    <Tooltip label={t('alerts.badge.tooltip', { count: n })} openDelay={300}>
      <Button
        component={Link}
        to="/alerts"
        variant="subtle"
        color="gray"
        size="sm"
        px={{ base: 4, xs: 8 }}
        styles={{ root: { color: 'inherit' } }}
        aria-label={t('alerts.badge.label', { count: n })}
        data-testid="alert-count"
        data-count={count.data}
        rightSection={
          n > 0 ? (
            <Badge size="sm" color="red" variant="filled" radius="xl" data-testid="alert-count-badge">
              {badgeText(n, ALERT_BADGE_MAX)}
            </Badge>
          ) : undefined
        }
      >
        {t('alerts.badge.name')}
      </Button>
    </Tooltip>
  );
}
