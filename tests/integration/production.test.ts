// Production never gets demo data or demo accounts.
import { count } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, expect, it } from 'vitest';
import { companies, users } from '../../db/schema.ts';
import { loadConfig } from '../../server-shared/config.ts';
import { startServer } from '../../search-api/server.ts';
import { freshDatabase } from '../helpers/db.ts';

const database = await freshDatabase({ demo: false });
afterAll(() => database.drop());

it('starts on an empty database in production without seeding anything', async () => {
  const config = loadConfig({ NODE_ENV: 'production', SECRETS_KEY: 'a-test-key-of-at-least-32-characters!', DATABASE_URL: database.url, PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'true' });
  const running = await startServer(config, pino({ level: 'silent' }));
  try {
    const health = await fetch(`${running.url.replace('localhost', '127.0.0.1')}/api/health`);
    expect(health.status).toBe(200);
    const [{ n: nCompanies }] = await database.db.select({ n: count() }).from(companies);
    const [{ n: nUsers }] = await database.db.select({ n: count() }).from(users);
    expect(nCompanies).toBe(0);
    expect(nUsers).toBe(0);
  } finally {
    await running.close();
  }
});
