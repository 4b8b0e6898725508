import { describe, expect, it } from 'vitest';
import { linkHere, pageRange, usersQuery } from './model.ts';

describe('users filters', () => {
  it('send only what narrows the list', () => {
    expect(usersQuery({ query: '  dana ', type: 'all', status: 'all', page: 2 })).toEqual({
      order: 'alpha',
      page: 2,
      limit: 20,
      query: 'dana',
      typeFilter: undefined,
      status: undefined,
    });
    expect(usersQuery({ query: '', type: 'admins', status: 'deactivated', page: 1 })).toMatchObject({ query: undefined, typeFilter: 'admins', status: 'deactivated' });
  });

  it('bound a page of results', () => {
    expect(pageRange(1, 20, 0)).toEqual({ from: 0, to: 0 });
    expect(pageRange(1, 20, 7)).toEqual({ from: 1, to: 7 });
    expect(pageRange(2, 20, 27)).toEqual({ from: 21, to: 27 });
  });

  it('builds the invitation link on this browser’s origin', () => {
    expect(linkHere('/account/invitation/abc', 'http://127.0.0.1:3230/')).toBe('http://127.0.0.1:3230/account/invitation/abc');
  });
});
