// The browser extension as a person installs it: the built folder (dist/extension) with its manifest stamped for one
// product address, zipped. scripts/build-extension.ts writes it to disk; search-api/extension/download.ts serves it.
import fs from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync, type Zippable } from 'fflate';

export type ExtensionManifest = Record<string, unknown> & { externally_connectable?: { matches: string[] }; host_permissions?: string[] };

/**
 * The manifest for one product: `origin`'s pages may message the extension (externally_connectable; Chrome's match
 * patterns take no port, so any port of that host). `grantHosts` become host_permissions granted at install: for
 * browser tests only, since automation cannot click Chrome's permission prompt; people grant hosts from the popup.
 */
export function stampManifest(manifest: ExtensionManifest, { origin, grantHosts = [] }: { origin?: string | null; grantHosts?: string[] }): ExtensionManifest {
  const out: ExtensionManifest = structuredClone(manifest);
  if (origin) {
    const url = new URL(origin);
    out.externally_connectable = { matches: [`${url.protocol}//${url.hostname}/*`] };
  }
  if (grantHosts.length) out.host_permissions = [...grantHosts];
  return out;
}

/** The built extension in `dir` as a zip, manifest.json replaced by `manifest`; dotfiles (the build stamp) left out. */
export function zipExtension(dir: string, manifest: ExtensionManifest): Uint8Array {
  const files: Zippable = {};
  const add = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const name = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) add(name);
      else files[name] = name === 'manifest.json' ? strToU8(`${JSON.stringify(manifest, null, 2)}\n`) : fs.readFileSync(path.join(dir, name));
    }
  };
  add('');
  return zipSync(files, { level: 9, mtime: new Date('2026-01-01T00:00:00Z') });
}

export const readManifest = (dir: string): ExtensionManifest => JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as ExtensionManifest;
