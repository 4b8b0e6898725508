import { describe, expect, it } from 'vitest';
import type { Notification } from '../../../contracts/notifications.ts';
import { appPath, groupByDay } from './model.ts';

const n = (id: number, createdAt: string): Notification => ({ id, kind: 'card', title: `n${id}`, body: null, url: null, createdAt, readAt: null });

describe('groupByDay', () => {
  it('groups consecutive notifications by local day, labelled today, yesterday, then by date', () => {
    const now = new Date(2026, 10, 25, 9, 0);
    const groups = groupByDay(
      [
        n(1, new Date(2026, 10, 25, 8, 30).toISOString()),
        n(2, new Date(2026, 10, 25, 0, 1).toISOString()),
        n(3, new Date(2026, 10, 24, 23, 59).toISOString()),
        n(4, new Date(2026, 10, 20, 12, 0).toISOString()),
        n(5, new Date(2026, 10, 20, 7, 0).toISOString()),
      ],
      now,
    );
    expect(groups.map((g) => [g.label, g.items.map((i) => i.id)])).toEqual([
      ['today', [1, 2]],
      ['yesterday', [3]],
      ['date', [4, 5]],
    ]);
  });

  it('is empty for no notifications', () => {
    expect(groupByDay([])).toEqual([]);
  });
});

describe('appPath', () => {
  it('opens only paths of the app', () => {
    expect(appPath('/alerts?intelIds=4')).toBe('/alerts?intelIds=4');
    expect(appPath('//evil.test')).toBeNull();
    expect(appPath('/\\evil.test')).toBeNull();
    expect(appPath('https://evil.test')).toBeNull();
    expect(appPath(null)).toBeNull();
  });
});
