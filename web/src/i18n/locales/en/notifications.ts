// English strings of notifications (the bell, the /notifications page, following cards), merged into en.ts under the
// key notifications.
export default {
  kinds: {
    intel: 'Intel',
    job: 'Job',
    invitation: 'Invitation',
    card: 'Card',
    integration: 'Integration',
  },
  // A notification's words, from what the server keeps of it (contracts/notifications.ts NotificationParams).
  titles: {
    intel: 'New intel about {rivals}',
    invitation: '{name} accepted your invitation',
    card: '{card} was updated',
    integration: '{target, select, webhook {The webhook to {name} was turned off} slack {Slack stopped working} other {Microsoft Teams stopped working}}',
    job: '{state, select, completed {{job} completed} failed {{job} failed} other {{job} cancelled}}',
    jobs: {
      intelUpdate: '{total, plural, =0 {Bulk update of intel items} one {Bulk update of # intel item} other {Bulk update of # intel items}}',
      boardCreation: 'Board creation',
      reviewImport: 'Review import',
    },
  },
  details: {
    cardEdited: 'Edited by {editor} · {rival} › {board}',
    cardPlace: '{rival} › {board}',
    jobCancelled: '{done, number} of {total, number} done before it was cancelled',
    jobNotChanged: '{failed, number} of {total, number} could not be changed',
  },
  unread: 'Unread',
  markRead: 'Mark as read',
  markAll: 'Mark all read',
  markedAll: '{count, plural, one {# notification marked as read} other {# notifications marked as read}}',
  nothingUnread: 'Nothing unread',
  failed: 'Notifications could not be loaded',
  actionFailed: 'The notifications could not be updated',
  retry: 'Try again',
  bell: {
    label: 'Notifications',
    title: 'Notifications',
    seeAll: 'See all notifications',
    empty: 'You’re all caught up',
    emptyHint: 'New intel on your rivals, finished jobs and changes to cards you follow show up here.',
  },
  page: {
    eyebrow: 'Inbox',
    title: 'Notifications',
    subtitle: 'New intel on the rivals you curate, jobs you started, invitations you sent and changes to cards you follow.',
    filterLabel: 'Show',
    filters: {
      all: 'All',
      unread: 'Unread',
    },
    unreadCount: '{count, plural, one {# unread} other {# unread}}',
    today: 'Today',
    yesterday: 'Yesterday',
    loadMore: 'Load more',
    end: 'That’s everything.',
    empty: {
      all: {
        title: 'No notifications yet',
        text: 'Follow a card from its menu to hear when it changes. New intel on rivals you curate and jobs you started show up here too.',
      },
      unread: {
        title: 'You’re all caught up',
        text: 'Nothing unread. Switch to All to see what you have already read.',
      },
    },
  },
  follow: {
    follow: 'Follow',
    unfollow: 'Unfollow',
    hint: 'Get notified when it changes',
    followed: 'You’ll be notified when this card changes',
    unfollowed: 'You won’t be notified about this card any more',
    failed: 'Following could not be changed',
  },
};
