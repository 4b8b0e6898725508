import { describe, expect, it } from 'vitest';
import type { SynonymEntry } from '../../../../contracts/synonyms.ts';
import { changesOf, draftToAdd, emptyDraft, isSameTerm, matchesFilter, mergeProblems, problemCount, serverProblems, statusOf, toBody, toDrafts, validate, type Draft } from './model.ts';

const MESSAGES = { oneWayNeedsTarget: 'needs a target' };
const saved: SynonymEntry[] = [
  { terms: ['sso', 'single sign on', 'saml'], mapsTo: [] },
  { terms: ['cheaper'], mapsTo: ['price', 'pricing'] },
];
const draft = (terms: string[], mapsTo: string[] = []): Draft => ({ ...emptyDraft(terms), mapsTo, oneWay: mapsTo.length > 0 });

describe('drafts', () => {
  it('start as the saved list, one-way where mapsTo is set, and send what was saved', () => {
    const drafts = toDrafts(saved);
    expect(drafts.map((d) => d.oneWay)).toEqual([false, true]);
    expect(toBody(drafts)).toEqual({ synonyms: saved });
    expect(changesOf(drafts, saved).total).toBe(0);
  });

  it('count added, edited and deleted entries; a two-way entry drops the mapsTo typed before switching', () => {
    const [a, b] = toDrafts(saved);
    const edited = { ...b, oneWay: false, terms: ['cheaper', 'cheap'] };
    expect(toBody([edited]).synonyms[0]).toEqual({ terms: ['cheaper', 'cheap'], mapsTo: [] });
    const drafts = [edited, draft(['zorbex', 'quintal'])];
    expect(statusOf(drafts[0], saved)).toBe('edited');
    expect(statusOf(drafts[1], saved)).toBe('new');
    expect(statusOf(a, saved)).toBeNull();
    expect(changesOf(drafts, saved)).toEqual({ added: 1, edited: 1, removed: 1, total: 3 });
  });
});

describe('validation', () => {
  it('is clean for a good list', () => {
    expect(problemCount(validate(toDrafts(saved), MESSAGES))).toBe(0);
  });

  it('puts the contract’s issues on the entry and term they name', () => {
    const lonely = draft(['zorbex']);
    const a = draft(['alpha'], ['beta']);
    const b = draft(['beta'], ['alpha']);
    const dup = draft(['SSO', 'okta']);
    const drafts = [...toDrafts(saved), lonely, a, b, dup];
    const p = validate(drafts, MESSAGES);
    expect(p.byKey.get(lonely.key)).toEqual([{ field: 'terms', index: null, message: 'a two-way entry needs at least two terms' }]);
    expect(p.byKey.get(b.key)).toEqual([{ field: 'mapsTo', index: 0, message: 'makes a cycle: "alpha" leads back to "beta"' }]);
    expect(p.byKey.get(dup.key)).toEqual([{ field: 'terms', index: 0, message: '"sso" is already in entry 1' }]);
    expect(p.byKey.has(a.key)).toBe(false);
    expect(p.general).toEqual([]);
  });

  it('reports a term repeated inside its entry once, and a one-way entry without a target', () => {
    const rep = draft(['okta', 'Okta']);
    const noTarget = { ...draft(['cheap']), oneWay: true };
    const p = validate([rep, noTarget], MESSAGES);
    expect(p.byKey.get(rep.key)).toEqual([{ field: 'terms', index: 1, message: 'repeats "okta"' }]);
    expect(p.byKey.get(noTarget.key)?.[0]).toEqual({ field: 'mapsTo', index: null, message: 'needs a target' });
  });
});

describe('server details', () => {
  it('map the 400 field paths to the drafts that were sent', () => {
    const sent = toDrafts(saved);
    const p = serverProblems(
      [
        { field: 'synonyms.1.mapsTo.0', message: 'makes a cycle' },
        { field: 'synonyms', message: 'must hold at most 300 entries' },
        { field: 'synonyms.9.terms', message: 'no such entry' },
        'junk',
      ],
      sent,
    );
    expect(p.byKey.get(sent[1].key)).toEqual([{ field: 'mapsTo', index: 0, message: 'makes a cycle' }]);
    expect(p.general).toEqual(['synonyms: must hold at most 300 entries', 'synonyms.9.terms: no such entry']);
    expect(serverProblems(undefined, sent).byKey.size).toBe(0);
  });

  it('merge with the client’s without repeating a message', () => {
    const [d] = toDrafts(saved);
    const issue = { field: 'terms' as const, index: 0, message: 'x' };
    const merged = mergeProblems({ byKey: new Map([[d.key, [issue]]]), general: ['g'] }, { byKey: new Map([[d.key, [issue]]]), general: ['g'] });
    expect(problemCount(merged)).toBe(2);
  });
});

describe('filter and terms', () => {
  it('finds an entry by part of a term, ignoring case and hyphens, on both sides', () => {
    const [two, one] = toDrafts(saved);
    expect(matchesFilter(two, 'Sign-On')).toBe(true);
    expect(matchesFilter(one, 'pric')).toBe(true);
    expect(matchesFilter(two, 'pric')).toBe(false);
    expect(matchesFilter(two, '  ')).toBe(true);
    expect(isSameTerm('Single-Sign-On', ['single sign on'])).toBe(true);
  });
});

describe('adding a synonym for a query', () => {
  it('opens the entry that has the query as a term, else a new one-way entry from it', () => {
    const drafts = toDrafts(saved);
    expect(draftToAdd(drafts, 'Single-Sign-On')).toEqual({ draft: drafts[0], isNew: false, query: 'Single-Sign-On' });
    // "price" is only a target of the one-way entry: a new entry may have it as a term.
    const added = draftToAdd(drafts, ' price ');
    expect(added.isNew).toBe(true);
    expect(added.draft).toMatchObject({ terms: ['price'], mapsTo: [], oneWay: true, origin: null });
  });
});
