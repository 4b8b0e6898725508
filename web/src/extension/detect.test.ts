// The web side of the extension's messaging rules (part 1 §5, §8): which browser may ask, what may be sent, and what
// each answer (or none) means — every rejection and the installed case, against a fake `chrome` object.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXTENSION_ID, PING, type ExtensionPong } from '../../../contracts/extension.ts';
import { detectBrowser, detectExtension, isPong, type ChromeLike, type UserAgentData } from './detect.ts';

const CHROME_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const EDGE_UA = `${CHROME_UA} Edg/131.0.0.0`;
const FIREFOX_UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15';
const ANDROID_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IOS_CHROME_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1';

const brands = (...names: string[]): UserAgentData => ({ brands: names.map((brand) => ({ brand, version: '131' })), mobile: false });
const PONG: ExtensionPong = { type: 'rivalscope:pong', version: '1.2.0', productUrl: 'https://app.example.com', connectedHere: true };

/** A `chrome` whose extension answers `answer` (or sets lastError, or never calls back). */
function fakeChrome(behaviour: { answer?: unknown; lastError?: string; silent?: boolean; throws?: boolean }) {
  const calls: { id: string; message: unknown }[] = [];
  const runtime: NonNullable<ChromeLike['runtime']> = {
    lastError: undefined,
    sendMessage(id, message, callback) {
      calls.push({ id, message });
      if (behaviour.throws) throw new Error('Invalid extension id');
      if (behaviour.silent) return;
      queueMicrotask(() => {
        runtime.lastError = behaviour.lastError ? { message: behaviour.lastError } : undefined;
        callback(behaviour.lastError ? undefined : behaviour.answer);
        runtime.lastError = undefined;
      });
    },
  };
  return { chrome: { runtime } satisfies ChromeLike, calls };
}

const chromeBrowser = { userAgentData: brands('Chromium', 'Google Chrome', 'Not?A_Brand'), userAgent: CHROME_UA };

afterEach(() => vi.useRealTimers());

describe('detectBrowser', () => {
  it('knows Chrome and Edge by their brands, and counts Chromium forks as Chrome', () => {
    expect(detectBrowser(brands('Chromium', 'Google Chrome'), CHROME_UA)).toBe('chrome');
    expect(detectBrowser(brands('Chromium', 'Microsoft Edge'), EDGE_UA)).toBe('edge');
    expect(detectBrowser(brands('Chromium', 'Opera'), CHROME_UA)).toBe('chrome');
    expect(detectBrowser(brands('Chromium', 'Brave'), CHROME_UA)).toBe('chrome');
    expect(detectBrowser(brands('HeadlessChrome', 'Chromium'), CHROME_UA)).toBe('chrome');
  });

  it('falls back to the user agent without client hints', () => {
    expect(detectBrowser(undefined, CHROME_UA)).toBe('chrome');
    expect(detectBrowser(null, EDGE_UA)).toBe('edge');
    expect(detectBrowser({ brands: [] }, EDGE_UA)).toBe('edge');
    expect(detectBrowser(undefined, FIREFOX_UA)).toBeNull();
    expect(detectBrowser(undefined, SAFARI_UA)).toBeNull();
  });

  it('refuses phones and tablets, whose browsers run no extensions', () => {
    expect(detectBrowser({ ...brands('Google Chrome'), mobile: true }, ANDROID_UA)).toBeNull();
    expect(detectBrowser(undefined, ANDROID_UA)).toBeNull();
    expect(detectBrowser(undefined, IOS_CHROME_UA)).toBeNull();
  });
});

describe('detectExtension', () => {
  it('rejects a browser other than Chrome or Edge without messaging', async () => {
    const { chrome, calls } = fakeChrome({ answer: PONG });
    expect(await detectExtension({ userAgentData: undefined, userAgent: FIREFOX_UA, chrome })).toEqual({ state: 'rejected', reason: 'unsupported_browser' });
    expect(calls).toEqual([]);
  });

  it('rejects an id that is not 32 letters', async () => {
    const { chrome, calls } = fakeChrome({ answer: PONG });
    for (const extensionId of ['', 'abc', 'IMIBEPOACPJNABDAHGJMHNHKHGOGEGFC', `${EXTENSION_ID}a`, 42, null]) {
      expect(await detectExtension({ ...chromeBrowser, chrome, extensionId })).toEqual({ state: 'rejected', reason: 'invalid_extension_id' });
    }
    expect(calls).toEqual([]);
  });

  it('rejects a message without a rivalscope: type', async () => {
    const { chrome, calls } = fakeChrome({ answer: PONG });
    for (const message of [null, undefined, 'rivalscope:ping', {}, { type: 3 }, { type: 'ping' }, { type: 'rivalscope:' }]) {
      expect(await detectExtension({ ...chromeBrowser, chrome, message })).toEqual({ state: 'rejected', reason: 'no_message' });
    }
    expect(calls).toEqual([]);
  });

  it('answers not installed when the page has no chrome.runtime.sendMessage', async () => {
    expect(await detectExtension({ ...chromeBrowser, chrome: undefined })).toEqual({ state: 'rejected', reason: 'not_installed' });
    expect(await detectExtension({ ...chromeBrowser, chrome: {} })).toEqual({ state: 'rejected', reason: 'not_installed' });
    expect(await detectExtension({ ...chromeBrowser, chrome: { runtime: {} } })).toEqual({ state: 'rejected', reason: 'not_installed' });
  });

  it('answers not installed on lastError, a throw, or an answer that is not the pong', async () => {
    for (const behaviour of [{ lastError: 'Could not establish connection. Receiving end does not exist.' }, { throws: true }, { answer: undefined }, { answer: { type: 'rivalscope:other' } }, { answer: { ...PONG, version: 2 } }]) {
      const { chrome } = fakeChrome(behaviour);
      expect(await detectExtension({ ...chromeBrowser, chrome }), JSON.stringify(behaviour)).toEqual({ state: 'rejected', reason: 'not_installed' });
    }
  });

  it('answers not installed when nothing answers in time', async () => {
    vi.useFakeTimers();
    const { chrome } = fakeChrome({ silent: true });
    const status = detectExtension({ ...chromeBrowser, chrome });
    await vi.advanceTimersByTimeAsync(1499);
    let settled = false;
    void status.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(2);
    expect(await status).toEqual({ state: 'rejected', reason: 'not_installed' });
  });

  it('pings the extension by its id and answers installed with the pong, in Chrome and Edge', async () => {
    for (const browser of [chromeBrowser, { userAgentData: brands('Chromium', 'Microsoft Edge'), userAgent: EDGE_UA }]) {
      const { chrome, calls } = fakeChrome({ answer: PONG });
      expect(await detectExtension({ ...browser, chrome })).toEqual({ state: 'installed', pong: PONG });
      expect(calls).toEqual([{ id: EXTENSION_ID, message: { type: PING } }]);
    }
    const { chrome } = fakeChrome({ answer: { ...PONG, productUrl: null, connectedHere: false } });
    expect(await detectExtension({ ...chromeBrowser, chrome })).toMatchObject({ state: 'installed', pong: { productUrl: null, connectedHere: false } });
  });
});

describe('isPong', () => {
  it('takes the contract’s pong only', () => {
    expect(isPong(PONG)).toBe(true);
    expect(isPong({ ...PONG, productUrl: null })).toBe(true);
    expect(isPong({ ...PONG, connectedHere: 'yes' })).toBe(false);
    expect(isPong({ ...PONG, type: 'rivalscope:ping' })).toBe(false);
    expect(isPong(null)).toBe(false);
  });
});
