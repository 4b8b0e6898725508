/// <reference types="chrome" />
// Runs only on the rival websites and CRM hosts the person allowed (sites.ts). It holds no token and reads only its
// own page: it asks the background what this page is, and when rivals are found it adds one small iframe of the
// extension's own badge.html. Our battlecards render inside that frame, on the extension's origin, so the rival's
// page cannot read them: nothing of ours is put into the page's DOM.
import { MENTIONS_TEXT_MAX } from '../contracts/extension.ts';
import { MSG } from './messages.ts';

const COLLAPSED = { width: '260px', height: '56px' };
const EXPANDED = { width: '380px', height: '480px' };
let frame: HTMLIFrameElement | null = null;

type SizeMessage = { expanded?: boolean; width?: number; height?: number };

/** The state's largest size, or the badge's measured box within it. */
function frameSize({ expanded, width, height }: SizeMessage) {
  const max = expanded ? EXPANDED : COLLAPSED;
  if (!width || !height) return max;
  return { width: `${Math.min(width, parseInt(max.width))}px`, height: `${Math.min(height, parseInt(max.height))}px` };
}

chrome.runtime.onMessage.addListener((msg: { type?: string } & SizeMessage, sender, sendResponse) => {
  if (sender.id !== chrome.runtime.id) return false;
  if (msg.type === MSG.pageText) sendResponse(document.body?.innerText.slice(0, MENTIONS_TEXT_MAX) ?? '');
  if (msg.type === MSG.badgeSize && frame) Object.assign(frame.style, frameSize(msg));
  if (msg.type === MSG.badgeClose) frame = (frame?.remove(), null);
  return false;
});

function showBadge() {
  frame = document.createElement('iframe');
  frame.src = chrome.runtime.getURL('badge.html');
  frame.title = chrome.i18n.getMessage('extName');
  frame.setAttribute('data-rivalscope-badge', '');
  // Fixed in the corner, above the page, and styled inline so the page's own CSS has the least say.
  frame.style.cssText =
    'position:fixed!important;right:16px!important;bottom:16px!important;z-index:2147483647!important;border:0!important;' +
    'background:transparent!important;color-scheme:normal!important;display:block!important;margin:0!important;padding:0!important;';
  Object.assign(frame.style, COLLAPSED);
  document.documentElement.append(frame);
}

void chrome.runtime.sendMessage({ type: MSG.page }).then((answer: { rivals?: number } | undefined) => {
  if (answer?.rivals) showBadge();
});
