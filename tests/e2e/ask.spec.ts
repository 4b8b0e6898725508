// Ask in the browser (part 3 §2.4, §4.1, §4.3): a seller asks from the unified search box (a question goes to
// Ask), watches the extractive answer stream (text first, then its sources), opens a
// source in the card viewer, gives feedback, reloads and restores the chat from history. The boards
// toggle survives a reload; "Ask about {rival}" on a profile (and battlecard) asks with that rival as
// context, the answer says which rival it assumed and re-asks about another one in a click; with the
// landing-page feature the input's company-profile picker sets that context. Every place a question starts gets
// its answer at both widths, and an answer survives a dropped connection.
import { expect, test, type Locator, type Page } from './fixtures.ts';
import { forgetPickedMode } from './searchMode.ts';
import { signIn } from './session.ts';


/** One look at the answer: whether it is still streaming, its text length, how many sources show. */
type Look = { streaming: boolean; length: number; sources: number };

/**
 * Records a look at the answer on every change of the page, from its first load: what a poll would miss when the
 * answer streams faster than it polls (the whole text, still without sources, for a moment).
 */
const recordLooks = (page: Page) =>
  page.addInitScript(() => {
    const looks: Look[] = [];
    (window as unknown as { __looks: typeof looks }).__looks = looks;
    new MutationObserver(() => {
      const answer = document.querySelector('[data-testid="ask-answer"]');
      if (!answer) return;
      looks.push({
        streaming: answer.hasAttribute('data-streaming'),
        length: answer.textContent?.length ?? 0,
        sources: document.querySelectorAll('[data-testid="ask-source"]').length,
      });
    }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  });

test('a seller asks from unified search, watches the answer stream, opens a source, gives feedback and restores the chat', async ({ page }) => {
  await recordLooks(page);
  await signIn(page, 'seller@demo.test', { app: true });
  await forgetPickedMode(page);
  const mode = page.getByTestId('unified-search-mode');
  await expect(mode).toHaveAttribute('data-mode', 'ask');

  const question = 'How does Lumenary pricing work?';
  await page.getByTestId('unified-search-input').fill(question);
  await page.getByTestId('unified-search-input').press('Enter');
  await expect(page.getByTestId('page-ask')).toBeVisible();
  await expect(page.getByTestId('ask-question').first()).toHaveText(question);

  // Streaming: some text and no sources yet; then more text while it streams; then the sources and the answered state.
  const item = page.getByTestId('ask-item').first();
  await expect(item).toHaveAttribute('data-status', 'answered');
  const streamed = (await page.evaluate(() => (window as unknown as { __looks: Look[] }).__looks)).filter((l) => l.streaming && l.length > 0);
  expect(streamed.length).toBeGreaterThan(1);
  expect(streamed[0].sources).toBe(0);
  expect(Math.max(...streamed.map((l) => l.length))).toBeGreaterThan(streamed[0].length);
  await expect(page.getByTestId('ask-source').first()).toBeVisible();
  await expect(page.getByTestId('ask-fallback-banner')).toBeVisible();
  await expect(page.locator('[data-testid="ask-answer"] a[data-ref="1"]')).toBeVisible();
  await expect(page.getByTestId('ask-profile-link')).toHaveText(/Lumenary/);
  // The question left the URL: a reload will not ask it again.
  await expect(page).toHaveURL(/\/ask-rivalscope$/);

  // Opening a source shows the card in the viewer over the chat (a knowledge-hub passage a seller is shown opens nothing).
  const opened = page.locator('[data-testid="ask-source"][href]').first();
  const sourceTitle = await opened.getAttribute('data-title');
  await opened.click();
  await expect(page).toHaveURL(/viewCard=\d+/);
  await expect(page.getByTestId('card-viewer-body')).toBeVisible();
  await expect(page.getByRole('dialog')).toContainText(sourceTitle!.trim());
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('card-viewer-body')).toBeHidden();

  // Feedback: thumbs up is recorded; clicking it again sends nothing.
  const up = page.getByTestId('ask-feedback-positive');
  const sent = page.waitForResponse((r) => r.url().includes('/feedback') && r.request().method() === 'POST');
  await up.click();
  expect((await sent).status()).toBe(200);
  await expect(up).toHaveAttribute('aria-pressed', 'true');
  let again = false;
  page.on('request', (r) => {
    if (r.url().includes('/feedback')) again = true;
  });
  await up.click();
  await expect(up).toHaveAttribute('aria-pressed', 'true');
  expect(again).toBe(false);

  // After a reload the page starts fresh; the history restores the chat with its feedback.
  await page.reload();
  await expect(page.getByTestId('ask-initial')).toBeVisible();
  await expect(page.getByTestId('ask-suggestion').first()).toBeVisible();
  await page.getByTestId('ask-history-toggle').click();
  const history = page.getByTestId('ask-history');
  await expect(history.getByTestId('ask-history-item').first()).toContainText(question);
  await history.getByTestId('ask-history-item').first().click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByTestId('ask-item').first()).toHaveAttribute('data-status', 'answered');
  await expect(modal.getByTestId('ask-question').first()).toHaveText(question);
  await expect(modal.getByTestId('ask-source').first()).toBeVisible();
  await expect(modal.getByTestId('ask-feedback-positive')).toHaveAttribute('aria-pressed', 'true');

  // Closing the modal the first time asks for feedback (counter 1); skip closes it.
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('ask-close-feedback')).toBeVisible();
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page.getByTestId('ask-close-feedback')).toBeHidden();
  // The restored chat is the page's chat too.
  await expect(page.getByTestId('page-ask').getByTestId('ask-question').first()).toHaveText(question);
});

test('the Ask page refuses short questions and lets a curator use the prompt library and research mode', async ({ page }) => {
  await signIn(page, 'curator@demo.test', { app: true, to: '/ask-rivalscope' });
  const input = page.getByTestId('ask-input');
  await input.fill('ab');
  await input.press('Enter');
  await expect(page.getByTestId('ask-item')).toHaveCount(0);
  // Shift+Enter adds a line instead of sending.
  await input.fill('abc');
  await input.press('Shift+Enter');
  await expect(input).toHaveValue('abc\n');
  await expect(page.getByTestId('ask-item')).toHaveCount(0);

  await expect(page.getByTestId('ask-research')).toBeVisible();
  await page.getByTestId('ask-library-button').click();
  const library = page.getByTestId('ask-prompt-library');
  for (const type of ['seller', 'pmm', 'executive', 'simulation']) await expect(library.getByTestId(`ask-library-tab-${type}`)).toBeVisible();
  await library.getByTestId('ask-library-prompt').first().click();
  await expect(input).not.toHaveValue('abc\n');
  await input.press('Enter');
  await expect(page.getByTestId('ask-item').first()).toHaveAttribute('data-status', 'answered');
});

test('the Ask page keeps the boards toggle across a reload', async ({ page }) => {
  await signIn(page, 'seller@demo.test', { app: true });
  // Hold the prompt library back: its placeholder keeps the switch where the suggestions leave it.
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/ask/prompts', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/ask-rivalscope');
  const toggle = page.getByTestId('ask-boards-toggle');
  await expect(toggle).not.toBeChecked();
  await expect(page.getByTestId('page-dashboard')).toBeHidden();
  await expect(page.getByTestId('ask-suggestions-loading')).toBeVisible();
  const loading = await toggle.boundingBox();
  release();
  await expect(page.getByTestId('ask-suggestion').first()).toBeVisible();
  await expect(page.getByTestId('ask-suggestions-loading')).toHaveCount(0);
  const loaded = await toggle.boundingBox();
  expect(Math.abs(loaded!.y - loading!.y)).toBeLessThanOrEqual(2);

  const saved = page.waitForResponse((r) => r.url().endsWith('/api/users/me.json') && r.request().method() === 'PUT');
  await page.getByLabel('Show competitor boards').check();
  expect((await saved).status()).toBe(200);
  await expect(page.getByTestId('page-dashboard')).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('ask-boards-toggle')).toBeChecked();
  await expect(page.getByTestId('page-dashboard')).toBeVisible();

  // Off is kept too.
  const off = page.waitForResponse((r) => r.url().endsWith('/api/users/me.json') && r.request().method() === 'PUT');
  await page.getByLabel('Show competitor boards').uncheck();
  expect((await off).status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId('ask-boards-toggle')).not.toBeChecked();
  await expect(page.getByTestId('page-dashboard')).toBeHidden();
});

/**
 * The answer's cards open in the rival's profile; the demo seller also reads win/loss, so a buyer's interview about
 * that rival may be cited beside them, opening at its passage.
 */
async function expectCitesRival(sources: Locator, profileId: number) {
  // The company's own files may be cited too; a seller's file source has no link.
  const hrefs = await sources.evaluateAll((els) => els.flatMap((e) => e.getAttribute('href') ?? []));
  const cards = hrefs.filter((href) => !href.startsWith('/win-loss/interviews/'));
  expect(cards.length).toBeGreaterThan(0);
  for (const href of cards) expect(href).toMatch(new RegExp(`^/profile/${profileId}\\?viewCard=\\d+$`));
  for (const href of hrefs.filter((h) => !cards.includes(h))) expect(href).toMatch(/^\/win-loss\/interviews\/\d+\?passage=\d+$/);
}

test('from a competitor profile a seller asks about that rival and the answer cites its cards', async ({ page }) => {
  await signIn(page, 'seller@demo.test', { app: true });
  const library = (await (await page.request.get('/api/ask/prompts')).json()) as { rivals: { id: number; name: string; profileId: number }[] };
  const rival = library.rivals.find((r) => r.name === 'Quantive Labs')!;
  await page.goto(`/profile/${rival.profileId}`);
  await expect(page.getByTestId('profile-rival-name')).toHaveText(rival.name);

  await page.getByTestId('ask-about-rival').click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByTestId('ask-initial')).toBeVisible();
  // The suggestions are about the current rival, and the input says which rival the questions are about.
  await expect(modal.getByTestId('ask-suggestion').first()).toContainText(rival.name);
  await expect(modal.getByTestId('ask-context-rival')).toContainText(rival.name);
  // The demo has the landing-page feature off: no company-profile picker.
  await expect(modal.getByTestId('ask-profile-picker')).toHaveCount(0);

  const sent = page.waitForRequest((r) => r.url().endsWith('/api/ask/answers') && r.method() === 'POST');
  await modal.getByTestId('ask-input').fill('How does pricing work?');
  await modal.getByTestId('ask-input').press('Enter');
  expect((await sent).postDataJSON()).toMatchObject({ question: 'How does pricing work?', rivalId: rival.id });

  await expect(modal.getByTestId('ask-item').first()).toHaveAttribute('data-status', 'answered');
  const sources = modal.getByTestId('ask-source');
  await expect(sources.first()).toBeVisible();
  await expectCitesRival(sources, rival.profileId);
  await expect(modal.getByTestId('ask-profile-link')).toHaveText(new RegExp(rival.name));

  // The question named no rival: the answer says which one it assumed, and asks about another in a click.
  const assumed = modal.getByTestId('ask-assumed-rival');
  await expect(assumed).toContainText(`Answered about ${rival.name}`);
  const other = library.rivals.find((r) => r.name === 'DataHarbor')!;
  await assumed.getByTestId('ask-assumed-rival-change').click();
  const reasked = page.waitForRequest((r) => r.url().endsWith('/api/ask/answers') && r.method() === 'POST');
  await page.getByTestId('ask-assumed-rival-menu').getByRole('menuitem', { name: other.name, exact: true }).click();
  expect((await reasked).postDataJSON()).toMatchObject({ question: 'How does pricing work?', rivalId: other.id });
  const second = modal.getByTestId('ask-item').nth(1);
  await expect(second.getByTestId('ask-question')).toHaveText('How does pricing work?');
  await expect(second).toHaveAttribute('data-status', 'answered');
  await expect(second.getByTestId('ask-assumed-rival')).toContainText(`Answered about ${other.name}`);
  await expectCitesRival(second.getByTestId('ask-source'), other.profileId);
  // The page's rival stays the context of the next question.
  await expect(modal.getByTestId('ask-context-rival')).toContainText(rival.name);

  // The battlecard view offers the same entry for its rival.
  await page.goto(`/profile/${rival.profileId}/battlecard/view`);
  await expect(page.getByTestId('battlecard-rival-name')).toHaveText(rival.name);
  await page.getByTestId('ask-about-rival').click();
  await expect(page.getByRole('dialog').getByTestId('ask-context-rival')).toContainText(rival.name);
});

test('with the landing-page feature on, the Ask input offers a company-profile picker that sets the rival context', async ({ page }) => {
  await signIn(page, 'admin@demo.test', { app: true });
  const { csrfToken } = (await (await page.request.get('/api/users/me.json')).json()) as { csrfToken: string };
  const setFeature = async (value: boolean) => {
    const res = await page.request.put('/api/company.json', { headers: { 'X-CSRF-Token': csrfToken }, data: { featureFlag: 'flags.companyLandingPage', value } });
    expect(res.status()).toBe(200);
  };
  await setFeature(true);
  try {
    await page.goto('/ask-rivalscope');
    const picker = page.getByTestId('ask-profile-picker');
    await expect(picker).toBeVisible();
    await picker.click();
    await picker.fill('DataHarbor');
    await page.getByRole('option', { name: 'DataHarbor' }).click();
    await expect(picker).toHaveValue('DataHarbor');
    // Suggestions follow the picked rival.
    await expect(page.getByTestId('ask-suggestion').first()).toContainText('DataHarbor');

    const library = (await (await page.request.get('/api/ask/prompts')).json()) as { rivals: { id: number; name: string; profileId: number }[] };
    const rival = library.rivals.find((r) => r.name === 'DataHarbor')!;
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/ask/answers') && r.method() === 'POST');
    await page.getByTestId('ask-input').fill('How does pricing work?');
    await page.getByTestId('ask-input').press('Enter');
    expect((await sent).postDataJSON()).toMatchObject({ rivalId: rival.id });
    await expect(page.getByTestId('ask-item').first()).toHaveAttribute('data-status', 'answered');
    await expect(page.getByTestId('ask-source').first()).toBeVisible();
    // Every source is that rival's card, or a passage of the company's own files (which a curator opens in the hub).
    for (const href of await page.getByTestId('ask-source').evaluateAll((els) => els.flatMap((e) => e.getAttribute('href') ?? []))) {
      expect(href).toMatch(new RegExp(`^(/profile/${rival.profileId}\\?viewCard=\\d+|/knowledge-hub/files/\\d+\\?passage=\\d+)$`));
    }
  } finally {
    await setFeature(false);
  }
});

// Every place a question can start gets its answer, for readers and curators, on a laptop and on a phone: the top
// search bar (which opens the Ask page), the dashboard's Ask box and its "Try asking" chips (which open the Ask modal).
for (const [email, width] of [
  ['seller@demo.test', 1440],
  ['seller@demo.test', 390],
  ['curator@demo.test', 1440],
  ['curator@demo.test', 390],
] as const) {
  test(`${email.split('@')[0]} at ${width} px gets answers from the top search bar, the dashboard's Ask box and a "Try asking" chip`, async ({ page }) => {
    const phone = width < 560;
    await page.setViewportSize({ width, height: phone ? 844 : 900 });
    await signIn(page, email);
    await forgetPickedMode(page);
    const answered = (scope: Page | Locator) => expect(scope.getByTestId('ask-item').last()).toHaveAttribute('data-status', 'answered');

    if (phone) await page.getByTestId('phone-search-open').click();
    await page.getByTestId('unified-search-input').fill('How do we win against Lumenary?');
    await page.getByTestId('unified-search-input').press('Enter');
    await expect(page.getByTestId('page-ask').getByTestId('ask-question')).toHaveText('How do we win against Lumenary?');
    await answered(page.getByTestId('page-ask'));
    await expect(page.getByTestId('ask-send')).toBeEnabled();

    await page.goto('/dashboard');
    const bar = page.getByTestId('ask-bar');
    await bar.getByTestId('ask-input').fill('What are Vantapoint strengths?');
    await bar.getByTestId('ask-input').press('Enter');
    const modal = page.getByRole('dialog');
    await expect(modal.getByTestId('ask-question')).toHaveText('What are Vantapoint strengths?');
    await answered(modal);
    await expect(modal.getByTestId('ask-send')).toBeEnabled();

    await page.goto('/dashboard');
    const chip = bar.getByTestId('ask-suggestion').first();
    const prompt = await chip.getAttribute('title');
    await chip.click();
    await expect(modal.getByTestId('ask-question')).toHaveText(prompt!);
    await answered(modal);
  });
}

test('an answer whose connection drops after its first words reconnects where it stopped and finishes', async ({ page }) => {
  await signIn(page, 'seller@demo.test', { app: true });
  // The answer's own request ends after the answer event and the first chunk, as a dropped connection does.
  await page.route('**/api/ask/answers', async (route) => {
    const res = await route.fetch();
    const events = (await res.text()).split('\n\n');
    const firstChunk = events.findIndex((e) => e.includes('event: chunk'));
    await route.fulfill({ response: res, body: `${events.slice(0, firstChunk + 1).join('\n\n')}\n\n` });
  });
  const resumed = page.waitForRequest((r) => /\/api\/ask\/answers\/\d+\/stream$/.test(r.url()));
  await page.goto('/ask-rivalscope');
  await page.getByTestId('ask-input').fill('How does Lumenary pricing work?');
  await page.getByTestId('ask-input').press('Enter');
  expect(Number((await resumed).headers()['last-event-id'])).toBeGreaterThan(0);
  await expect(page.getByTestId('ask-item').first()).toHaveAttribute('data-status', 'answered');
  await expect(page.getByTestId('ask-source').first()).toBeVisible();
  await expect(page.getByTestId('ask-send')).toBeEnabled();
});
