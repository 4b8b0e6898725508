// An in-process app over a fresh database, and a signed-in HTTP agent that carries the CSRF token.
import pino from 'pino';
import { companies, userRoles, users } from '../../db/schema.ts';
import { hashPassword } from '../../server-shared/passwords.ts';
import request from 'supertest';
import { createEmbeddedEngine } from '../../engine/embedded/index.ts';
import type { EngineFactory } from './engines.ts';
import { prepareIndexes, type SearchRuntime } from '../../indexer/bootstrap.ts';
import { Indexer } from '../../indexer/indexer.ts';
import { createApp } from '../../search-api/app.ts';
import type { AppDeps } from '../../search-api/deps.ts';
import { UsageRecorder } from '../../search-api/usage/recorder.ts';
import { loadConfig, type Config } from '../../server-shared/config.ts';
import { freshDatabase, type TestDatabase } from './db.ts';

export const DEMO_PASSWORD = 'demo-password';

export type TestApp = TestDatabase & { app: ReturnType<typeof createApp>; config: Config; search: SearchRuntime; usage: UsageRecorder };

/**
 * With `search: true` the demo data is indexed (into an in-memory embedded engine, or the given
 * engine) and an indexer is ready (call `search.indexer.drain()` after writes); otherwise the
 * engine is empty.
 */
export async function testApp(
  opts: { demo?: boolean; search?: boolean; engine?: EngineFactory; env?: Record<string, string>; chat?: AppDeps['chat'] } = {},
): Promise<TestApp> {
  const database = await freshDatabase({ demo: opts.demo ?? true });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...opts.env });
  const engine = opts.engine ? await opts.engine.open() : await createEmbeddedEngine({ refreshIntervalMs: -1, persistIntervalMs: -1 });
  let indexer: Indexer | null = null;
  if (opts.search) {
    await prepareIndexes(database.db, engine);
    indexer = new Indexer(database.db, engine, { databaseUrl: database.url });
  }
  const search: SearchRuntime = { engine, indexer, close: () => engine.close() };
  // Usage events are written 5 ms after they are recorded; `await t.usage.flush()` before reading them.
  const logger = pino({ level: 'silent' });
  const usage = new UsageRecorder(database.db, logger, { retentionMonths: config.USAGE_RETENTION_MONTHS, flushMs: 5 });
  const app = createApp({ db: database.db, config, logger, search, usage, chat: opts.chat, webDir: '/nonexistent' });
  return {
    ...database,
    app,
    config,
    search,
    usage,
    drop: async () => {
      await usage.close();
      await search.close();
      await database.drop();
    },
  };
}

/** Signs in with JSON and returns an agent whose non-GET calls carry X-CSRF-Token. */
export async function signIn(app: TestApp['app'], email: string, password = DEMO_PASSWORD) {
  const agent = request.agent(app);
  const res = await agent.post('/account/signin').send({ email, password });
  if (res.status !== 200) throw new Error(`sign-in as ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  const me = await agent.get('/api/users/me.json');
  const csrf: string = me.body.csrfToken;
  return {
    agent,
    me: me.body,
    csrf,
    get: (url: string) => agent.get(url),
    post: (url: string, body?: object) => agent.post(url).set('X-CSRF-Token', csrf).send(body),
    put: (url: string, body?: object) => agent.put(url).set('X-CSRF-Token', csrf).send(body),
    patch: (url: string, body?: object) => agent.patch(url).set('X-CSRF-Token', csrf).send(body),
    delete: (url: string) => agent.delete(url).set('X-CSRF-Token', csrf),
  };
}

/** An admin of another company ("Other Co"), signed in: for tenant isolation checks. */
export async function signInOutsider(t: TestApp) {
  const [other] = await t.db.insert(companies).values({ name: 'Other Co', emailDomains: ['other.test'] }).returning();
  const [admin] = await t.db
    .insert(users)
    .values({ companyId: other.id, email: 'admin@other.test', name: 'Olga Other', username: 'olga', passwordHash: await hashPassword('other-password') })
    .returning();
  await t.db.insert(userRoles).values({ companyId: other.id, userId: admin.id, role: 'admin' });
  return signIn(t.app, 'admin@other.test', 'other-password');
}
