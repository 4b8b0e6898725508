import { describe, expect, test } from 'vitest';
import { stampManifest } from './extensionPackage.ts';

describe('stampManifest', () => {
  const manifest = { name: 'x', permissions: ['storage'] };

  test('lets the product’s host message the extension, on any port (match patterns take none)', () => {
    expect(stampManifest(manifest, { origin: 'https://intel.example.com:8443/some/path' }).externally_connectable).toEqual({ matches: ['https://intel.example.com/*'] });
  });

  test('adds host permissions only when asked, and leaves the original alone', () => {
    const stamped = stampManifest(manifest, { origin: null, grantHosts: ['http://*.localhost/*'] });
    expect(stamped.host_permissions).toEqual(['http://*.localhost/*']);
    expect(stamped.externally_connectable).toBeUndefined();
    expect(manifest).toEqual({ name: 'x', permissions: ['storage'] });
  });
});
