// The rules a URL must pass before any connection: the scheme, no credentials, a host; and the hosts an operator
// allows to skip the address-range check (OUTBOUND_ALLOW_HOSTS), such as an intranet site or a local test server.
import { isIP } from 'node:net';
import { addressRefusal } from './address.ts';
import { OutboundError } from './errors.ts';

/** Allowed hosts: a host name or IP with the one port it is allowed on, or null for any port. */
export type AllowHosts = ReadonlyMap<string, ReadonlySet<number> | null>;

/**
 * Parses OUTBOUND_ALLOW_HOSTS: a comma list of `host` (any port) or `host:port` (that port only); an IPv6 address is
 * written in brackets ([::1] or [::1]:8080). Throws naming a malformed entry, so a typo stops the start.
 */
export function parseAllowHosts(csv: string): AllowHosts {
  const hosts = new Map<string, Set<number> | null>();
  for (const entry of csv.split(',').map((e) => e.trim()).filter(Boolean)) {
    const match = /^(\[[^\]]+\]|[^:[\]]+)(?::(\d+))?$/.exec(entry);
    const hostname = match && normalHostname(match[1]);
    const port = match?.[2] === undefined ? null : Number(match[2]);
    if (!hostname || (port !== null && (port < 1 || port > 65_535))) {
      throw new Error(`OUTBOUND_ALLOW_HOSTS: "${entry}" is not a host or host:port`);
    }
    const ports = hosts.get(hostname);
    if (port === null || ports === null) hosts.set(hostname, null);
    else hosts.set(hostname, new Set([...(ports ?? []), port]));
  }
  return hosts;
}

/** Whether the URL's host (and port) is on the allow list, so its addresses are not checked. */
export function isAllowedHost(url: URL, allowHosts: AllowHosts): boolean {
  const ports = allowHosts.get(url.hostname);
  if (ports === undefined) return false;
  return ports === null || ports.has(effectivePort(url));
}

/**
 * The URL, parsed, when it may be requested: http or https, without credentials, with a host, and when that host is
 * an IP address, a public one (or an allowed host). A host name's addresses are checked once it is resolved.
 */
export function checkUrl(raw: string, allowHosts: AllowHosts): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    // For http(s) this is also what a missing host gives ("http://", "https://:80/").
    throw new OutboundError('scheme', 'This is not a complete web address (such as https://example.com/page)');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundError('scheme', `Only http:// and https:// addresses can be reached, not ${url.protocol}`);
  }
  if (url.username || url.password) {
    throw new OutboundError('credentials', 'The address contains a user name or password, which Rivalscope does not send');
  }
  const ip = literalIp(url.hostname);
  if (ip && !isAllowedHost(url, allowHosts)) checkAddress(ip);
  return url;
}

/** Throws when the IP address (which `hostname` resolved to, if given) may not be connected to. */
export function checkAddress(ip: string, hostname?: string): void {
  const refusal = addressRefusal(ip);
  if (!refusal) return;
  const what = hostname ? `${hostname} leads to the address ${ip}, which` : `The address ${ip}`;
  throw new OutboundError('address', `${what} ${refusal} and cannot be reached from Rivalscope`);
}

/** The IP address a URL.hostname names (without IPv6's brackets), or '' for a host name. */
export function literalIp(hostname: string): string {
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) ? bare : '';
}

function effectivePort(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

/** A host as URL.hostname writes it (lowercase, IPv4 in dotted decimal, IPv6 compressed in brackets), or null. */
function normalHostname(host: string): string | null {
  try {
    return new URL(`http://${host}/`).hostname || null;
  } catch {
    return null;
  }
}
