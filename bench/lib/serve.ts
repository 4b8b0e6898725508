// The API in this process on a loopback port, for the benchmarks that drive it over HTTP: production settings, no
// logs, no indexer (each benchmark feeds its engine itself). Given no engine, it runs on an embedded one of its own,
// closed with it.
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import type { Db } from '../../db/client.ts';
import { createEmbeddedEngine } from '../../engine/embedded/index.ts';
import type { SearchEngine } from '../../engine/port.ts';
import { createApp } from '../../search-api/app.ts';
import { loadConfig } from '../../server-shared/config.ts';

export async function serveApi(
  db: Db,
  opts: { engine?: SearchEngine; env?: Record<string, string>; port?: number } = {},
): Promise<{ base: string; close: () => Promise<void> }> {
  const engine = opts.engine ?? (await createEmbeddedEngine({ refreshIntervalMs: -1, persistIntervalMs: -1 }));
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', ...opts.env });
  const app = createApp({ db, config, logger: pino({ level: 'silent' }), search: { engine, indexer: null } });
  const server = app.listen(opts.port ?? 0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const close = async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    if (!opts.engine) await engine.close();
  };
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close };
}
