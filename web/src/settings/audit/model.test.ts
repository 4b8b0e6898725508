import { describe, expect, it } from 'vitest';
import type { AuditItem } from '../../../../contracts/settings.ts';
import { detailRows, humanizeKey, pageRange, refKindOf, shownOf, type Resolve } from './model.ts';

const entry = (action: string, targetType: AuditItem['targetType'], detail: Record<string, unknown>) => ({ action, targetType, detail });
const names: Record<string, string> = { 'visibilityGroup:3': 'Sales', 'visibilityGroup:4': 'Executives', 'rivalGroup:9': 'Top competitors' };
const resolve: Resolve = (kind, id) => names[`${kind}:${id}`] ?? null;
const text = (t: string) => ({ kind: 'text', text: t });

describe('detailRows', () => {
  it('shows a flag change as one row named by the flag', () => {
    expect(detailRows(entry('flag.set', 'flag', { flag: 'cardSentiment', before: true, after: false }), resolve)).toEqual([
      { label: 'cardSentiment', change: true, before: { kind: 'bool', value: true }, after: { kind: 'bool', value: false } },
    ]);
  });

  it('names a rename by its action and keeps only the side a setting change recorded', () => {
    expect(detailRows(entry('visibilityGroup.rename', 'visibilityGroup', { before: 'Sales', after: 'Field sales' }), resolve)).toEqual([
      { label: 'rename', change: true, before: text('Sales'), after: text('Field sales') },
    ]);
    expect(detailRows(entry('company.data', 'company', { path: 'defaults.consumerHome', after: 'landing' }), resolve)).toEqual([
      { label: 'consumerHome', change: true, before: null, after: text('landing') },
    ]);
  });

  it('names the visibility groups of a user change, and says when a group is no longer known', () => {
    const [row] = detailRows(entry('user.groups', 'user', { from: [3], to: [3, 4, 77] }), resolve);
    expect(row).toEqual({
      label: 'groups',
      change: true,
      before: { kind: 'refs', refs: [{ kind: 'visibilityGroup', id: 3, name: 'Sales' }] },
      after: {
        kind: 'refs',
        refs: [
          { kind: 'visibilityGroup', id: 3, name: 'Sales' },
          { kind: 'visibilityGroup', id: 4, name: 'Executives' },
          { kind: 'visibilityGroup', id: 77, name: null },
        ],
      },
    });
    // Roles are words, not ids; no role is "empty".
    expect(detailRows(entry('user.role', 'user', { from: [], to: ['admin', 'curator'] }), resolve)).toEqual([
      { label: 'role', change: true, before: { kind: 'empty' }, after: text('admin, curator') },
    ]);
  });

  it('shows a row per changed field of a profile change', () => {
    const rows = detailRows(entry('company.profile', 'company', { name: { before: 'Acme', after: 'Acme Inc.' }, emailDomains: { before: [], after: ['acme.test'] } }), resolve);
    expect(rows).toEqual([
      { label: 'name', change: true, before: text('Acme'), after: text('Acme Inc.') },
      { label: 'emailDomains', change: true, before: { kind: 'empty' }, after: text('acme.test') },
    ]);
  });

  it('shows other details as values, a reorder as the groups in their new order, without ids a reader has no use for', () => {
    const deleted = detailRows(
      entry('visibilityGroup.delete', 'visibilityGroup', { id: 3, name: 'Sales', viewOrder: 1, membersCount: 8, cardsOnlyHere: 12, askPermitted: false }),
      resolve,
    );
    expect(deleted.map((r) => r.label)).toEqual(['name', 'membersCount', 'cardsOnlyHere', 'askPermitted']);
    expect(deleted[1]).toEqual({ label: 'membersCount', change: false, value: text('8') });
    const [order] = detailRows(entry('rivalGroup.reorder', 'rivalGroup', { ids: [9, 5] }), resolve);
    expect(order).toEqual({
      label: 'ids',
      change: false,
      value: {
        kind: 'refs',
        refs: [
          { kind: 'rivalGroup', id: 9, name: 'Top competitors' },
          { kind: 'rivalGroup', id: 5, name: null },
        ],
      },
    });
  });

  it('names the people added to a group and leaves out an empty list', () => {
    const people: Resolve = (kind, id) => (kind === 'user' && id === 3 ? 'Sam Seller' : null);
    expect(detailRows(entry('visibilityGroup.members', 'visibilityGroup', { added: [3, 8], removed: [] }), people)).toEqual([
      {
        label: 'added',
        change: false,
        value: {
          kind: 'refs',
          refs: [
            { kind: 'user', id: 3, name: 'Sam Seller' },
            { kind: 'user', id: 8, name: null },
          ],
        },
      },
    ]);
  });

  it('has no rows for an entry without detail', () => {
    expect(detailRows(entry('synonyms.restore', 'synonyms', {}), resolve)).toEqual([]);
  });
});

describe('values', () => {
  it('reads ids as references only where the key names something', () => {
    expect(refKindOf({ action: 'visibilityGroup.members', targetType: 'visibilityGroup' }, 'added')).toBe('user');
    expect(refKindOf({ action: 'invitation.create', targetType: 'invitation' }, 'visibilityGroupId')).toBe('visibilityGroup');
    expect(refKindOf({ action: 'invitation.create', targetType: 'invitation' }, 'ids')).toBeNull();
    expect(refKindOf({ action: 'user.role', targetType: 'user' }, 'from')).toBeNull();
    expect(shownOf(12, null, resolve)).toEqual(text('12'));
  });

  it('shows nothing set as empty and other shapes as compact text', () => {
    expect(shownOf(null, null, resolve)).toEqual({ kind: 'empty' });
    expect(shownOf('', null, resolve)).toEqual({ kind: 'empty' });
    expect(shownOf([], 'user', resolve)).toEqual({ kind: 'empty' });
    expect(shownOf({ a: 1 }, null, resolve)).toEqual(text('{"a":1}'));
  });

  it('makes a label of a key the screen has no words for', () => {
    expect(humanizeKey('cardsOnlyHere')).toBe('Cards only here');
    expect(humanizeKey('defaults.new_users')).toBe('New users');
    expect(humanizeKey('url')).toBe('Url');
  });
});

describe('pageRange', () => {
  it('gives the first and last entry of a page and the number of pages', () => {
    expect(pageRange(1, 25, 60)).toEqual({ from: 1, to: 25, pages: 3 });
    expect(pageRange(3, 25, 60)).toEqual({ from: 51, to: 60, pages: 3 });
    expect(pageRange(1, 25, 0)).toEqual({ from: 0, to: 0, pages: 1 });
  });
});
