// The German strings of the server are the English ones translated: the same keys, the same ICU arguments (a renamed or
// dropped {placeholder} would throw or vanish at send time), and every message parses.
import { describe, expect, it } from 'vitest';
import { argumentKinds, leaves, messageParts } from '../../tests/helpers/messages.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { format, formatDay, readerLanguage, serverStrings } from './index.ts';

describe('mail strings', () => {
  const english = leaves(en);
  const german = leaves(de);

  it('has exactly the English keys in German', () => {
    expect(german.map(([k]) => k).sort()).toEqual(english.map(([k]) => k).sort());
  });

  it('parses every message in both languages', () => {
    for (const [key, message] of [...english, ...german]) expect(() => messageParts(message), key).not.toThrow();
  });

  it('names the same ICU arguments in German as in English', () => {
    const germanByKey = new Map(german);
    for (const [key, message] of english) expect(argumentKinds(germanByKey.get(key)!), key).toEqual(argumentKinds(message));
  });

  it('formats in the language asked for, and in English for a language the mails lack', () => {
    expect(format('de', 'invitation.lead', { inviter: 'Ada', company: 'Northwind', role: 'curator' })).toBe(
      'Ada hat Sie als Kurator zu Northwind auf Rivalscope eingeladen.',
    );
    expect(format('de-AT', 'invitation.accept')).toBe('Einladung annehmen');
    expect(format('fr', 'invitation.lead', { inviter: 'Ada', company: 'Northwind', role: 'consumer' })).toBe(
      'Ada invited you to join Northwind on Rivalscope as a member.',
    );
    expect(readerLanguage(null)).toBe('en');
    expect(serverStrings('xx')).toBe(en);
  });

  it('writes dates in the mail’s language', () => {
    const day = new Date('2026-12-06T23:30:00Z');
    expect(formatDay('de', day, 'long')).toBe('6. Dezember 2026');
    expect(formatDay('en', day, 'long')).toBe('December 6, 2026');
    expect(formatDay('de', day, 'short')).toBe('6. Dez. 2026');
  });
});
