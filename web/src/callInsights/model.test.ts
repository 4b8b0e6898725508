// @vitest-environment jsdom
// The pure parts of call insights: paths, the calls list's URL filters, the overview's sort, rival names cut out of a
// passage as text, the snippets' sanitizing (DOMPurify needs a DOM) and an import's query.
import { describe, expect, it } from 'vitest';
import { CallImportQuery } from '../../../contracts/calls.ts';
import { callsPath, callsQuery, clock, filtersFromSearch, importQuery, nextSort, openCallOf, rivalSegments, sanitizeSnippet, searchFromFilters, sortOverview, viewOf, withOpenCall, type OverviewRow } from './model.ts';

describe('paths', () => {
  it('reads the overview, the calls and a rival, and nothing else', () => {
    expect(viewOf('')).toEqual({ view: 'overview' });
    expect(viewOf('calls/')).toEqual({ view: 'calls' });
    expect(viewOf('rivals/12')).toEqual({ view: 'rival', rivalId: 12 });
    for (const bad of ['rivals/0', 'rivals/x', 'rivals/12/more', 'calls/3', 'other', 'rivals/99999999999']) expect(viewOf(bad), bad).toBeNull();
  });

  it('keeps the open call beside other parameters', () => {
    const p = withOpenCall(new URLSearchParams('q=price'), { callId: 4, seq: 0 });
    expect(p.toString()).toBe('q=price&call=4&seq=0');
    expect(openCallOf(p)).toEqual({ callId: 4, seq: 0 });
    expect(openCallOf(new URLSearchParams('call=4&seq=x'))).toEqual({ callId: 4, seq: null });
    expect(openCallOf(new URLSearchParams('call=-1'))).toBeNull();
    expect(withOpenCall(p, null).toString()).toBe('q=price');
  });
});

describe('the calls list filters', () => {
  it('round-trip through the URL and make the API query', () => {
    const f = filtersFromSearch(new URLSearchParams('q=%20pricing%20&rivalId=2&repId=nope&page=3&call=9'));
    expect(f).toEqual({ q: ' pricing ', rivalId: 2, repId: null, page: 3 });
    expect(callsQuery(f)).toEqual({ q: 'pricing', rivalId: 2, page: 3 });
    expect(searchFromFilters({ ...f, page: 1 }, new URLSearchParams('call=9&page=3')).toString()).toBe('call=9&q=pricing&rivalId=2');
    expect(callsPath({ rivalId: 2, repId: 5 })).toBe('/call-insights/calls?rivalId=2&repId=5');
    expect(callsPath()).toBe('/call-insights/calls');
  });
});

describe('the overview sort', () => {
  const row = (id: number, name: string, mentions: number, lastAt: string | null): OverviewRow => ({ id, name, mentions, objections: 10 - mentions, calls: 1, lastAt });
  const rows = [row(1, 'Beta', 3, '2026-03-01T00:00:00Z'), row(2, 'Acme', 3, null), row(3, 'Cyan', 5, '2026-05-01T00:00:00Z')];
  it('sorts by a figure with ties by name, dates with the unknown last, names alphabetically', () => {
    expect(sortOverview(rows, 'mentions', 'desc').map((r) => r.name)).toEqual(['Cyan', 'Acme', 'Beta']);
    expect(sortOverview(rows, 'objections', 'desc').map((r) => r.name)).toEqual(['Acme', 'Beta', 'Cyan']);
    expect(sortOverview(rows, 'lastAt', 'desc').map((r) => r.name)).toEqual(['Cyan', 'Beta', 'Acme']);
    expect(sortOverview(rows, 'lastAt', 'asc').map((r) => r.name)).toEqual(['Beta', 'Cyan', 'Acme']);
    expect(sortOverview(rows, 'name', 'asc').map((r) => r.name)).toEqual(['Acme', 'Beta', 'Cyan']);
  });
  it('turns a column over, and starts a new one in its natural direction', () => {
    expect(nextSort({ by: 'mentions', direction: 'desc' }, 'mentions')).toEqual({ by: 'mentions', direction: 'asc' });
    expect(nextSort({ by: 'mentions', direction: 'desc' }, 'name')).toEqual({ by: 'name', direction: 'asc' });
    expect(nextSort({ by: 'name', direction: 'asc' }, 'calls')).toEqual({ by: 'calls', direction: 'desc' });
  });
});

describe('rival names in a passage', () => {
  const rivals = [
    { id: 1, name: 'Acme' },
    { id: 2, name: 'Acme Cloud' },
    { id: 3, name: 'C++ Co' },
  ];
  it('cuts out whole-word names in any case, the longest first, as plain text', () => {
    expect(rivalSegments('We left ACME cloud for acme, not Acmeville or C++ Co.', rivals)).toEqual([
      { text: 'We left ', rivalId: null },
      { text: 'ACME cloud', rivalId: 2 },
      { text: ' for ', rivalId: null },
      { text: 'acme', rivalId: 1 },
      { text: ', not Acmeville or ', rivalId: null },
      { text: 'C++ Co', rivalId: 3 },
      { text: '.', rivalId: null },
    ]);
    expect(rivalSegments('<script>alert(1)</script> Acme', rivals).map((s) => s.text).join('')).toBe('<script>alert(1)</script> Acme');
    expect(rivalSegments('nothing here', [])).toEqual([{ text: 'nothing here', rivalId: null }]);
    expect(rivalSegments('', rivals)).toEqual([]);
  });
});

describe('search snippets', () => {
  it('keep the marks of the words found alone', () => {
    expect(sanitizeSnippet('their <mark>price</mark> &lt;b&gt; <img src=x onerror=alert(1)><script>x()</script><b>bold</b>')).toBe('their <mark>price</mark> &lt;b&gt; bold');
    expect(sanitizeSnippet('<em>price</em> <a href="javascript:x()">link</a>')).toBe('<em>price</em> link');
    expect(sanitizeSnippet('<mark onclick="x()">a</mark>')).toBe('<mark>a</mark>');
  });
});

describe('an import’s query', () => {
  const fields = { title: ' Discovery ', date: '2026-11-03', repEmail: 'Rep@Acme.test', repName: '', accountName: 'Globex', dealCrmId: '' };
  it('describes a transcript’s call, which the contract accepts', () => {
    const q = importQuery('vtt', 'call.vtt', fields);
    expect(q).toEqual({ importer: 'vtt', fileName: 'call.vtt', title: 'Discovery', occurredAt: '2026-11-03T00:00:00Z', repEmail: 'Rep@Acme.test', accountName: 'Globex' });
    expect(CallImportQuery.safeParse(q).success).toBe(true);
  });
  it('leaves a JSON export to describe its calls', () => {
    expect(importQuery('json', 'calls.json', fields)).toEqual({ importer: 'json', fileName: 'calls.json' });
  });
  it('writes times into the call', () => {
    expect(clock(65_000)).toBe('1:05');
    expect(clock(3_725_000)).toBe('1:02:05');
  });
});
