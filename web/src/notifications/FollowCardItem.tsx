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
      // The menu closes on the click and unmounts this item, so the answer is awaited on the promise: callbacks given
      // to mutate() are dropped once their component is gone, and a slow answer would go untold.
      onClick={() =>
        set.mutateAsync(!following).then(
          (r) => toastSuccess(t(r.following ? 'notifications.follow.followed' : 'notifications.follow.unfollowed')),
          (err: unknown) => toastError(t('notifications.follow.failed'), err),
        )
      }
      title={t('notifications.follow.hint')}
      data-testid="card-menu-follow"
      data-following={state.data ? following : undefined}
    >
      {t(following ? 'notifications.follow.unfollow' : 'notifications.follow.follow')}
    </Menu.Item>
  );
}
