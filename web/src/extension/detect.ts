// Whether the browser extension (issue #55) is installed in this browser, as the guide (/extension/guide) asks it:
// the browser first (part 1 §5: Chrome or Edge), then the message checked against the messaging rules
// (contracts/extension.ts checkExtensionMessage), then a ping through chrome.runtime.sendMessage to the extension's
// id. Nothing listening, an error, a wrong answer or no answer in time all read as "not installed".
//
// Chromium forks (Opera, Brave, Vivaldi, Arc, plain Chromium) count as Chrome: they run Chrome's extensions, load an
// unpacked one the same way from their extensions page, and expose chrome.runtime to pages the same way, so whether
// the extension answers decides, not the brand. Browsers on phones and tablets (Chrome on Android, anything on iOS)
// cannot run extensions at all and are unsupported, as are Firefox and Safari.
import {
  checkExtensionMessage,
  EXTENSION_ID,
  EXTENSION_MESSAGE_PREFIX,
  PING,
  type ExtensionBrowser,
  type ExtensionPong,
  type ExtensionRejection,
} from '../../../contracts/extension.ts';

export type ExtensionStatus = { state: 'installed'; pong: ExtensionPong } | { state: 'rejected'; reason: ExtensionRejection };

/** The part of navigator.userAgentData the guide reads (Chromium only; other browsers have none). */
export type UserAgentData = { brands?: readonly { brand: string; version?: string }[]; mobile?: boolean };

/** The part of the `chrome` global a page may have: runtime exists on a page only when some extension lets it talk. */
export type ChromeLike = {
  runtime?: {
    sendMessage?: (extensionId: string, message: unknown, callback: (answer: unknown) => void) => void;
    lastError?: { message?: string } | undefined;
  };
};

/** How long the guide waits for the extension's answer before it counts as not installed. */
export const PING_TIMEOUT_MS = 1500;

/** The browser as the messaging rules know it, or null for one they do not support. */
export function detectBrowser(userAgentData: UserAgentData | null | undefined, userAgent: string): ExtensionBrowser | null {
  if (userAgentData?.mobile) return null;
  const brands = userAgentData?.brands?.map((b) => b.brand) ?? [];
  if (brands.length) {
    if (brands.includes('Microsoft Edge')) return 'edge';
    // Google Chrome, Chromium, HeadlessChrome, Opera, Brave…: a Chromium fork counts as Chrome (see above).
    if (brands.some((b) => /chrom|opera|brave|vivaldi/i.test(b))) return 'chrome';
  }
  // No client hints (older versions, or the browser leaves them out): the user agent string.
  if (/Android|iPhone|iPad|iPod|Mobile/i.test(userAgent) || /CriOS|EdgiOS|FxiOS/.test(userAgent)) return null;
  if (/\bEdg\//.test(userAgent)) return 'edge';
  if (/\b(?:Headless)?Chrom(?:e|ium)\//.test(userAgent)) return 'chrome';
  return null;
}

/** Whether an answer is the extension's pong: the right type and a version; the rest as the contract says. */
export function isPong(answer: unknown): answer is ExtensionPong {
  if (typeof answer !== 'object' || answer === null) return false;
  const a = answer as Record<string, unknown>;
  return (
    a.type === `${EXTENSION_MESSAGE_PREFIX}pong` &&
    typeof a.version === 'string' &&
    (a.productUrl === null || typeof a.productUrl === 'string') &&
    typeof a.connectedHere === 'boolean'
  );
}

export type DetectOptions = {
  /** Defaults: the page's navigator and globalThis.chrome; tests pass their own. */
  userAgentData?: UserAgentData | null;
  userAgent?: string;
  chrome?: ChromeLike | null;
  extensionId?: unknown;
  message?: unknown;
  timeoutMs?: number;
};

const rejected = (reason: ExtensionRejection): ExtensionStatus => ({ state: 'rejected', reason });

/** Asks the extension whether it is there: installed with its pong, or the rejection (part 1 §8) in its code. */
export function detectExtension(opts: DetectOptions = {}): Promise<ExtensionStatus> {
  const nav = typeof navigator === 'undefined' ? null : (navigator as Navigator & { userAgentData?: UserAgentData });
  const userAgentData = 'userAgentData' in opts ? opts.userAgentData : nav?.userAgentData;
  const userAgent = opts.userAgent ?? nav?.userAgent ?? '';
  const extensionId = 'extensionId' in opts ? opts.extensionId : EXTENSION_ID;
  const message = 'message' in opts ? opts.message : { type: PING };

  const refused = checkExtensionMessage(detectBrowser(userAgentData, userAgent), extensionId, message);
  if (refused) return Promise.resolve(rejected(refused));

  const chrome = 'chrome' in opts ? opts.chrome : (globalThis as { chrome?: ChromeLike }).chrome;
  const runtime = chrome?.runtime;
  const send = runtime?.sendMessage;
  if (!runtime || typeof send !== 'function') return Promise.resolve(rejected('not_installed'));

  return new Promise((resolve) => {
    let done = false;
    const finish = (status: ExtensionStatus) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(status);
    };
    const timer = setTimeout(() => finish(rejected('not_installed')), opts.timeoutMs ?? PING_TIMEOUT_MS);
    try {
      send.call(runtime, extensionId as string, message, (answer: unknown) => {
        // Reading lastError is what keeps Chrome from logging "Unchecked runtime.lastError" when nothing listens.
        if (runtime.lastError) return finish(rejected('not_installed'));
        finish(isPong(answer) ? { state: 'installed', pong: answer } : rejected('not_installed'));
      });
    } catch {
      // Chrome throws at once for an id no extension of this browser lets the page message.
      finish(rejected('not_installed'));
    }
  });
}
