// PATCH operations in the forms identity providers send them (RFC 7644 §3.5.2), on a resource's JSON.
import { describe, expect, it } from 'vitest';
import type { ScimPatchOp } from '../../contracts/scim.ts';
import { applyPatch } from './patch.ts';

const user = () => ({
  userName: 'ada@demo.test',
  displayName: 'Ada Lovelace',
  name: { formatted: 'Ada Lovelace', givenName: 'Ada', familyName: 'Lovelace' },
  emails: [{ value: 'ada@demo.test', type: 'work', primary: true }],
  active: true,
});
const op = (o: Partial<ScimPatchOp> & Pick<ScimPatchOp, 'op'>): ScimPatchOp => o;

describe('applyPatch', () => {
  it("takes Okta's replace without a path and Entra ID's with one, names in any case", () => {
    expect(applyPatch(user(), [op({ op: 'replace', value: { active: false } })]).active).toBe(false);
    expect(applyPatch(user(), [op({ op: 'replace', path: 'Active', value: 'False' })]).active).toBe('False');
    expect(applyPatch(user(), [op({ op: 'replace', value: { 'name.familyName': 'King' } })]).name).toMatchObject({ givenName: 'Ada', familyName: 'King' });
    expect(applyPatch(user(), [op({ op: 'replace', path: 'urn:ietf:params:scim:schemas:core:2.0:User:userName', value: 'x' })]).userName).toBe('x');
  });

  it('changes, adds and removes values of a multi-valued attribute through a filter', () => {
    const replaced = applyPatch(user(), [op({ op: 'replace', path: 'emails[type eq "work"].value', value: 'new@demo.test' })]);
    expect(replaced.emails).toEqual([{ value: 'new@demo.test', type: 'work', primary: true }]);
    const made = applyPatch({ ...user(), emails: [] }, [op({ op: 'add', path: 'emails[type eq "work"].value', value: 'new@demo.test' })]);
    expect(made.emails).toEqual([{ type: 'work', value: 'new@demo.test' }]);

    const group = { displayName: 'Sales', members: [{ value: '1' }, { value: '2' }, { value: '3' }] };
    expect(applyPatch(group, [op({ op: 'remove', path: 'members[value eq "2"]' })]).members).toEqual([{ value: '1' }, { value: '3' }]);
    expect(applyPatch(group, [op({ op: 'remove', path: 'members', value: [{ value: '1' }] })]).members).toEqual([{ value: '2' }, { value: '3' }]);
    expect(applyPatch(group, [op({ op: 'add', path: 'members', value: [{ value: '3' }, { value: '4' }] })]).members).toHaveLength(4);
    expect(applyPatch(group, [op({ op: 'remove', path: 'members[value eq "9"]' })]).members).toHaveLength(3);
    expect(applyPatch(group, [op({ op: 'remove', path: 'members' })]).members).toBeUndefined();
  });

  it('leaves attributes of extensions alone and the given resource unchanged', () => {
    const before = user();
    const after = applyPatch(before, [op({ op: 'add', path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department', value: 'Sales' })]);
    expect(after).toEqual(before);
    applyPatch(before, [op({ op: 'replace', path: 'displayName', value: 'Changed' })]);
    expect(before.displayName).toBe('Ada Lovelace');
  });

  it('refuses paths it cannot read and operations it cannot apply', () => {
    expect(() => applyPatch(user(), [op({ op: 'replace', path: 'emails[type eq "work"', value: 'x' })])).toThrow(expect.objectContaining({ status: 400, scimType: 'invalidPath' }));
    expect(() => applyPatch(user(), [op({ op: 'replace', path: 'emails[type xx "work"].value', value: 'x' })])).toThrow(expect.objectContaining({ scimType: 'invalidFilter' }));
    expect(() => applyPatch(user(), [op({ op: 'replace', path: 'a b', value: 'x' })])).toThrow(expect.objectContaining({ scimType: 'invalidPath' }));
    expect(() => applyPatch(user(), [op({ op: 'remove' })])).toThrow(expect.objectContaining({ scimType: 'noTarget' }));
    expect(() => applyPatch(user(), [op({ op: 'replace', value: 'x' })])).toThrow(expect.objectContaining({ scimType: 'invalidValue' }));
    expect(() => applyPatch(user(), [op({ op: 'replace', path: 'emails[type ne "work"].value', value: 'x' })])).toThrow(expect.objectContaining({ scimType: 'noTarget' }));
  });
});
