import { describe, expect, it } from 'vitest';
import { ssoRefusal, ssoStartUrl } from './ssoRouting.ts';

describe('sign-in routing', () => {
  it('keeps where the user was headed on the way to the provider', () => {
    expect(ssoStartUrl('/auth/sso/start?email=a%40b.test', '/feed?x=1')).toBe('/auth/sso/start?email=a%40b.test&redirectTo=%2Ffeed%3Fx%3D1');
    expect(ssoStartUrl('/auth/sso/start?email=a%40b.test', undefined)).toBe('/auth/sso/start?email=a%40b.test');
  });

  it('words the refusals of single sign-on, and leaves the others to the password refusals', () => {
    expect(ssoRefusal('sso_replayed')).toEqual({ key: 'signin.sso.errors.sso_replayed' });
    expect(ssoRefusal('sso_required')).toEqual({ key: 'signin.sso.errors.sso_required' });
    expect(ssoRefusal('account_deactivated')).toBeNull();
    expect(ssoRefusal('sso_unknown')).toBeNull();
    expect(ssoRefusal(undefined)).toBeNull();
  });
});
