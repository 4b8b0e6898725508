// Which IP addresses an outbound request may connect to: public unicast only, so that a URL someone gives cannot reach
// this server, its private network or a cloud metadata service. Judged with ipaddr.js's ranges.
import ipaddr from 'ipaddr.js';

/** Why each refused range of ipaddr.js is refused, completing "The address 10.0.0.5 …". */
const REFUSED: Record<string, string> = {
  unspecified: 'is the unspecified address',
  broadcast: 'is the broadcast address',
  multicast: 'is a multicast address',
  linkLocal: 'is in the link-local range, where cloud metadata services live',
  loopback: "is a loopback address of Rivalscope's own server",
  carrierGradeNat: "is in a carrier-grade NAT range, part of a provider's private network",
  private: 'is in a private network range',
  uniqueLocal: 'is in a private network range',
  reserved: 'is in a reserved range',
};
const SPECIAL = 'is in a special-purpose range that does not lead to a public site';

// IPv6 outside 2000::/3 is not allocated for the public internet, whatever ipaddr.js calls it: ::7f00:1 (the
// deprecated IPv4-compatible form of 127.0.0.1) is 'unicast' to it.
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3') as [ipaddr.IPv6, number];
// The well-known NAT64 prefix: a DNS64 resolver answers with it for IPv4-only sites, so the IPv4 it carries is judged.
const NAT64 = ipaddr.parseCIDR('64:ff9b::/96') as [ipaddr.IPv6, number];

/** Why `ip` may not be connected to (completing "The address <ip> …"), or undefined when it is a public unicast address. */
export function addressRefusal(ip: string): string | undefined {
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    addr = ipaddr.parse(ip);
  } catch {
    return 'is not a valid IP address';
  }
  return judge(addr);
}

export function isRefusedAddress(ip: string): boolean {
  return addressRefusal(ip) !== undefined;
}

function judge(addr: ipaddr.IPv4 | ipaddr.IPv6): string | undefined {
  if (addr.kind() === 'ipv4') {
    const range = (addr as ipaddr.IPv4).range();
    return range === 'unicast' ? undefined : (REFUSED[range] ?? SPECIAL);
  }
  const v6 = addr as ipaddr.IPv6;
  const range = v6.range();
  // Forms that carry an IPv4 address (::ffff:127.0.0.1, ::ffff:0:127.0.0.1, 64:ff9b::127.0.0.1) lead to that address.
  if (range === 'ipv4Mapped' || range === 'rfc6145' || v6.match(NAT64)) return judge(lastIPv4(v6));
  // 6to4, Teredo and the other special ranges are refused whole (6to4 and Teredo are deprecated relays).
  if (range !== 'unicast') return REFUSED[range] ?? SPECIAL;
  return v6.match(GLOBAL_UNICAST) ? undefined : REFUSED.reserved;
}

function lastIPv4(v6: ipaddr.IPv6): ipaddr.IPv4 {
  const [high, low] = v6.parts.slice(-2);
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}
