import { describe, expect, it } from 'vitest';
import type { Notification, NotificationKind, NotificationParams } from '../../../contracts/notifications.ts';
import i18n, { i18nReady, type Translate } from '../i18n/index.ts';
import { appPath, groupByDay, notificationText } from './model.ts';

const n = (id: number, createdAt: string): Notification => ({ id, kind: 'card', title: `n${id}`, body: null, params: null, url: null, createdAt, readAt: null });

await i18nReady();
await i18n.loadLanguages('de');
const translate = (language: string): Translate => {
  const t = i18n.getFixedT(language);
  return (key, values) => t(key, values ?? {});
};
/** A notification of the kind and params, stored with English words of its own, in the reader's language. */
const words = <K extends NotificationKind>(kind: K, params: NotificationParams[K] | null, language: string) =>
  notificationText({ ...n(1, '2026-11-25T08:00:00Z'), kind, params, title: 'Stored title', body: 'Stored body' } as Notification, translate(language), language);

describe('notificationText', () => {
  it('composes new intel about the rivals, listed the reader’s way; the detail is the item’s title', () => {
    const rivals = ['DataHarbor', 'Lumenary', 'Quantive Labs'];
    expect(words('intel', { rivals }, 'en')).toEqual({ title: 'New intel about DataHarbor, Lumenary, and Quantive Labs', body: 'Stored body' });
    expect(words('intel', { rivals }, 'de')).toEqual({ title: 'Neue Intel zu DataHarbor, Lumenary und Quantive Labs', body: 'Stored body' });
  });

  it('composes a changed card, by its editor when there is one', () => {
    const card = { card: 'Pricing', editor: 'Cory Curator', rival: 'Lumenary', board: 'Overview' };
    expect(words('card', card, 'en')).toEqual({ title: 'Pricing was updated', body: 'Edited by Cory Curator · Lumenary › Overview' });
    expect(words('card', card, 'de')).toEqual({ title: 'Pricing wurde aktualisiert', body: 'Bearbeitet von Cory Curator · Lumenary › Overview' });
    expect(words('card', { ...card, editor: null }, 'de').body).toBe('Lumenary › Overview');
  });

  it('composes a broken integration or a webhook turned off; the detail is the reason as stored', () => {
    const off = { target: 'webhook', name: 'hooks.example.com', reason: 'hooks.example.com answered 500 for a day' } as const;
    expect(words('integration', off, 'en')).toEqual({ title: 'The webhook to hooks.example.com was turned off', body: off.reason });
    expect(words('integration', { ...off, target: 'slack', name: 'Acme' }, 'de').title).toBe('Slack funktioniert nicht mehr');
  });

  it('composes an accepted invitation; the detail is the address invited', () => {
    expect(words('invitation', { name: 'Dana Ruiz' }, 'de')).toEqual({ title: 'Dana Ruiz hat Ihre Einladung angenommen', body: 'Stored body' });
    expect(words('invitation', { name: 'Dana Ruiz' }, 'en').title).toBe('Dana Ruiz accepted your invitation');
  });

  it('composes an ended job by its kind, state and counts; a failure’s detail is its error as stored', () => {
    const job = (params: Partial<NotificationParams['job']>, language: string) =>
      words('job', { job: 'intelUpdate', state: 'completed', total: 1, done: 1, failed: 0, ...params }, language);
    expect(job({}, 'en')).toEqual({ title: 'Bulk update of 1 intel item completed', body: null });
    expect(job({}, 'de')).toEqual({ title: 'Mehrfachbearbeitung von 1 Intel-Meldung abgeschlossen', body: null });
    expect(job({ total: 1200, done: 1200, failed: 3 }, 'de')).toEqual({
      title: 'Mehrfachbearbeitung von 1.200 Intel-Meldungen abgeschlossen',
      body: '3 von 1.200 konnten nicht geändert werden',
    });
    expect(job({ total: 1200, done: 1200, failed: 1 }, 'en').body).toBe('1 of 1,200 could not be changed');
    expect(job({ state: 'cancelled', total: 0, done: 0 }, 'en')).toEqual({ title: 'Bulk update of intel items cancelled', body: null });
    expect(job({ state: 'cancelled', total: 40, done: 12 }, 'de')).toEqual({
      title: 'Mehrfachbearbeitung von 40 Intel-Meldungen abgebrochen',
      body: '12 von 40 erledigt, bevor der Job abgebrochen wurde',
    });
    expect(job({ job: 'boardCreation', state: 'failed', failed: 1 }, 'de')).toEqual({ title: 'Board-Erstellung fehlgeschlagen', body: 'Stored body' });
    expect(job({ job: 'reviewImport' }, 'en').title).toBe('Review import completed');
    expect(job({ job: 'reviewImport', state: 'failed' }, 'de').title).toBe('Bewertungsimport fehlgeschlagen');
  });

  it('shows a row from before params were kept as it was stored, in any language', () => {
    expect(words('intel', null, 'de')).toEqual({ title: 'Stored title', body: 'Stored body' });
    expect(words('job', null, 'en')).toEqual({ title: 'Stored title', body: 'Stored body' });
  });
});

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
