import { afterAll, describe, expect, it } from 'vitest';
import i18n, { changeLanguage, i18nReady, loadArea, supportedLanguage, t } from './index.ts';

await i18nReady();
afterAll(() => changeLanguage('en'));

describe('the translator', () => {
  it('finds nested keys, answers a default value or else the key itself', () => {
    expect(t('app.name')).toBe('Rivalscope');
    expect(t('app.missing', { defaultValue: 'Fallback' })).toBe('Fallback');
  });

  it('formats ICU plurals and arguments in the language of the reader', async () => {
    await loadArea('alerts');
    expect(t('alerts.count', { count: 1 })).toBe('1 item in this view');
    expect(t('alerts.count', { count: 1234 })).toBe('1,234 items in this view');
    await changeLanguage('de');
    expect(i18n.language).toBe('de');
    expect(t('alerts.count', { count: 1 })).toBe('1 Meldung in dieser Ansicht');
    // German groups thousands with a dot: the number goes through Intl in the reader's language.
    expect(t('alerts.count', { count: 1234 })).toBe('1.234 Meldungen in dieser Ansicht');
    expect(t('landing.website', { domain: 'acme.com' })).toBe('landing.website');
    await loadArea('landing');
    expect(t('landing.website', { domain: 'acme.com' })).toContain('acme.com');
    expect(t('landing.website', { domain: 'acme.com' })).not.toBe(i18n.getFixedT('en')('landing.website', { domain: 'acme.com' }));
  });

  it('loads the areas already loaded in a language it switches to', async () => {
    await changeLanguage('de');
    await loadArea('news');
    const german = t('news.subtitle');
    await changeLanguage('en');
    expect(t('news.subtitle')).not.toBe(german);
    expect(t('news.subtitle')).not.toBe('news.subtitle');
  });

  it('falls back to English for an unsupported language', async () => {
    await changeLanguage('fr');
    expect(i18n.language).toBe('en');
    expect(t('app.name')).toBe('Rivalscope');
  });

  it('maps regional codes to supported languages and rejects the rest', () => {
    expect(supportedLanguage('en-GB')).toBe('en');
    expect(supportedLanguage('DE_at')).toBe('de');
    expect(supportedLanguage('fr')).toBeNull();
    expect(supportedLanguage(undefined)).toBeNull();
  });
});
