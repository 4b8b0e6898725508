// Reading Vite's build manifest (dist/web/.vite/manifest.json): which chunks a page downloads before it can
// show its first screen, and which are left to load later. Pure functions; bench/bundle.ts does the I/O.

/** One chunk of the manifest, keyed by its source path (or `_name-hash.js` for shared chunks). */
export type ManifestChunk = {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
export type Manifest = Record<string, ManifestChunk>;

/** The key of a page's entry chunk: its HTML file's script (index.html, the app; survey.html, the public survey page). */
export function entryKey(manifest: Manifest, page = 'index.html'): string {
  if (!manifest[page]?.isEntry) throw new Error(`${page} is not an entry of this build`);
  return page;
}

/**
 * The chunks a browser needs before a screen can render: the page's entry, the screen's own lazy chunk (by its
 * source path, e.g. src/dashboard/DashboardPage.tsx), and everything they import statically, transitively.
 * Dynamic imports are left out: they load later, on demand. Entry first, each chunk once.
 */
export function firstScreenChunks(manifest: Manifest, screens: readonly string[], sourcesOf?: SourcesOf, page = 'index.html'): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  visit(entryKey(manifest, page));
  for (const screen of screens) visit(lazyChunkKey(manifest, screen, sourcesOf));
  return [...seen];
}

/**
 * The chunks of strings a screen waits for before it renders, in one language: the core areas, and each area whose
 * loader module (src/i18n/areas/<area>.ts) is among the sources of the screen's chunks (web/src/i18n/index.ts).
 */
export function stringChunks(manifest: Manifest, chunks: readonly string[], sourcesOf: SourcesOf, coreAreas: readonly string[], language: string): string[] {
  const areas = new Set(coreAreas);
  for (const chunk of chunks) {
    for (const source of sourcesOf(chunk)) {
      const area = /\/web\/src\/i18n\/areas\/(\w+)\.ts$/.exec(source)?.[1];
      if (area) areas.add(area);
    }
  }
  const keys = [...areas].map((area) => {
    const file = `/web/src/i18n/locales/${language}/${area}.ts`;
    const key = Object.keys(manifest).find((k) => manifest[k].file.endsWith('.js') && sourcesOf(k).some((s) => s.endsWith(file)));
    if (!key) throw new Error(`no chunk of ${language} strings for the area ${area} in this build`);
    return key;
  });
  return [...new Set(keys)];
}

/** The source files a chunk was built from (from its source map), by manifest key. */
export type SourcesOf = (key: string) => readonly string[];

/**
 * The key of the chunk a lazily imported module starts: its source path, or, when Rollup put the module in
 * a chunk it shares with others (keyed `_Name-hash.js`, without a source), the dynamic entry named after it,
 * or, when Rollup merged it into another lazy module's chunk, the dynamic entry whose sources hold it.
 */
export function lazyChunkKey(manifest: Manifest, src: string, sourcesOf?: SourcesOf): string {
  if (manifest[src]) return src;
  const name = src.replace(/^.*\//, '').replace(/\.[^.]+$/, '');
  const shared = Object.keys(manifest).filter((k) => manifest[k].isDynamicEntry && !manifest[k].src);
  let found = shared.filter((k) => manifest[k].name === name);
  if (!found.length && sourcesOf) found = shared.filter((k) => sourcesOf(k).some((s) => s.endsWith(`/web/${src}`)));
  if (found.length !== 1) throw new Error(`${src} is not a lazy chunk of this build (is it still imported lazily from that path?)`);
  return found[0];
}

/** The JavaScript chunks not among those loaded, that is, what loads later. */
export function laterChunks(manifest: Manifest, loaded: readonly string[]): string[] {
  const first = new Set(loaded);
  return Object.keys(manifest).filter((k) => !first.has(k) && manifest[k].file.endsWith('.js'));
}

/** Libraries that belong only to the screens that use them, never to a first screen. */
export const HEAVY_PACKAGES = ['@tiptap', '@mantine/tiptap', '@mantine/charts', 'recharts', '@dnd-kit', '@mantine/spotlight', '@mantine/dates', 'dayjs', 'prosemirror'] as const;

/** Which heavy libraries a chunk's source map names among its sources. */
export function heavyPackagesIn(sources: readonly string[]): string[] {
  const found = new Set<string>();
  for (const source of sources) {
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
    if (!m) continue;
    const heavy = HEAVY_PACKAGES.find((p) => m[1] === p || m[1].startsWith(`${p}/`) || m[1].startsWith(`${p}-`));
    if (heavy) found.add(heavy);
  }
  return [...found].sort();
}

/** The sources of a page's chunks that none of the allowed patterns covers: what a page of its own took from the app. */
export function sourcesOutside(sources: readonly string[], allowed: readonly RegExp[]): string[] {
  return [...new Set(sources.filter((s) => !allowed.some((a) => a.test(s))))].sort();
}
