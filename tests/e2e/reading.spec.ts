// What a seller reads reads well (issue #31), at 1440 and 390 px wide: a profile's lanes (tables
// scroll inside their card and never break a word, lanes scroll as one board, the lane navigator
// reaches every lane, headings inside a card stay below its title, phones swipe lane by lane with no
// sideways page scroll), a battlecard (the desktop layout uses the width, a phone gets one column; its
// live-data chart has a title, axis units and a key) and an Ask answer whose source chips show what
// sets each source apart. Every check is measured in the page; screenshots go to the test's output.
import { expect, test, type Locator, type Page, type TestInfo } from './fixtures.ts';
import { liveProfile } from './demo.ts';
import { signIn } from './session.ts';

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

const shot = (page: Page, info: TestInfo, name: string) => page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true });

/** The page does not scroll sideways. */
const pageScrollsSideways = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth > window.innerWidth);

/** Words in table cells drawn on more than one line, i.e. broken inside the word. */
const brokenWords = (scope: Locator) =>
  scope.evaluate((root) => {
    const broken: string[] = [];
    for (const cell of root.querySelectorAll('td, th')) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        for (const m of node.data.matchAll(/[^\s\-–/]+/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) broken.push(m[0]);
        }
      }
    }
    return broken;
  });

/** Cards whose content is wider than the card, and tables outside a wrapper that scrolls sideways. */
const overflowingContent = (scope: Locator, body: string) =>
  scope.evaluate((root, bodyId) => {
    const wide = [...root.querySelectorAll<HTMLElement>(`[data-testid="${bodyId}"]`)].filter((b) => b.scrollWidth > b.clientWidth + 1).length;
    const loose = [...root.querySelectorAll('table')].filter((t) => {
      const wrap = t.parentElement!;
      return !(wrap.hasAttribute('data-table-wrap') || getComputedStyle(wrap).overflowX === 'auto') || wrap.getBoundingClientRect().width > wrap.parentElement!.getBoundingClientRect().width + 1;
    }).length;
    return { wide, loose, tables: root.querySelectorAll('table').length };
  }, body);

/** Font sizes of each card title against the largest heading inside that card's content. */
const headingSizes = (scope: Locator, card: string, title: string, body: string) =>
  scope.evaluate(
    (root, ids) =>
      [...root.querySelectorAll(`[data-testid="${ids.card}"]`)].flatMap((c) => {
        const headings = [...c.querySelectorAll(`[data-testid="${ids.body}"] :is(h1, h2, h3, h4)`)];
        if (!headings.length) return [];
        const size = (el: Element) => parseFloat(getComputedStyle(el).fontSize);
        return [{ title: size(c.querySelector(`[data-testid="${ids.title}"]`)!), heading: Math.max(...headings.map(size)) }];
      }),
    { card, title, body },
  );

/** Waits until the lanes stop scrolling (the navigator scrolls smoothly). */
const settled = (lanes: Locator) =>
  lanes.evaluate(
    (el) =>
      new Promise<void>((resolve) => {
        let last = -1;
        let still = 0;
        const tick = () => {
          still = el.scrollLeft === last ? still + 1 : 0;
          last = el.scrollLeft;
          if (still >= 5) resolve();
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );

/** Whether the lane lies wholly inside the board's visible width and the window. */
const laneInView = async (lane: Locator, lanes: Locator) =>
  lane.evaluate(
    (el, board) => {
      const r = el.getBoundingClientRect();
      const b = board.getBoundingClientRect();
      return r.left >= b.left - 1 && r.right <= b.right + 1 && r.left >= -1 && r.right <= window.innerWidth + 1;
    },
    await lanes.elementHandle(),
  );

for (const size of WIDTHS) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: size });

    test('a seller reads a profile: tables fit their cards, lanes scroll as one board and every lane is reachable', async ({ page }, info) => {
      await signIn(page, 'seller@demo.test');
      const { profileId } = await liveProfile(page);
      await page.goto(`/profile/${profileId}`);
      const lanes = page.getByTestId('lanes');
      const lane = page.getByTestId('lane');
      await expect(lane.first().getByTestId('lane-card').first()).toBeVisible();
      await expect(page.locator('[data-testid="lanes"] .mantine-Skeleton-root')).toHaveCount(0);
      const count = await lane.count();
      expect(count).toBeGreaterThan(3);
      await shot(page, info, `profile-${size.width}`);

      // Tables: every one in a wrapper no wider than its card, no card wider than its lane, no word broken.
      const content = await overflowingContent(lanes, 'lane-card-body');
      expect(content.tables).toBeGreaterThan(0);
      expect(content).toMatchObject({ wide: 0, loose: 0 });
      expect(await brokenWords(lanes)).toEqual([]);

      // One board: no lane scrolls on its own; the page scrolls them all up and down.
      const laneScrollers = await lanes.evaluate((el) =>
        [...el.querySelectorAll<HTMLElement>('[data-testid="lane"], [data-testid="lane"] *')].filter((e) => {
          const y = getComputedStyle(e).overflowY;
          return (y === 'auto' || y === 'scroll') && e.scrollHeight > e.clientHeight + 1;
        }).length,
      );
      expect(laneScrollers).toBe(0);

      // Headings inside a card are smaller than the card's title.
      const headings = await headingSizes(lanes, 'lane-card', 'lane-card-title', 'lane-card-body');
      expect(headings.length).toBeGreaterThan(0);
      for (const h of headings) expect(h.heading).toBeLessThan(h.title);

      // More lanes than fit: the navigator says so, the right edge fades, and "more" pages through all of them.
      const nav = page.getByTestId('lane-nav');
      const frame = lanes.locator('..');
      await expect(nav).toBeVisible();
      await expect(page.getByTestId('lane-nav-item')).toHaveCount(count);
      await expect(page.getByTestId('lane-nav-position')).toContainText(`of ${count}`);
      await expect(frame).toHaveAttribute('data-more-right', 'true');
      await expect(page.getByTestId('lane-nav-prev')).toBeDisabled();
      const reached = new Set<number>();
      const collect = async () => {
        for (let i = 0; i < count; i++) if (await laneInView(lane.nth(i), lanes)) reached.add(i);
      };
      await collect();
      const next = page.getByTestId('lane-nav-next');
      const position = page.getByTestId('lane-nav-position');
      for (let step = 0; step < count && (await next.isEnabled()); step++) {
        const before = (await position.textContent())!;
        await next.click();
        await expect(position).not.toHaveText(before);
        await settled(lanes);
        await collect();
      }
      expect([...reached].sort((a, b) => a - b)).toEqual([...Array(count).keys()]);
      await expect(next).toBeDisabled();
      await expect(frame).not.toHaveAttribute('data-more-right');
      await expect(frame).toHaveAttribute('data-more-left', 'true');

      // The lane names jump straight to a lane, the first one too.
      for (const i of [0, count - 1, Math.floor(count / 2)]) {
        await page.getByTestId('lane-nav-item').nth(i).click();
        await expect.poll(() => laneInView(lane.nth(i), lanes)).toBe(true);
        await settled(lanes);
        await expect(page.getByTestId('lane-nav-item').nth(i)).toHaveAttribute('aria-current', 'true');
      }

      if (size.width < 500) {
        // A phone: one lane about the screen's width, swiped lane by lane, and no sideways page scroll.
        const { laneWidth, snap } = await lanes.evaluate((el) => ({
          laneWidth: el.querySelector('[data-testid="lane"]')!.getBoundingClientRect().width,
          snap: getComputedStyle(el).scrollSnapType,
        }));
        expect(laneWidth).toBeGreaterThan(size.width * 0.8);
        expect(laneWidth).toBeLessThanOrEqual(size.width);
        expect(snap).toContain('mandatory');
        await expect(page.getByTestId('lane-nav-position')).toHaveText(`Lane ${Math.floor(count / 2) + 1} of ${count}`);
      }
      expect(await pageScrollsSideways(page)).toBe(false);
      await shot(page, info, `profile-${size.width}-lanes-moved`);
    });

    test('a seller reads a battlecard: columns that use the width, one on a phone, and a chart with a title, units and a key', async ({ page }, info) => {
      await signIn(page, 'seller@demo.test');
      const { profileId, battlecardId } = await liveProfile(page);
      await page.goto(`/profile/${profileId}/battlecard/view/${battlecardId}`);
      const grid = page.getByTestId('battlecard-cards');
      const chart = page.getByTestId('dynamic-block-chart').first();
      await expect(chart.locator('.recharts-line').first()).toBeVisible();
      await chart.scrollIntoViewIfNeeded();

      const columns = Number(await grid.getAttribute('data-columns'));
      const lefts = await page.getByTestId('battlecard-card').evaluateAll((els) => [...new Set(els.map((e) => Math.round(e.getBoundingClientRect().left)))]);
      if (size.width >= 1200) {
        expect(columns).toBeGreaterThanOrEqual(2);
        expect(lefts.length).toBeGreaterThanOrEqual(2);
      } else {
        expect(columns).toBe(1);
        expect(lefts).toHaveLength(1);
      }

      const content = await overflowingContent(grid, 'battlecard-card-body');
      expect(content).toMatchObject({ wide: 0, loose: 0 });
      expect(await brokenWords(grid)).toEqual([]);
      const headings = await headingSizes(grid, 'battlecard-card', 'battlecard-card-title', 'battlecard-card-body');
      expect(headings.length).toBeGreaterThan(0);
      for (const h of headings) expect(h.heading).toBeLessThan(h.title);

      // The chart: a title naming what it shows, both axes labelled, and a key naming the rival beside its line.
      await expect(chart.getByTestId('dynamic-block-chart-title')).toHaveText('Open job postings per month');
      await expect(chart).toHaveAttribute('aria-labelledby', (await chart.getByTestId('dynamic-block-chart-title').getAttribute('id'))!);
      await expect(chart.locator('.mantine-LineChart-axisLabel').filter({ hasText: 'Month' })).toHaveCount(1);
      await expect(chart.locator('.mantine-LineChart-axisLabel').filter({ hasText: 'Open postings' })).toHaveCount(1);
      const rivalName = (await page.getByTestId('battlecard-rival-name').textContent())!;
      await expect(chart.getByTestId('chart-key')).toContainText(rivalName);
      const chartBox = (await chart.boundingBox())!;
      const cardBox = (await page.getByTestId('battlecard-card').filter({ has: chart }).boundingBox())!;
      expect(chartBox.x + chartBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width + 1);

      expect(await pageScrollsSideways(page)).toBe(false);
      await shot(page, info, `battlecard-${size.width}`);
    });

    test('a seller reads an Ask answer whose source chips tell the sources apart', async ({ page }, info) => {
      await signIn(page, 'seller@demo.test', { to: '/ask-rivalscope' });
      await page.getByTestId('ask-input').fill('How do we lose deals to competitors?');
      await page.getByTestId('ask-input').press('Enter');
      await expect(page.getByTestId('ask-item').first()).toHaveAttribute('data-status', 'answered');
      const toggle = page.getByTestId('ask-sources-toggle');
      if (await toggle.isVisible()) await toggle.click();
      const chips = page.getByTestId('ask-source');
      const n = await chips.count();
      expect(n).toBeGreaterThan(2);

      const read = await chips.evaluateAll((els) =>
        els.map((chip) => {
          const label = chip.querySelector('[data-testid="ask-source-label"]')!.getBoundingClientRect();
          const key = chip.querySelector('[data-testid="ask-source-key"]')!;
          const k = key.getBoundingClientRect();
          return {
            title: chip.getAttribute('data-title')!,
            key: key.textContent!,
            // The distinctive part is drawn whole, not clipped by the chip.
            keyShown: k.bottom <= label.bottom + 1 && k.right <= label.right + 1 && k.width > 0,
            fits: chip.scrollWidth <= chip.clientWidth + 1,
          };
        }),
      );
      // Titles that differ get chips that differ where it shows.
      expect(new Set(read.map((r) => r.key)).size).toBe(new Set(read.map((r) => r.title)).size);
      for (const r of read) {
        expect(r.keyShown, r.title).toBe(true);
        expect(r.fits, r.title).toBe(true);
        expect(r.title).toContain(r.key.replace(/….*$/, ''));
      }

      // The whole title is a hover away.
      await chips.nth(1).hover();
      await expect(page.getByRole('tooltip')).toHaveText(read[1].title);
      expect(await pageScrollsSideways(page)).toBe(false);
      await shot(page, info, `ask-${size.width}`);
    });
  });
}
