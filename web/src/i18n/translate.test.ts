import { describe, expect, it } from 'vitest';
import i18n, { supportedLanguage, t, translator } from './index.ts';

describe('the translator', () => {
  it('finds nested keys and falls back to the key when a string is missing', () => {
    expect(t('app.name')).toBe('Rivalscope');
    expect(t('app.nowhere')).toBe('app.nowhere');
    expect(t('app')).toBe('app');
    expect(t('app.missing', { defaultValue: 'Fallback' })).toBe('Fallback');
  });

  it('chooses the plural form by count and puts values in', () => {
    i18n.addStrings('en', 'testArea', {
      items_one: '{{count}} item in {{place}}',
      items_other: '{{count}} items in {{place}}',
      rivals_zero: 'No rivals',
      rivals_one: '{{count}} rival',
      rivals_other: '{{count}} rivals',
      plain: 'No {{gap}} here',
    });
    expect(t('testArea.items', { count: 1, place: 'Austin' })).toBe('1 item in Austin');
    expect(t('testArea.items', { count: 0, place: 'Austin' })).toBe('0 items in Austin');
    expect(t('testArea.items', { count: 2, place: 'Austin' })).toBe('2 items in Austin');
    expect(t('testArea.rivals', { count: 0 })).toBe('No rivals');
    expect(t('testArea.rivals', { count: 1 })).toBe('1 rival');
    // A value not given stays visible rather than vanishing from the sentence.
    expect(t('testArea.plain', {})).toBe('No {{gap}} here');
  });

  it('translates in English when another language lacks a string', () => {
    expect(translator('fr')('app.name')).toBe('Rivalscope');
  });

  it('maps regional codes to supported languages and rejects the rest', () => {
    expect(supportedLanguage('en-GB')).toBe('en');
    expect(supportedLanguage('EN_us')).toBe('en');
    expect(supportedLanguage('fr')).toBeNull();
    expect(supportedLanguage(undefined)).toBeNull();
  });

  it('tells subscribers when the language changes, and falls back to English for an unsupported one', () => {
    let calls = 0;
    const unsubscribe = i18n.subscribe(() => calls++);
    i18n.changeLanguage('de');
    expect(i18n.language).toBe('en');
    expect(calls).toBe(0);
    unsubscribe();
  });
});
