// The browser extension (issue #55): what the extension, the product's server and the web app's guide say to each other.
//
// The extension (extension/) is a Manifest V3 extension. A person connects it to the product's address with a personal
// API token of scope "extension" (contracts/apiTokens.ts); every call below then carries `Authorization: Bearer <token>`
// from the extension's background service worker (content scripts hold no token) and answers under the token owner's
// roles and visibility, like the web app.
//
//   GET  /api/extension/config.json          → ExtensionConfig: where badges may appear (rival domains, CRM hosts)
//   GET  /api/extension/lookup.json?url=     → ExtensionLookup: the rival whose website the page is on (kind 'rival')
//   POST /api/extension/mentions.json        ExtensionMentionsBody → ExtensionLookup: rivals a CRM page names (kind 'crm')
//   POST /api/extension/clips.json           ExtensionClipBody → ExtensionClipCreated (201): "Send to Rivalscope"
//   GET  /api/extension/sites.json           → ExtensionSites: every rival's domains and the CRM hosts (curators)
//   PUT  /api/rivals/{id}/domains.json       RivalDomainsBody → RivalDomains: a rival's website domains (curators)
//   PUT  /api/extension/crm_hosts.json       CrmHostsBody → CrmHosts: the company's CRM hosts (curators)
//   GET  /extension/rivalscope-extension.zip → the extension to install, its manifest stamped with the product's address
//
// The web app's guide (/extension/guide) finds out whether the extension is installed by messaging it through
// chrome.runtime.sendMessage(EXTENSION_ID, message) under the rules of part 1 §5 (checkExtensionMessage below).
import { z } from 'zod';

/** Every message between the product's pages and the extension has a type that starts with this (part 1 §5). */
export const EXTENSION_MESSAGE_PREFIX = 'rivalscope:';

/**
 * The extension's id. It follows from the public key in extension/manifest.json (Chrome's ids are the key's SHA-256
 * in the letters a–p), so an unpacked install and the zip have the same id; extension/key.test.ts checks the two agree.
 */
export const EXTENSION_ID = 'imibepoacpjnabdahgjmhnhkhgogegfc';

/** The file the product serves; the guide links to it. */
export const EXTENSION_ZIP_PATH = '/extension/rivalscope-extension.zip';
export const EXTENSION_GUIDE_PATH = '/extension/guide';

/** Browsers whose extension messaging the product supports (part 1 §5: two). */
export const EXTENSION_BROWSERS = ['chrome', 'edge'] as const;
export type ExtensionBrowser = (typeof EXTENSION_BROWSERS)[number];

/** Part 1 §8's four rejections, as codes the guide puts in words. */
export const EXTENSION_REJECTIONS = ['unsupported_browser', 'no_message', 'not_installed', 'invalid_extension_id'] as const;
export type ExtensionRejection = (typeof EXTENSION_REJECTIONS)[number];

/** A message to or from the extension. */
export type ExtensionMessage = { type: string; [key: string]: unknown };

/** An extension id is exactly 32 letters (part 1 §5). */
export const isExtensionId = (id: unknown): id is string => typeof id === 'string' && /^[a-z]{32}$/.test(id);

/**
 * Whether a message may be sent: the rules of part 1 §5 in order. `browser` is null in a browser the product's
 * messaging does not support. `not_installed` is not decided here: it is what a send answers when nothing listens.
 */
export function checkExtensionMessage(
  browser: ExtensionBrowser | null,
  extensionId: unknown,
  message: unknown,
): Exclude<ExtensionRejection, 'not_installed'> | null {
  if (browser === null) return 'unsupported_browser';
  if (!isExtensionId(extensionId)) return 'invalid_extension_id';
  if (typeof message !== 'object' || message === null) return 'no_message';
  const type = (message as { type?: unknown }).type;
  if (typeof type !== 'string' || !type.startsWith(EXTENSION_MESSAGE_PREFIX) || type.length === EXTENSION_MESSAGE_PREFIX.length) return 'no_message';
  return null;
}

/** The guide's question and the extension's answer. */
export const PING = `${EXTENSION_MESSAGE_PREFIX}ping` as const;
export type ExtensionPong = {
  type: `${typeof EXTENSION_MESSAGE_PREFIX}pong`;
  version: string;
  /** The product address the extension is connected to, or null before it is connected. */
  productUrl: string | null;
  /** Whether that address is the page's own origin. */
  connectedHere: boolean;
};

// ---- Sites: where badges appear -------------------------------------------------------------------------------

/** Domains a rival may list, and CRM hosts a company may list. */
export const RIVAL_DOMAINS_MAX = 20;
export const CRM_HOSTS_MAX = 50;
/** Page text a CRM page may send for rivals to be found in (characters); the rest is cut. */
export const MENTIONS_TEXT_MAX = 100_000;

/** The CRM hosts a company starts with: a `*.` prefix stands for any subdomain. */
export const DEFAULT_CRM_HOSTS = ['*.lightning.force.com', '*.my.salesforce.com', 'app.hubspot.com', '*.crm.dynamics.com', '*.pipedrive.com'] as const;

const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** The host part of what people paste ("https://Acme.com:8080/pricing" → "acme.com"), or null when it is not a name of two labels or more. */
function hostOf(input: string): string | null {
  const s = input.trim().toLowerCase().replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/[/?#].*$/, '').replace(/:\d+$/, '').replace(/\.$/, '');
  const labels = s.split('.');
  if (labels.length < 2 || !labels.every((l) => HOST_LABEL.test(l)) || /^\d+$/.test(labels.at(-1)!)) return null;
  return s;
}

/**
 * A website domain as the product keeps it: lower case, without scheme, port, path or a leading "www.", at least two
 * labels ("acme.com", "acme.localhost"). Null when it is not a domain.
 */
export function normalizeDomain(input: string): string | null {
  const host = hostOf(input);
  const domain = host?.replace(/^www\./, '') ?? null;
  return domain && hostOf(domain) ? domain : null;
}

/** A CRM host: a host as typed ("www." kept), or `*.` and a domain for any of its subdomains. Null when it is not one. */
export function normalizeCrmHost(input: string): string | null {
  const s = input.trim();
  if (s.startsWith('*.')) {
    const host = hostOf(s.slice(2));
    return host ? `*.${host}` : null;
  }
  return hostOf(s);
}

/** The domains a page's host belongs to, most specific first: "eu.app.acme.com" → itself, "app.acme.com", "acme.com". */
export function domainCandidates(host: string): string[] {
  const labels = host.toLowerCase().replace(/^www\./, '').split('.');
  const out: string[] = [];
  for (let i = 0; i <= labels.length - 2; i++) out.push(labels.slice(i).join('.'));
  return out;
}

/** Whether a host is one of the CRM hosts (a `*.` entry matches its subdomains). */
export function matchesCrmHost(host: string, crmHosts: readonly string[]): boolean {
  const h = host.toLowerCase();
  return crmHosts.some((c) => (c.startsWith('*.') ? h.endsWith(c.slice(1)) : h === c));
}

/** Chrome match patterns of a domain (itself and its subdomains), for content scripts and host permissions. */
export function matchPatterns(domainOrCrmHost: string): string[] {
  const base = domainOrCrmHost.replace(/^\*\./, '');
  return domainOrCrmHost.startsWith('*.') ? [`*://*.${base}/*`] : [`*://${base}/*`, `*://*.${base}/*`];
}

export const RivalDomainsBody = z
  .object({ domains: z.array(z.string().max(253)).max(RIVAL_DOMAINS_MAX, `at most ${RIVAL_DOMAINS_MAX} domains`) })
  .strict();
export type RivalDomains = { rivalId: number; domains: string[] };

export const CrmHostsBody = z.object({ hosts: z.array(z.string().max(253)).max(CRM_HOSTS_MAX, `at most ${CRM_HOSTS_MAX} hosts`) }).strict();
export type CrmHosts = { hosts: string[] };

export type ExtensionSites = { rivals: { id: number; name: string; domains: string[] }[]; crmHosts: string[] };

/** What the extension needs to know where to show badges: domains of the rivals the user may see, and CRM hosts. */
export type ExtensionConfig = { rivalDomains: string[]; crmHosts: string[]; user: { id: number; name: string; email: string } };

// ---- Lookups: what a badge shows ------------------------------------------------------------------------------

export const ExtensionLookupQuery = z.object({ url: z.string().trim().min(1, 'is required').max(4000) });
export const ExtensionMentionsBody = z
  .object({ url: z.string().trim().min(1, 'is required').max(4000), text: z.string().max(MENTIONS_TEXT_MAX * 2) })
  .strict();

/** A rival as a badge offers it: its battlecards, and its landing page with the page's overview in a few sentences. */
export type ExtensionRival = {
  id: number;
  name: string;
  iconUrl: string | null;
  /** The landing page's path (/company/{rivalId}), null when the rival has none the user may read. */
  landingPath: string | null;
  /** The landing page's overview as plain text (citation markers and markup removed), at most ~600 characters; null when not generated yet. */
  summary: string | null;
  /** Battlecards the user may read, first ones first, each with its in-app path. */
  battlecards: { id: number; title: string; path: string }[];
};
export type ExtensionLookup = {
  /** 'rival' on a rival's website, 'crm' on a CRM host, 'none' elsewhere (nothing is shown). */
  kind: 'rival' | 'crm' | 'none';
  host: string;
  rivals: ExtensionRival[];
};

// ---- Send to Rivalscope ---------------------------------------------------------------------------------------

export const CLIP_KINDS = ['page', 'link', 'selection'] as const;
export const CLIP_NOTE_MAX = 2000;
export const CLIP_SELECTION_MAX = 10_000;

export const ExtensionClipBody = z
  .object({
    kind: z.enum(CLIP_KINDS),
    url: z.string().trim().url('must be a web address').max(4000).refine((u) => /^https?:/i.test(u), 'must use http or https'),
    title: z.string().trim().max(500).default(''),
    selection: z.string().trim().max(CLIP_SELECTION_MAX).default(''),
    note: z.string().trim().max(CLIP_NOTE_MAX).default(''),
    /** Rivals the person picked; when absent, the rivals the title, selection and note name. */
    rivalIds: z.array(z.number().int().positive()).max(20).optional(),
  })
  .strict();
export type ExtensionClipBody = z.output<typeof ExtensionClipBody>;
export type ExtensionClipCreated = { id: number; title: string; rivals: { id: number; name: string }[]; path: string };
