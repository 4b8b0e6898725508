// The profile header's way to a rival's news, with the unread count for readers who have unread badges.
import { Badge, Button } from '@mantine/core';
import { Link } from 'react-router';
import { badgeText } from '../../../contracts/news.ts';
import { useSession } from '../core/SessionContext.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { showsUnreadBadges } from './model.ts';
import { NewsIcon } from './icons.tsx';
import { useUnreadCounts } from './unread.ts';
import '../i18n/areas/news.ts';

export function NewsButton({ profileId }: { profileId: number }) {
  const { t } = useTranslation();
  const { user, company } = useSession();
  const unread = useUnreadCounts(showsUnreadBadges(user, company));
  const count = unread.data?.[profileId] ?? 0;
  const text = badgeText(count);
  return (
    <Button
      component={Link}
      to={`/profile/${profileId}/news`}
      variant="default"
      size="xs"
      leftSection={<NewsIcon size={14} />}
      rightSection={
        text && (
          <Badge size="xs" color="red" variant="filled" circle={text.length === 1} data-testid="profile-news-unread">
            {text}
          </Badge>
        )
      }
      aria-label={text ? t('news.profile.buttonUnread', { count }) : undefined}
      data-testid="profile-news-link"
    >
      {t('news.profile.button')}
    </Button>
  );
}
