import { describe, expect, it } from 'vitest';
import de from '../i18n/locales/de/whatsNew.ts';
import en from '../i18n/locales/en/whatsNew.ts';
import { isNewSince, RELEASE_AREAS, RELEASE_NOTES, seenThrough } from './releaseNotes.ts';
import { hasUnreadNotes, LATEST_RELEASE_DATE, WHATS_NEW_SEEN_KEY } from './seen.ts';

describe('release notes', () => {
  it('are newest first, each with its own id and a real day', () => {
    const dates = RELEASE_NOTES.map((n) => n.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set(RELEASE_NOTES.map((n) => n.id)).size).toBe(RELEASE_NOTES.length);
    for (const n of RELEASE_NOTES) expect(new Date(`${n.date}T00:00:00Z`).toISOString().slice(0, 10), n.id).toBe(n.date);
  });

  it('move the menu’s latest day with them: a new entry marks What’s new again', () => {
    expect(LATEST_RELEASE_DATE).toBe(RELEASE_NOTES[0].date);
  });

  it('have a title and a body in every language, and every area a label', () => {
    for (const strings of [en, de]) {
      const notes = strings.notes as Record<string, { title: string; body: string }>;
      expect(Object.keys(notes).sort()).toEqual(RELEASE_NOTES.map((n) => n.id).sort());
      for (const n of RELEASE_NOTES) {
        expect(n.titleKey).toBe(`whatsNew.notes.${n.id}.title`);
        expect(n.bodyKey).toBe(`whatsNew.notes.${n.id}.body`);
        expect(notes[n.id].title.length, n.id).toBeGreaterThan(5);
        expect(notes[n.id].body.length, n.id).toBeGreaterThan(40);
      }
      expect(Object.keys(strings.areas).sort()).toEqual([...RELEASE_AREAS].sort());
    }
  });
});

describe('what the user has seen', () => {
  it('reads the day kept in userData, and nothing else', () => {
    expect(seenThrough({ [WHATS_NEW_SEEN_KEY]: '2026-11-25' })).toBe('2026-11-25');
    expect(seenThrough({ [WHATS_NEW_SEEN_KEY]: 'yesterday' })).toBeNull();
    expect(seenThrough({ [WHATS_NEW_SEEN_KEY]: 20261125 })).toBeNull();
    expect(seenThrough({})).toBeNull();
    expect(seenThrough(undefined)).toBeNull();
  });

  it('has unread notes until the page was opened since the newest one', () => {
    expect(hasUnreadNotes({}, '2026-12-06')).toBe(true);
    expect(hasUnreadNotes({ [WHATS_NEW_SEEN_KEY]: '2026-11-25' }, '2026-12-06')).toBe(true);
    expect(hasUnreadNotes({ [WHATS_NEW_SEEN_KEY]: '2026-12-06' }, '2026-12-06')).toBe(false);
    expect(hasUnreadNotes({ [WHATS_NEW_SEEN_KEY]: LATEST_RELEASE_DATE })).toBe(false);
    expect(hasUnreadNotes({ [WHATS_NEW_SEEN_KEY]: 20261206 }, '2026-12-06')).toBe(true);
  });

  it('marks the entries after the last visit as new, none on a first visit', () => {
    expect(isNewSince('2026-12-06', '2026-11-25')).toBe(true);
    expect(isNewSince('2026-11-25', '2026-11-25')).toBe(false);
    expect(isNewSince('2026-12-06', null)).toBe(false);
  });
});
