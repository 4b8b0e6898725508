import { describe, expect, it } from 'vitest';
import { formPostError, redirectTarget, showsDemoHint, signInError } from './signin.ts';

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

  it('words a refused sign-in by the server’s status', () => {
    expect(signInError(401, null)).toEqual({ key: 'signin.errors.invalid' });
    expect(signInError(403, null)).toEqual({ key: 'signin.errors.deactivated' });
    expect(signInError(429, '42')).toEqual({ key: 'signin.errors.tooMany', values: { seconds: 42 } });
    expect(signInError(429, null)).toEqual({ key: 'signin.errors.tooMany', values: { seconds: 60 } });
    expect(signInError(400, null)).toEqual({ key: 'signin.errors.required' });
    expect(signInError(500, null)).toEqual({ key: 'signin.errors.generic' });
  });

  it('words a refused form post by the code the server sent it back with', () => {
    const back = (params: Record<string, string>) => formPostError(new URLSearchParams(params));
    expect(back({})).toBeNull();
    expect(back({ error: 'Invalid email or password', errorCode: 'sign_in_failed' })).toEqual({ key: 'signin.errors.invalid' });
    expect(back({ error: 'x', errorCode: 'account_deactivated' })).toEqual({ key: 'signin.errors.deactivated' });
    expect(back({ error: 'x', errorCode: 'sign_in_too_many', errorValues: '{"seconds":42}' })).toEqual({ key: 'signin.errors.tooMany', values: { seconds: 42 } });
    expect(back({ error: 'x', errorCode: 'sign_in_too_many', errorValues: 'nope' })).toEqual({ key: 'signin.errors.tooMany', values: { seconds: 60 } });
    expect(back({ error: 'Cross-site sign-in refused', errorCode: 'sign_in_cross_site' })).toEqual({ key: 'signin.errors.generic' });
    expect(back({ error: 'Invalid email or password' })).toEqual({ key: 'signin.errors.generic' });
  });
});
