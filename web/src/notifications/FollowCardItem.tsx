// Follow or unfollow a card, from its menu: a follower is notified when the card's name, text or lane changes.
// Everyone who can see the card may follow it; its authors follow it from the start.
import { Menu } from '@mantine/core';
import { useTranslation } from '../i18n/react.tsx';
import { BellIcon } from '../brand/icons.tsx';
import { toastError, toastSuccess } from '../shared/toast.ts';
import { useCardFollow, useSetCardFollow } from './api.ts';

export function FollowCardItem({ cardId }: { cardId: number }) {
  const { t } = useTranslation();
  const state = useCardFollow(cardId);
  const set = useSetCardFollow(cardId);
  const following = state.data?.following ?? false;
  return (
    <Menu.Item
      leftSection={<BellIcon size={14} />}
      disabled={!state.data || set.isPending}
      closeMenuOnClick
      onClick={() =>
        set.mutate(!following, {
          onSuccess: (r) => toastSuccess(t(r.following ? 'notifications.follow.followed' : 'notifications.follow.unfollowed')),
          onError: (err) => toastError(t('notifications.follow.failed'), err),
        })
      }
      title={t('notifications.follow.hint')}
      data-testid="card-menu-follow"
      data-following={state.data ? following : undefined}
    >
      {t(following ? 'notifications.follow.unfollow' : 'notifications.follow.follow')}
    </Menu.Item>
  );
}
