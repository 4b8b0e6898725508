// XSS in the browser, not by string match: a corpus of payloads goes in through card HTML, card titles,
// tag names, intel content and (quoted back) Ask answers, then every screen that renders them is opened in
// Chromium. Each payload would record itself in window.__xss if it ran; a blocked inline handler shows
// up as a CSP violation (the sanitizer let it through); and the rendered DOM must hold no event-handler
// attribute, no javascript: URL and no script of its own.
import { expect, test, type Page } from './fixtures.ts';
import { csrfHeaders, signIn } from './session.ts';

const MARK = `xss${Date.now().toString(36)}`;
/** Each payload, if it ran, would push to window.__xss. */
const RUN = `window.__xss&&window.__xss.push('ran')`;
const PAYLOADS = [
  `<script>${RUN}</script>`,
  `<img src=x onerror="${RUN}">`,
  `<svg><script>${RUN}</script></svg>`,
  `<svg onload="${RUN}"></svg>`,
  `<a href="javascript:${RUN}">click ${MARK}</a>`,
  `<a href="JaVaScRiPt:${RUN}">mixed case</a>`,
  `<a href="&#106;avascript:${RUN}">entity</a>`,
  `<iframe srcdoc="<script>parent.${RUN}</script>"></iframe>`,
  `<iframe src="javascript:parent.${RUN}"></iframe>`,
  `<details open ontoggle="${RUN}">d</details>`,
  `<body onload="${RUN}">`,
  `<math><mtext><table><mglyph><style><img src=x onerror="${RUN}">`,
  `<form><button formaction="javascript:${RUN}">b</button></form>`,
  `<object data="javascript:${RUN}"></object>`,
  `<embed src="javascript:${RUN}">`,
  `<div style="background:url(javascript:${RUN})">style</div>`,
  `"><img src=x onerror="${RUN}">`,
  `<noscript><p title="</noscript><img src=x onerror=${RUN}>">`,
  `<a href="data:text/html,<script>${RUN}</script>">data</a>`,
  `<input autofocus onfocus="${RUN}">`,
  `<video><source onerror="${RUN}"></video>`,
];
// Real sentences around each payload, so that Ask's extractive answer quotes them.
const FEATURES = ['pricing', 'security', 'onboarding', 'connectors'];
const HTML = PAYLOADS.map((p, i) => `<p>The ${MARK} platform improves ${FEATURES[i % FEATURES.length]} in release ${i} ${p} for enterprise buyers.</p>`).join('\n');

test.describe.configure({ mode: 'serial' });


/** Arms the traps before any page script runs. */
async function trap(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __xss: string[] };
    w.__xss = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__xss.push(`csp ${e.violatedDirective} ${e.blockedURI}`));
    window.alert = () => w.__xss.push('alert');
  });
  page.on('dialog', (d) => {
    throw new Error(`a dialog opened: ${d.message()}`);
  });
}

/** Nothing ran, nothing was blocked by CSP, and the DOM carries nothing executable. */
async function expectInert(page: Page, where: string) {
  const report = await page.evaluate(() => {
    const bad: string[] = [];
    for (const el of Array.from(document.querySelectorAll('*'))) {
      for (const attr of Array.from(el.attributes)) {
        if (/^on/i.test(attr.name)) bad.push(`${el.tagName} ${attr.name}`);
        if (/^\s*(javascript|vbscript|data):/i.test(attr.value) && /^(href|src|action|formaction|data|srcdoc)$/i.test(attr.name)) {
          // Images may carry data: URLs; nothing else may.
          if (!(el.tagName === 'IMG' && /^\s*data:image\//i.test(attr.value))) bad.push(`${el.tagName} ${attr.name}=${attr.value.slice(0, 40)}`);
        }
      }
      if (el.tagName === 'SCRIPT' && !(el as HTMLScriptElement).src.includes('/assets/')) bad.push('inline script element');
      if (['IFRAME', 'OBJECT', 'EMBED'].includes(el.tagName) && !/youtube-nocookie|player\.vimeo/.test((el as HTMLIFrameElement).src ?? '')) {
        if (el.tagName !== 'IFRAME' || (el as HTMLIFrameElement).srcdoc) bad.push(`${el.tagName} element`);
      }
    }
    return { ran: (window as unknown as { __xss: string[] }).__xss, bad };
  });
  expect(report.ran, `${where}: payloads ran or hit the CSP`).toEqual([]);
  expect(report.bad, `${where}: executable markup in the DOM`).toEqual([]);
}

async function api(page: Page) {
  const headers = await csrfHeaders(page);
  return {
    post: async (url: string, data: unknown) => {
      const res = await page.request.post(url, { data, headers });
      expect(res.status(), `POST ${url}`).toBeLessThan(300);
      return res.json();
    },
    put: async (url: string, data: unknown) => {
      const res = await page.request.put(url, { data, headers });
      expect(res.status(), `PUT ${url}`).toBeLessThan(300);
      return res.json();
    },
  };
}

let cardId = 0;
let profileId = 0;

test('card HTML, card titles and tag names render inert on the profile, in the card viewer and in search', async ({ page }) => {
  await trap(page);
  await signIn(page, 'curator@demo.test');
  const client = await api(page);
  // A published rival (what everyone sees), so that the seller's Ask below may quote the card.
  const rivals = await (await page.request.get('/api/rivals.json?limit=1&previewing=0')).json();
  profileId = rivals[0].profileId;
  const profile = await (await page.request.get(`/api/profiles/${profileId}.json`)).json();
  const boardId = profile.boards[0].id;
  const card = await client.post('/api/cards.json?v=2', {
    data: { name: `${MARK} <img src=x onerror="${RUN}"> title`, textHtml: HTML },
    boardId,
    allAccess: true,
  });
  cardId = card.id;
  const tag = await client.post('/api/tags.json', { name: `${MARK}<svg onload="${RUN}">` });
  await client.put('/api/cards/tags.json', { cardIds: [cardId], addTags: [tag.id] });

  await page.goto(`/profile/${profileId}?viewCard=${cardId}`);
  await expect(page.getByTestId('card-viewer-body')).toContainText(MARK);
  await expectInert(page, 'card viewer');

  // Search highlights wrap the matched payload words in <em>; the rest must stay text.
  await expect
    .poll(async () => (await (await page.request.get(`/api/search.json?query=${MARK}`)).json()).nr_results, { timeout: 20_000 })
    .toBeGreaterThan(0);
  await page.goto(`/search/${MARK}`);
  await expect(page.getByTestId('search-result').first()).toContainText(MARK);
  await expectInert(page, 'search results');
});

test('intel content submitted by a seller renders inert in the alerts list', async ({ page, browser }) => {
  await trap(page);
  await signIn(page, 'seller@demo.test');
  const seller = await api(page);
  await seller.post('/api/alerts.json', {
    item: { alert_type: 'in-app', title: `${MARK} <img src=x onerror="${RUN}">`, content: HTML },
    rivals: null,
  });

  const curatorPage = await browser.newPage();
  await trap(curatorPage);
  await signIn(curatorPage, 'curator@demo.test');
  await expect
    .poll(async () => (await (await curatorPage.request.get(`/api/intel/v1?view=allIntel&dateRange=allTime&q=${MARK}`)).json()).pagination?.total, {
      timeout: 20_000,
    })
    .toBeGreaterThan(0);
  await curatorPage.goto(`/alerts?view=allIntel&dateRange=allTime&q=${MARK}`);
  await expect(curatorPage.getByText(MARK).first()).toBeVisible();
  await expectInert(curatorPage, 'alerts list');
  await curatorPage.close();
});

test('an Ask answer quoting the payload card renders inert', async ({ page }) => {
  await trap(page);
  await signIn(page, 'seller@demo.test', { to: `/ask-rivalscope?q=${encodeURIComponent(`how is ${MARK} pricing and security`)}` });
  const answer = page.getByTestId('ask-answer').last();
  await expect(answer).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('ask-item').last()).toHaveAttribute('data-status', 'answered', { timeout: 30_000 });
  await expect(answer).toContainText(MARK);
  await expectInert(page, 'Ask answer');
});
