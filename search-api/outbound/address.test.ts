import { describe, expect, it } from 'vitest';
import { addressRefusal, isRefusedAddress } from './address.ts';

describe('isRefusedAddress', () => {
  const refused = [
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.0.0.5', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'cloud metadata'],
    ['169.254.0.1', 'link-local'],
    ['100.64.0.1', 'CGNAT'],
    ['100.127.255.254', 'CGNAT'],
    ['224.0.0.1', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'this network'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.10', 'documentation (reserved)'],
    ['198.18.0.1', 'benchmarking (reserved)'],
    ['240.0.0.1', 'reserved'],
    ['::1', 'IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['fe80::1', 'IPv6 link-local'],
    ['fe80::1%eth0', 'IPv6 link-local with a zone'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['ff02::1', 'IPv6 multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
    ['::ffff:0:a00:1', 'IPv4-translated private'],
    ['64:ff9b::10.0.0.1', 'NAT64 private'],
    ['64:ff9b::7f00:1', 'NAT64 loopback'],
    ['64:ff9b:1::1', 'NAT64 local use'],
    ['2002:7f00:1::', '6to4'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['2001:db8::1', 'IPv6 documentation'],
    ['::7f00:1', 'IPv4-compatible (deprecated)'],
    ['100::1', 'discard'],
    ['not-an-ip', 'not an address'],
  ];
  it.each(refused)('refuses %s (%s)', (ip) => {
    expect(isRefusedAddress(ip)).toBe(true);
  });

  const allowed = ['8.8.8.8', '93.184.216.34', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '2a00:1450:4001:81b::200e', '::ffff:8.8.8.8', '64:ff9b::8.8.8.8'];
  it.each(allowed)('allows %s', (ip) => {
    expect(isRefusedAddress(ip)).toBe(false);
  });

  it('says why, in words', () => {
    expect(addressRefusal('10.0.0.5')).toBe('is in a private network range');
    expect(addressRefusal('169.254.169.254')).toMatch(/cloud metadata/);
    expect(addressRefusal('8.8.8.8')).toBeUndefined();
  });
});
