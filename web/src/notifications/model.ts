// Pure helpers of the notifications screens: a notification's words, grouping by day, and where a notification's link
// goes. See model.test.ts.
import type { Notification, NotificationParams } from '../../../contracts/notifications.ts';
import type { Translate } from '../i18n/index.ts';
import { isAppPath } from '../nav/navModel.ts';

export type NotificationText = { title: string; body: string | null };

function jobName(p: NotificationParams['job'], t: Translate): string {
  switch (p.job) {
    case 'intelUpdate':
      return t('notifications.titles.jobs.intelUpdate', { total: p.total });
    case 'boardCreation':
      return t('notifications.titles.jobs.boardCreation');
    case 'reviewImport':
      return t('notifications.titles.jobs.reviewImport');
  }
}

const cardDetail = ({ editor, rival, board }: NotificationParams['card'], t: Translate): string =>
  editor ? t('notifications.details.cardEdited', { editor, rival, board }) : t('notifications.details.cardPlace', { rival, board });

/** A failed job's detail is its error (stored as body), kept as the job wrote it. */
function jobDetail(p: NotificationParams['job'], error: string | null, t: Translate): string | null {
  if (p.state === 'failed') return error;
  if (p.state === 'cancelled' && p.total > 0) return t('notifications.details.jobCancelled', { done: p.done, total: p.total });
  if (p.failed > 0) return t('notifications.details.jobNotChanged', { failed: p.failed, total: p.total });
  return null;
}

function composed(n: Notification, t: Translate, language: string): NotificationText | null {
  switch (n.kind) {
    case 'intel':
      return n.params && { title: t('notifications.titles.intel', { rivals: new Intl.ListFormat(language).format(n.params.rivals) }), body: n.body };
    case 'invitation':
      return n.params && { title: t('notifications.titles.invitation', { name: n.params.name }), body: n.body };
    case 'card':
      return n.params && { title: t('notifications.titles.card', { card: n.params.card }), body: cardDetail(n.params, t) };
    case 'integration':
      // The reason is the peer's own words (or the failures that turned an endpoint off), kept as stored.
      return n.params && { title: t('notifications.titles.integration', { target: n.params.target, name: n.params.name }), body: n.params.reason };
    case 'job':
      return n.params && { title: t('notifications.titles.job', { state: n.params.state, job: jobName(n.params, t) }), body: jobDetail(n.params, n.body, t) };
  }
}

/**
 * A notification's title and detail in the reader's language, from its kind and params; a row written before params
 * were kept shows the English words it was stored with.
 */
export const notificationText = (n: Notification, t: Translate, language: string): NotificationText =>
  composed(n, t, language) ?? { title: n.title, body: n.body };

export type DayGroup = { key: string; label: 'today' | 'yesterday' | 'date'; date: string; items: Notification[] };

const dayKey = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** Notifications (newest first) in groups of one local day each, labelled today, yesterday or by date. */
export function groupByDay(items: Notification[], now: Date = new Date()): DayGroup[] {
  const today = dayKey(now);
  const yesterday = dayKey(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1));
  const groups: DayGroup[] = [];
  for (const n of items) {
    const key = dayKey(new Date(n.createdAt));
    let group = groups.at(-1);
    if (group?.key !== key) {
      group = { key, label: key === today ? 'today' : key === yesterday ? 'yesterday' : 'date', date: n.createdAt, items: [] };
      groups.push(group);
    }
    group.items.push(n);
  }
  return groups;
}

/** A notification opens inside the app only through a path of the app; anything else opens nothing. */
export function appPath(url: string | null): string | null {
  return url && isAppPath(url) ? url : null;
}
