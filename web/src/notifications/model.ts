// Pure helpers of the notifications screens: grouping by day, and where a notification's link goes. See model.test.ts.
import type { Notification } from '../../../contracts/notifications.ts';
import { isAppPath } from '../nav/navModel.ts';

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
