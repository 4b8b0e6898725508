/// <reference types="chrome" />
// The background service worker: the only part that holds the token and calls the product (api.ts). Pages of the
// extension ask it through chrome.runtime messages; content scripts may only ask what their page is; the product's
// own pages may only PING it (part 1 §5).
import {
  checkExtensionMessage,
  domainCandidates,
  matchesCrmHost,
  PING,
  type ExtensionClipCreated,
  type ExtensionConfig,
  type ExtensionLookup,
  type ExtensionPong,
} from '../contracts/extension.ts';
import type { CardView, SearchResponse, SuggestResponse } from '../contracts/search.ts';
import { ApiFailure, call, request } from './api.ts';
import { t } from './i18n.ts';
import { MSG, type BadgeData, type ClipDraft, type Failure, type PopupState } from './messages.ts';
import { missingPatterns, registerBadges, unregisterBadges } from './sites.ts';
import { clearConnection, getConnection, getSites, setConnection, setSites } from './storage.ts';

// chrome.storage.local is open to content scripts by default: closed to them, so even a content script running in a
// compromised page's renderer cannot read the token.
void chrome.storage.local.setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' });

const SYNC_ALARM = 'rivalscope-sync';
const SYNC_MINUTES = 30;
const isOwnType = (msg: unknown): msg is { type: string; [k: string]: unknown } => checkExtensionMessage('chrome', chrome.runtime.id, msg) === null;

/** Fetches the config (rival domains and CRM hosts the user may see) and injects badges where allowed. */
async function syncSites(): Promise<void> {
  if (!(await getConnection())) return;
  const config = await call<ExtensionConfig>('/api/extension/config.json');
  const sites = { rivalDomains: config.rivalDomains, crmHosts: config.crmHosts };
  await setSites(sites);
  await registerBadges(sites);
}

async function connect(address: string, token: string): Promise<PopupState> {
  const productUrl = new URL(address).origin;
  const config = await request<ExtensionConfig>({ productUrl, token }, '/api/extension/config.json');
  const sites = { rivalDomains: config.rivalDomains, crmHosts: config.crmHosts };
  await setConnection({ productUrl, token, user: config.user }, sites);
  await registerBadges(sites);
  return state();
}

async function state(): Promise<PopupState> {
  const conn = await getConnection();
  return {
    connected: !!conn,
    productUrl: conn?.productUrl ?? null,
    user: conn?.user ?? null,
    missingOrigins: conn ? await missingPatterns(await getSites()) : [],
  };
}

// ---- Badges: what a rival's or a CRM's page is ---------------------------------------------------------------

const lookupKey = (tabId: number) => `lookup:${tabId}`;

/** Looks the page up (a CRM page by the rivals its text names) and keeps the answer for the tab's badge frame. */
async function lookUpPage(url: string, tabId: number): Promise<{ rivals: number }> {
  const host = new URL(url).hostname;
  const sites = await getSites();
  const isRivalSite = domainCandidates(host).some((d) => sites.rivalDomains.includes(d));
  let lookup: ExtensionLookup;
  if (!isRivalSite && matchesCrmHost(host, sites.crmHosts)) {
    const text = (await chrome.tabs.sendMessage(tabId, { type: MSG.pageText }, { frameId: 0 })) as string;
    lookup = await call<ExtensionLookup>('/api/extension/mentions.json', { method: 'POST', body: { url, text } });
  } else {
    lookup = await call<ExtensionLookup>('/api/extension/lookup.json', { query: { url } });
  }
  // Session storage is for trusted contexts only: the page's content script cannot read the lookup, the badge frame asks for it.
  await chrome.storage.session.set({ [lookupKey(tabId)]: lookup });
  return { rivals: lookup.kind === 'none' ? 0 : lookup.rivals.length };
}

async function badgeData(tabId: number): Promise<BadgeData | null> {
  const lookup = (await chrome.storage.session.get(lookupKey(tabId)))[lookupKey(tabId)] as ExtensionLookup | undefined;
  const conn = await getConnection();
  return lookup && conn ? { lookup, productUrl: conn.productUrl } : null;
}

chrome.tabs.onRemoved.addListener((tabId) => void chrome.storage.session.remove(lookupKey(tabId)));

// ---- Send to Rivalscope ---------------------------------------------------------------------------------------

const MENU = { page: 'menuSendPage', link: 'menuSendLink', selection: 'menuSendSelection' } as const;
type MenuInfo = Pick<chrome.contextMenus.OnClickData, 'menuItemId' | 'pageUrl' | 'linkUrl' | 'selectionText'> & { linkText?: string };

/**
 * The context menu's click: keeps what was clicked as a draft and opens the small clip window for a note and Send.
 * On globalThis so the browser tests can call it from the service worker (they cannot click Chrome's menu).
 */
async function sendToRivalscope(info: MenuInfo, tab?: Pick<chrome.tabs.Tab, 'title'>): Promise<void> {
  const kind = info.menuItemId === 'selection' ? 'selection' : info.menuItemId === 'link' ? 'link' : 'page';
  const draft: ClipDraft = {
    kind,
    url: (kind === 'link' ? info.linkUrl : info.pageUrl) ?? '',
    title: (kind === 'link' ? info.linkText : tab?.title) ?? '',
    selection: kind === 'selection' ? (info.selectionText ?? '') : '',
  };
  const id = crypto.randomUUID();
  await chrome.storage.session.set({ [`clip:${id}`]: draft });
  await chrome.windows.create({ url: chrome.runtime.getURL(`clip.html#${id}`), type: 'popup', width: 440, height: 600 });
}
Object.assign(globalThis, { sendToRivalscope, syncSites });

/** The periodic sync, and one now. Alarms may not outlive a browser restart: set again at every start. */
function scheduleSync() {
  void chrome.alarms.create(SYNC_ALARM, { periodInMinutes: SYNC_MINUTES });
  void syncSites().catch(() => undefined);
}
chrome.runtime.onStartup.addListener(scheduleSync);
chrome.runtime.onInstalled.addListener(() => {
  void chrome.contextMenus.removeAll(() => {
    for (const [id, key] of Object.entries(MENU)) {
      chrome.contextMenus.create({ id, title: t(key), contexts: [id as chrome.contextMenus.ContextType] });
    }
  });
  scheduleSync();
});
chrome.contextMenus.onClicked.addListener((info, tab) => void sendToRivalscope(info as MenuInfo, tab));
chrome.alarms.onAlarm.addListener((alarm) => {
  // A failed sync keeps the last registration; a revoked token has already unregistered everything (api.ts).
  if (alarm.name === SYNC_ALARM) void syncSites().catch(() => undefined);
});

// ---- Messages -------------------------------------------------------------------------------------------------

type Msg = { type: string; [k: string]: unknown };
type Sender = chrome.runtime.MessageSender;

/** What the extension's own pages (popup, clip window, badge frame) may ask. */
const pageHandlers: Record<string, (msg: Msg, sender: Sender) => Promise<unknown>> = {
  [MSG.state]: () => state(),
  [MSG.connect]: (m) => connect(String(m.address), String(m.token)),
  [MSG.disconnect]: async () => {
    await Promise.all([clearConnection(), unregisterBadges()]);
    return state();
  },
  [MSG.sync]: async () => {
    await syncSites();
    return state();
  },
  [MSG.search]: (m) => call<SearchResponse>('/api/search.json', { query: { query: String(m.query), size: '10', sort: 'relevance' } }),
  [MSG.suggest]: (m) => call<SuggestResponse>('/api/suggest.json', { query: { query: String(m.query) } }),
  [MSG.card]: (m) => call<CardView>(`/api/cards/${Number(m.id)}.json`),
  [MSG.clipDraft]: async (m) => ((await chrome.storage.session.get(`clip:${String(m.id)}`))[`clip:${String(m.id)}`] as ClipDraft) ?? null,
  [MSG.clip]: async (m) => {
    const created = await call<ExtensionClipCreated>('/api/extension/clips.json', { method: 'POST', body: m.body });
    await chrome.storage.session.remove(`clip:${String(m.id)}`);
    return { created, productUrl: (await getConnection())?.productUrl };
  },
  [MSG.badge]: (_m, s) => badgeData(s.tab!.id!),
  [MSG.badgeSize]: (m, s) =>
    chrome.tabs.sendMessage(s.tab!.id!, { type: MSG.badgeSize, expanded: !!m.expanded, width: Number(m.width) || 0, height: Number(m.height) || 0 }, { frameId: 0 }),
  [MSG.badgeClose]: (_m, s) => chrome.tabs.sendMessage(s.tab!.id!, { type: MSG.badgeClose }, { frameId: 0 }),
};

/** What a content script (inside a rival's or CRM's page, so not to be trusted with more) may ask. */
const contentHandlers: typeof pageHandlers = {
  // The address Chrome gives for the sender, not one the page could make up.
  [MSG.page]: (_m, s) => lookUpPage(s.url!, s.tab!.id!),
};

const toFailure = (e: unknown): Failure =>
  e instanceof ApiFailure ? { error: { code: e.code, message: e.message } } : { error: { code: 'invalid', message: e instanceof Error ? e.message : String(e) } };

chrome.runtime.onMessage.addListener((msg, sender, sendResponse) => {
  if (sender.id !== chrome.runtime.id || !isOwnType(msg)) return false;
  // Extension pages have the chrome-extension: scheme (the badge frame's may be its dynamic id); content scripts their page's.
  const fromExtension = sender.url?.startsWith('chrome-extension://') ?? false;
  const handler = (fromExtension ? pageHandlers : contentHandlers)[msg.type];
  if (!handler) return false;
  handler(msg, sender).then(sendResponse, (e) => sendResponse(toFailure(e)));
  return true;
});

chrome.runtime.onMessageExternal.addListener((msg, sender, sendResponse) => {
  const origin = sender.origin ?? (sender.url ? new URL(sender.url).origin : '');
  if (!/^https?:\/\//.test(origin) || !isOwnType(msg) || msg.type !== PING) return false;
  void getConnection().then((conn) => {
    const pong: ExtensionPong = {
      type: 'rivalscope:pong',
      version: chrome.runtime.getManifest().version,
      productUrl: conn?.productUrl ?? null,
      connectedHere: conn?.productUrl === origin,
    };
    sendResponse(pong);
  });
  return true;
});
