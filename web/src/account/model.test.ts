import { describe, expect, it } from 'vitest';
import { isHttpsUrl, languageOptions, passwordProblem, resetLinkProblem } from './model.ts';

describe('account helpers', () => {
  it('accepts only https pictures', () => {
    expect(isHttpsUrl('https://img.example.test/a.png')).toBe(true);
    expect(isHttpsUrl('http://img.example.test/a.png')).toBe(false);
    expect(isHttpsUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpsUrl('https://a b')).toBe(false);
  });

  it('offers the supported languages, each by its own name', () => {
    expect(languageOptions(['en'])).toEqual([{ value: 'en', label: 'English' }]);
    expect(languageOptions(['en', 'de', 'fr']).map((o) => o.label)).toEqual(['English', 'Deutsch', 'Français']);
  });

  it('asks for 12 characters and a matching confirmation', () => {
    expect(passwordProblem('short', 'short')).toBe('short');
    expect(passwordProblem('long-enough-pw', 'long-enough-px')).toBe('mismatch');
    expect(passwordProblem('long-enough-pw', 'long-enough-pw')).toBeNull();
  });

  it('tells why a password reset link no longer works from the server’s code', () => {
    expect(resetLinkProblem('password_reset_expired')).toBe('expired');
    expect(resetLinkProblem('password_reset_used')).toBe('used');
    expect(resetLinkProblem('password_reset_unknown')).toBe('unknown');
    expect(resetLinkProblem('invalid_input')).toBeNull();
    expect(resetLinkProblem('toString')).toBeNull();
  });
});
