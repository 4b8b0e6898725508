/// <reference types="chrome" />
// The extension's state. The token lives only here, in chrome.storage.local, read only by the background service
// worker: no page and no content script is ever sent it.
import type { ExtensionConfig } from '../contracts/extension.ts';

export type Connection = { productUrl: string; token: string; user: ExtensionConfig['user'] };
export type Sites = Pick<ExtensionConfig, 'rivalDomains' | 'crmHosts'>;

export const getConnection = async (): Promise<Connection | null> => ((await chrome.storage.local.get('connection')).connection as Connection) ?? null;
export const setConnection = (connection: Connection, sites: Sites) => chrome.storage.local.set({ connection, sites });
export const getSites = async (): Promise<Sites> => ((await chrome.storage.local.get('sites')).sites as Sites) ?? { rivalDomains: [], crmHosts: [] };
export const setSites = (sites: Sites) => chrome.storage.local.set({ sites });
export const clearConnection = () => chrome.storage.local.remove(['connection', 'sites']);
