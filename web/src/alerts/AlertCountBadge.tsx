// The alert count badge of the top navigation (curators): how many items myNewIntel holds, with the
// view's own filters, polled every 5 minutes; "99+" above the badge max. A failed count shows nothing; a count on its
// way holds the widest badge's room, so the bar keeps its layout when it arrives.
// It fetches its count itself rather than through the feed's client (api.ts), which every screen would
// then download.
import { Badge, Button, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { IntelCountResponse } from '../../../contracts/intel.ts';
import { api } from '../api/client.ts';
import { useTranslation } from '../i18n/react.tsx';
import { ALERT_BADGE_MAX, ALERT_COUNT_POLL_MS } from './constants.ts';
import { browserTimeZone, intelKeys } from './queryKeys.ts';

/** The badge reads the count, or "99+" above the badge max. */
export const badgeText = (count: number, max: number): string => (count > max ? `${max}+` : String(count));

function useAlertCount() {
  return useQuery({
    queryKey: intelKeys.count,
    queryFn: ({ signal }) => api<IntelCountResponse>('/api/intel/v1/count', { query: { view: 'myNewIntel', tz: browserTimeZone() }, signal }),
    select: (r) => r.count,
    refetchInterval: ALERT_COUNT_POLL_MS,
    refetchIntervalInBackground: false,
  });
}

export function AlertCountBadge() {
  const { t } = useTranslation();
  const count = useAlertCount();
  const n = count.data ?? 0;
  return (
    <Tooltip label={t('nav.alertBadge.tooltip', { count: n })} openDelay={300}>
      <Button
        component={Link}
        to="/alerts"
        variant="subtle"
        color="gray"
        size="sm"
        px={{ base: 4, xs: 8 }}
        styles={{ root: { color: 'inherit' } }}
        aria-label={t('nav.alertBadge.label', { count: n })}
        data-testid="alert-count"
        data-count={count.data}
        rightSection={
          n > 0 ? (
            <Badge size="sm" color="red" variant="filled" radius="xl" data-testid="alert-count-badge">
              {badgeText(n, ALERT_BADGE_MAX)}
            </Badge>
          ) : count.isPending ? (
            // The widest badge's room while the count loads, so the bar does not shift (and refit) when it arrives.
            <Badge size="sm" radius="xl" aria-hidden style={{ visibility: 'hidden' }}>
              {badgeText(ALERT_BADGE_MAX + 1, ALERT_BADGE_MAX)}
            </Badge>
          ) : undefined
        }
      >
        {t('nav.alertBadge.name')}
      </Button>
    </Tooltip>
  );
}
