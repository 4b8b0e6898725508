import { describe, expect, it } from 'vitest';
import { redirectTarget, showsDemoHint, signInErrorMessage } from './signin.ts';

describe('sign-in helpers', () => {
  it('shows the demo hint only on this machine', () => {
    expect(showsDemoHint('localhost')).toBe(true);
    expect(showsDemoHint('127.0.0.1')).toBe(true);
    expect(showsDemoHint('app.rivalscope.com')).toBe(false);
  });

  it('keeps only internal redirect targets', () => {
    expect(redirectTarget(new URLSearchParams('redirectTo=/alerts%3Fview%3Dpublished'))).toBe('/alerts?view=published');
    expect(redirectTarget(new URLSearchParams('redirectTo=//evil.test'))).toBeUndefined();
    expect(redirectTarget(new URLSearchParams('redirectTo=https://evil.test'))).toBeUndefined();
    expect(redirectTarget(new URLSearchParams(''))).toBeUndefined();
  });

  it('shows the server message, or a fallback', () => {
    expect(signInErrorMessage({ error: 'Invalid email or password' }, 'x')).toBe('Invalid email or password');
    expect(signInErrorMessage(null, 'fallback')).toBe('fallback');
    expect(signInErrorMessage({ nope: 1 }, 'fallback')).toBe('fallback');
  });
});
