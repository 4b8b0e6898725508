import { describe, expect, it } from 'vitest';
import { entryKey, firstScreenChunks, heavyPackagesIn, laterChunks, lazyChunkKey, sourcesOutside, stringChunks, type Manifest } from './bundle.ts';

// A hand-made manifest of the shape Vite writes: an entry that loads the sign-in and dashboard screens
// lazily; the dashboard shares a chunk with the sign-in page and imports a vendor chunk that imports another;
// the profile is loaded later and pulls the editor; the signed-in shell was put in a shared chunk.
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-A.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_react-B.js'],
    dynamicImports: ['src/pages/SignInPage.tsx', 'src/dashboard/DashboardPage.tsx', 'src/profile/ProfilePage.tsx', '_SignedInApp-S.js'],
    css: ['assets/index-A.css'],
  },
  '_react-B.js': { file: 'assets/react-B.js' },
  '_forms-C.js': { file: 'assets/forms-C.js', imports: ['index.html'] },
  '_grid-D.js': { file: 'assets/grid-D.js', imports: ['_layout-E.js'] },
  '_layout-E.js': { file: 'assets/layout-E.js', imports: ['_react-B.js'] },
  '_editor-F.js': { file: 'assets/editor-F.js' },
  '_SignedInApp-S.js': { file: 'assets/SignedInApp-S.js', name: 'SignedInApp', isDynamicEntry: true, imports: ['index.html', '_forms-C.js'] },
  '_SignedInApp-S.css': { file: 'assets/SignedInApp-S.css' },
  'src/pages/SignInPage.tsx': { file: 'assets/SignInPage-G.js', src: 'src/pages/SignInPage.tsx', isDynamicEntry: true, imports: ['index.html', '_forms-C.js'] },
  'src/dashboard/DashboardPage.tsx': {
    file: 'assets/DashboardPage-H.js',
    src: 'src/dashboard/DashboardPage.tsx',
    isDynamicEntry: true,
    imports: ['index.html', '_forms-C.js', '_grid-D.js'],
    dynamicImports: ['src/profile/ProfilePage.tsx'],
  },
  'src/profile/ProfilePage.tsx': { file: 'assets/ProfilePage-I.js', src: 'src/profile/ProfilePage.tsx', isDynamicEntry: true, imports: ['index.html', '_editor-F.js'] },
};

describe('the first screen of a build', () => {
  it('is the entry and the screen with everything they import statically, each chunk once', () => {
    expect(firstScreenChunks(manifest, ['src/pages/SignInPage.tsx'])).toEqual(['index.html', '_react-B.js', 'src/pages/SignInPage.tsx', '_forms-C.js']);
    expect(firstScreenChunks(manifest, ['src/dashboard/DashboardPage.tsx'])).toEqual([
      'index.html',
      '_react-B.js',
      'src/dashboard/DashboardPage.tsx',
      '_forms-C.js',
      '_grid-D.js',
      '_layout-E.js',
    ]);
  });

  it('leaves out what screens import dynamically', () => {
    const chunks = firstScreenChunks(manifest, ['src/dashboard/DashboardPage.tsx']);
    expect(chunks).not.toContain('src/profile/ProfilePage.tsx');
    expect(chunks).not.toContain('_editor-F.js');
  });

  it('finds a lazily imported module Rollup put in a shared chunk by its name', () => {
    expect(lazyChunkKey(manifest, 'src/app/SignedInApp.tsx')).toBe('_SignedInApp-S.js');
    expect(firstScreenChunks(manifest, ['src/app/SignedInApp.tsx', 'src/dashboard/DashboardPage.tsx'])).toContain('_SignedInApp-S.js');
  });

  it('finds a lazily imported module Rollup merged into another lazy module’s chunk by the chunk’s sources', () => {
    const merged: Manifest = {
      ...manifest,
      '_Banner-M.js': { file: 'assets/Banner-M.js', name: 'Banner', isDynamicEntry: true, imports: ['_react-B.js'] },
    };
    const sources: Record<string, string[]> = { '_Banner-M.js': ['../../../web/src/nav/Banner.tsx', '../../../web/src/app/Shell.tsx'] };
    const sourcesOf = (key: string) => sources[key] ?? [];
    expect(lazyChunkKey(merged, 'src/app/Shell.tsx', sourcesOf)).toBe('_Banner-M.js');
    expect(() => lazyChunkKey(merged, 'src/app/Shell.tsx')).toThrow(/not a lazy chunk/);
    expect(() => lazyChunkKey(merged, 'src/app/Gone.tsx', sourcesOf)).toThrow(/not a lazy chunk/);
  });

  it('refuses a screen that is not a lazy chunk of the build, and a manifest without one entry', () => {
    expect(() => firstScreenChunks(manifest, ['src/pages/Gone.tsx'])).toThrow(/src\/pages\/Gone.tsx is not a lazy chunk/);
    expect(() => entryKey({ 'a.js': { file: 'a.js' } })).toThrow(/index.html is not an entry/);
    expect(() => entryKey(manifest, 'survey.html')).toThrow(/survey.html is not an entry/);
  });

  it('is, for a page of its own, that page’s entry and its static imports only', () => {
    const twoPages: Manifest = {
      ...manifest,
      'survey.html': { file: 'assets/survey-P.js', src: 'survey.html', isEntry: true, imports: ['_react-B.js', '_en-survey-Q.js', '_de-survey-R.js'], css: ['assets/survey-P.css'] },
      '_en-survey-Q.js': { file: 'assets/en-survey-Q.js' },
      '_de-survey-R.js': { file: 'assets/de-survey-R.js' },
    };
    expect(entryKey(twoPages)).toBe('index.html');
    expect(entryKey(twoPages, 'survey.html')).toBe('survey.html');
    expect(firstScreenChunks(twoPages, [], undefined, 'survey.html')).toEqual(['survey.html', '_react-B.js', '_en-survey-Q.js', '_de-survey-R.js']);
    // What a page of its own took from the app: sources none of its patterns covers, each once.
    const own = [/\/web\/src\/survey\//, /\/node_modules\/react\//];
    expect(sourcesOutside(['../../web/src/survey/main.tsx', '../../node_modules/react/index.js'], own)).toEqual([]);
    expect(sourcesOutside(['../../web/src/survey/main.tsx', '../../web/src/whatsNew/seen.ts', '../../node_modules/@mantine/core/x.mjs', '../../web/src/whatsNew/seen.ts'], own)).toEqual([
      '../../node_modules/@mantine/core/x.mjs',
      '../../web/src/whatsNew/seen.ts',
    ]);
    // The app's first screens are what they were: the survey page's chunks are not among them.
    expect(firstScreenChunks(twoPages, ['src/pages/SignInPage.tsx'])).toEqual(['index.html', '_react-B.js', 'src/pages/SignInPage.tsx', '_forms-C.js']);
  });

  it('lists the JavaScript loaded later', () => {
    const first = firstScreenChunks(manifest, ['src/pages/SignInPage.tsx']);
    expect(laterChunks(manifest, first).sort()).toEqual(
      ['_SignedInApp-S.js', '_editor-F.js', '_grid-D.js', '_layout-E.js', 'src/dashboard/DashboardPage.tsx', 'src/profile/ProfilePage.tsx'].sort(),
    );
  });
});

describe('the strings a first screen waits for', () => {
  // The core areas share one chunk per language; the dashboard's chunk loads the alerts area's strings.
  const withStrings: Manifest = {
    ...manifest,
    '_en-core-J.js': { file: 'assets/en-core-J.js', isDynamicEntry: true },
    '_de-core-K.js': { file: 'assets/de-core-K.js', isDynamicEntry: true },
    'src/i18n/locales/en/alerts.ts': { file: 'assets/en-alerts-L.js', src: 'src/i18n/locales/en/alerts.ts', isDynamicEntry: true },
  };
  const sources: Record<string, string[]> = {
    '_en-core-J.js': ['../../web/src/i18n/locales/en/core.ts', '../../web/src/i18n/locales/en/bookmarks.ts'],
    '_de-core-K.js': ['../../web/src/i18n/locales/de/core.ts', '../../web/src/i18n/locales/de/bookmarks.ts'],
    'src/i18n/locales/en/alerts.ts': ['../../web/src/i18n/locales/en/alerts.ts'],
    'src/dashboard/DashboardPage.tsx': ['../../web/src/dashboard/DashboardPage.tsx', '../../web/src/i18n/areas/alerts.ts'],
  };
  const sourcesOf = (key: string) => sources[key] ?? [];

  it('are the core areas in the language, once, and each area a screen chunk loads', () => {
    const code = firstScreenChunks(withStrings, ['src/dashboard/DashboardPage.tsx']);
    expect(stringChunks(withStrings, code, sourcesOf, ['core', 'bookmarks'], 'en')).toEqual(['_en-core-J.js', 'src/i18n/locales/en/alerts.ts']);
    expect(stringChunks(withStrings, firstScreenChunks(withStrings, ['src/pages/SignInPage.tsx']), sourcesOf, ['core', 'bookmarks'], 'de')).toEqual(['_de-core-K.js']);
  });

  it('refuses an area with no chunk of strings in the build', () => {
    expect(() => stringChunks(withStrings, firstScreenChunks(withStrings, ['src/dashboard/DashboardPage.tsx']), sourcesOf, ['core'], 'de')).toThrow(/de strings for the area alerts/);
  });
});

describe('heavy libraries', () => {
  it('are named from a source map’s sources, scoped packages and families included', () => {
    const sources = [
      '../../node_modules/react-dom/cjs/react-dom-client.production.js',
      '../../node_modules/@tiptap/core/dist/index.js',
      '../../node_modules/@tiptap/pm/state/dist/index.js',
      '../../node_modules/prosemirror-model/dist/index.js',
      '../../node_modules/@mantine/core/esm/components/Modal/Modal.mjs',
      '../../node_modules/@mantine/charts/esm/LineChart/LineChart.mjs',
      '../../web/src/charts/recharts-notes.ts',
    ];
    expect(heavyPackagesIn(sources)).toEqual(['@mantine/charts', '@tiptap', 'prosemirror']);
    expect(heavyPackagesIn(['../../node_modules/@dnd-kit/sortable/dist/sortable.esm.js', '../../node_modules/dayjs/dayjs.min.js'])).toEqual(['@dnd-kit', 'dayjs']);
    expect(heavyPackagesIn(['../../node_modules/@mantine/core/esm/index.mjs', '../../web/src/app/App.tsx'])).toEqual([]);
  });
});
