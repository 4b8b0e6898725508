// Vite build and dev server of the web app (web/). The server (search-api/) serves dist/web in
// production; in development the API, account form posts and impersonation calls are proxied to it.
import type { IncomingMessage } from 'node:http';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

const API_SERVER = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

/** Page loads of client-side routes such as /account/signin or /impersonate stay with Vite. */
function keepPageLoads(req: IncomingMessage): string | undefined {
  const accept = req.headers.accept ?? '';
  if (req.method === 'GET' && accept.includes('text/html')) return '/index.html';
  return undefined;
}

const proxied: ProxyOptions = { target: API_SERVER, changeOrigin: false, bypass: keepPageLoads };

export default defineConfig({
  root: 'web',
  plugins: [react()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
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
