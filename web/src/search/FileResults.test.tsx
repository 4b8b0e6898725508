// @vitest-environment jsdom
// The files section of the search page against a fake API (contracts/knowledgeHub.ts FileSearchHit): each hit with its
// file's title, its citation, its kind and the highlighted passage (the server's <mark>, sanitized: a tag smuggled into
// a file stays text); a curator's hit opens the file in the hub, a consumer's has no link; no passage found, no section.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FileSearchHit } from '../../../contracts/knowledgeHub.ts';
import { axeFindings, screenHarness } from '../test/screenHarness.ts';
import { consumer, curator, makeCompany } from '../test/fixtures.ts';
import { renderRouted } from '../test/routedScreen.tsx';
import { areasLoaded } from '../i18n/index.ts';
import { FileResults } from './FileResults.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const hit = (over: Partial<FileSearchHit> = {}): FileSearchHit => ({
  fileId: 31,
  seq: 3,
  title: 'Pricing sheet 2026',
  fileName: 'pricing.pdf',
  kind: 'pdf',
  location: 'page',
  number: 3,
  label: null,
  citation: 'Pricing sheet 2026, page 3',
  highlight: 'Our <mark>discount</mark> ladder &lt;img src=x onerror=alert(1)&gt; <img src=x onerror="alert(1)">',
  productId: null,
  ...over,
});

let hits: FileSearchHit[] = [];
let asked: URL[] = [];
const screen = screenHarness((input) => {
  const url = new URL(String(input), 'http://localhost');
  asked.push(url);
  const body = url.pathname === '/api/search.json' ? { results: hits, nr_results: hits.length, offset: 0, size: 5 } : { error: 'unexpected' };
  return Promise.resolve(new Response(JSON.stringify(body), { status: url.pathname === '/api/search.json' ? 200 : 500, headers: { 'content-type': 'application/json' } }));
});

// The app's lazy chunk waits for the hub's strings before it renders (core/chunkReload.ts); so does this test.
beforeAll(() => areasLoaded());

afterEach(() => {
  hits = [];
  asked = [];
});

async function render(curatorView: boolean) {
  await renderRouted(screen, {
    path: '/search/discount',
    paths: ['/search/:terms'],
    element: <FileResults terms="discount " curator={curatorView} />,
    user: curatorView ? curator() : consumer(),
    company: makeCompany({ knowledgeHub: true }),
  });
}

const $$ = (testId: string) => [...document.querySelectorAll<HTMLElement>(`[data-testid="${testId}"]`)];

describe('the files section of search', () => {
  it('asks the files context for the terms and shows each passage with its title, citation, kind and highlight', async () => {
    hits = [hit(), hit({ fileId: 40, seq: 0, title: 'Battle deck', kind: 'pptx', location: 'slide', number: 2, citation: 'Battle deck, slide 2', highlight: 'their <mark>discount</mark>' })];
    await render(true);
    const searched = asked.find((u) => u.pathname === '/api/search.json');
    expect(searched?.searchParams.get('index')).toBe('files');
    expect(searched?.searchParams.get('query')).toBe('discount');
    const rows = $$('file-result');
    expect(rows.map((r) => r.dataset.fileId)).toEqual(['31', '40']);
    expect($$('file-result-citation').map((c) => c.textContent)).toEqual(['Pricing sheet 2026, page 3', 'Battle deck, slide 2']);
    expect(rows[0]!.textContent).toContain('PDF');
    expect(rows[1]!.textContent).toContain('PowerPoint');
    expect(document.querySelector('[data-testid="file-results"] h2')?.textContent).toBe('Files');
    const marks = rows[0]!.querySelectorAll('mark');
    expect([...marks].map((m) => m.textContent)).toEqual(['discount']);
    // The escaped tag stays text; the raw one is dropped by the sanitizer.
    expect(rows[0]!.querySelector('img')).toBeNull();
    expect(rows[0]!.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(await axeFindings()).toEqual([]);
  });

  it("links a curator's hit to the file's passages in the hub", async () => {
    hits = [hit()];
    await render(true);
    const links = $$('file-result-link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/knowledge-hub/files/31']);
    expect(links[0]!.textContent).toBe('Pricing sheet 2026');
  });

  it("gives a consumer's hit no link into the hub: the passage is the content", async () => {
    hits = [hit()];
    await render(false);
    expect($$('file-result')).toHaveLength(1);
    expect($$('file-result-link')).toHaveLength(0);
    expect(document.querySelector('[data-testid="file-result"] a')).toBeNull();
    expect($$('file-result')[0]!.textContent).toContain('Pricing sheet 2026');
  });

  it('shows no section when no passage is found', async () => {
    await render(true);
    expect(asked.some((u) => u.searchParams.get('index') === 'files')).toBe(true);
    expect($$('file-results')).toHaveLength(0);
  });
});
