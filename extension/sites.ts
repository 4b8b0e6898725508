/// <reference types="chrome" />
// Where the badge's content script runs: the rival domains and CRM hosts of the product's config, but only those the
// person granted host access to. The content script is registered for exactly those, so it is injected nowhere else.
import { matchPatterns } from '../contracts/extension.ts';
import type { Sites } from './storage.ts';

const SCRIPT_ID = 'rivalscope-badge';

/** Every site's match patterns (`*://` for http and https), deduplicated. */
export const sitePatterns = (sites: Sites): string[] => [...new Set([...sites.rivalDomains, ...sites.crmHosts].flatMap(matchPatterns))];

const schemes = (pattern: string) => ['http', 'https'].map((s) => pattern.replace(/^\*:/, `${s}:`));
const granted = (origin: string) => chrome.permissions.contains({ origins: [origin] });

/** The http/https patterns of the sites the extension holds host permission for. */
export async function grantedPatterns(sites: Sites): Promise<string[]> {
  const all = sitePatterns(sites).flatMap(schemes);
  const held = await Promise.all(all.map(granted));
  return all.filter((_, i) => held[i]);
}

/** Patterns of sites of which neither scheme is granted: what the popup's button asks for. */
export async function missingPatterns(sites: Sites): Promise<string[]> {
  const patterns = sitePatterns(sites);
  const held = await Promise.all(patterns.map(async (p) => (await Promise.all(schemes(p).map(granted))).some(Boolean)));
  return patterns.filter((_, i) => !held[i]);
}

export async function unregisterBadges(): Promise<void> {
  // Unregistering an id that is not registered throws, and two failed calls at once (search and suggestions on a
  // revoked token) race to unregister: either way the script is gone, which is all that is asked.
  await chrome.scripting.unregisterContentScripts({ ids: [SCRIPT_ID] }).catch(() => undefined);
}

/** Registers the content script for the granted sites (or none). */
export async function registerBadges(sites: Sites): Promise<string[]> {
  await unregisterBadges();
  const matches = await grantedPatterns(sites);
  if (matches.length) await chrome.scripting.registerContentScripts([{ id: SCRIPT_ID, js: ['content.js'], matches, runAt: 'document_idle' }]);
  return matches;
}
