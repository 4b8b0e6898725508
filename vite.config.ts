// Vite build and dev server of the web app (web/). The server (search-api/) serves dist/web in
// production; in development the API, account form posts and impersonation calls are proxied to it.
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions, type Rollup } from 'vite';
import { precompiledMessages } from './scripts/precompiled-messages.ts';
import { pureContracts } from './scripts/pure-contracts.ts';
import { CORE_AREAS } from './web/src/i18n/coreAreas.ts';
import { webBuildStamp } from './scripts/web-build-stamp.ts';

const API_SERVER = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

/** Page loads of client-side routes such as /account/signin or /impersonate stay with Vite. */
function keepPageLoads(req: IncomingMessage): string | undefined {
  const accept = req.headers.accept ?? '';
  if (req.method === 'GET' && accept.includes('text/html')) return '/index.html';
  return undefined;
}

/** The chunk of a translation file: `<language>-<area>`, or `<language>-core` for the core areas. */
function localeChunk(id: string): string | undefined {
  const [, language, area] = /\/web\/src\/i18n\/locales\/(\w+)\/(\w+)\.ts$/.exec(id) ?? [];
  if (!language) return undefined;
  return `${language}-${(CORE_AREAS as readonly string[]).includes(area) ? 'core' : area}`;
}

/** The public survey page's path (search-api/app.ts serves survey.html there; so does the dev server). */
const SURVEY_PAGE = /^\/win-loss\/p(\/|$|\?)/;

/** In development, page loads of /win-loss/p/* get the survey page rather than the app's index.html. */
function surveyPageInDev(): Plugin {
  return {
    name: 'rivalscope:survey-page-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.method === 'GET' && req.url && SURVEY_PAGE.test(req.url)) req.url = '/survey.html';
        next();
      });
    },
  };
}

const proxied: ProxyOptions = { target: API_SERVER, changeOrigin: false, bypass: keepPageLoads };

/**
 * zod 4 places its own `@__PURE__` notes where Rollup cannot use them; Rollup drops those comments and
 * warns on every build. The note is about the package's source, not ours, and the output is the same.
 */
function isDependencyAnnotationNote(warning: Rollup.RollupLog): boolean {
  return warning.code === 'INVALID_ANNOTATION' && (warning.id ?? '').includes('/node_modules/');
}

export default defineConfig({
  root: 'web',
  plugins: [react(), pureContracts(), precompiledMessages(), webBuildStamp(import.meta.dirname), surveyPageInDev()],
  // Translations arrive parsed (scripts/precompiled-messages.ts): intl-messageformat takes formatjs' no-parser build.
  resolve: { alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }] },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // dist/web/.vite/manifest.json: which chunks each screen loads, read by `npm run bench:bundle`.
    manifest: true,
    // Past the route split, the chunks above Vite's 500 kB are vendor code a screen needs whole: the entry
    // (React DOM, React Router, Mantine, TanStack Query, counted in the first screen's gzipped budget
    // checked in bench/bundle.ts) and the card editor (Tiptap and ProseMirror,
    // ~580 kB, loaded with the screens that edit cards). A chunk that outgrows those still warns.
    chunkSizeWarningLimit: 650,
    rollupOptions: {
      // Two pages: the app, and the public survey page (/win-loss/p/*), which shares nothing with it but React and
      // its strings' chunks (bench/bundle.ts measures each page's first screen).
      input: { main: path.join(import.meta.dirname, 'web', 'index.html'), survey: path.join(import.meta.dirname, 'web', 'survey.html') },
      // Route splitting left dozens of tiny shared chunks (a Mantine component each); each costs a request and
      // compresses worse alone. Rollup merges a small chunk into another as long as no page runs code it did not
      // run before (a page may download a little more; bench:bundle measures what the first screens load).
      output: {
        experimentalMinChunkSize: 20_000,
        // Each language's strings of an area stay a chunk of their own (the core areas one chunk): merged into a
        // shared chunk, one language's strings would ride along with every screen in every language
        // (web/src/i18n/index.ts). So do the virtualized rows of the long feeds: merged, they rode along with a
        // small form input every first screen loads.
        manualChunks: (id) =>
          localeChunk(id) ??
          // The public survey page's form, which the builder's preview shares, in a chunk of its own: a small shared
          // chunk would be merged into one of the app's, which the page would then load. The page's frame and its
          // page-wide styles (survey.css) stay in its entry, out of the app.
          (/\/web\/src\/survey\/(SurveyForm|strings|answers)\.|\/contracts\/surveyPage\.ts$/.test(id) ? 'surveyForm' : undefined) ??
          (/\/node_modules\/@tanstack\/(react-)?virtual|\/web\/src\/shared\/VirtualRows\.tsx$/.test(id) ? 'virtualRows' : undefined) ??
          // React apart, or a manual chunk that imports it would take it in, and every page would load that chunk.
          // Vite's modulepreload polyfill, which both pages run first, goes with it: merged into a small chunk of the
          // app, it took that chunk (and the app code in it) into the public survey page.
          (/\/node_modules\/(react|react-dom|scheduler)\//.test(id) || id === '\0vite/modulepreload-polyfill.js' ? 'react' : undefined),
      },
      onwarn(warning, warn) {
        if (!isDependencyAnnotationNote(warning)) warn(warning);
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_SERVER, changeOrigin: false },
      '/account': proxied,
      '/impersonate': proxied,
    },
  },
});
