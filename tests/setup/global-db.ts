// One PostgreSQL for the whole test run: the embedded one in a temp dir, or DATABASE_URL when given.
// It builds two template databases once (migrated; migrated + demo data) that each test file clones,
// which takes milliseconds, so every file gets its own isolated database.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connect } from '../../db/client.ts';
import { migrateDatabase } from '../../documents/triggers.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../db/embedded.ts';
import { seedDemo } from '../../db/seed/demo.ts';
import { reviewAnalyser } from '../../search-api/insights/analyser.ts';
import { interviewAnalyser } from '../../search-api/interviews/service.ts';
import { usageSeedWriter } from '../../search-api/usage/seedWriter.ts';
import { storyFingerprint } from '../../search-api/monitors/intake.ts';
import { callSeedImporter } from '../../search-api/calls/service.ts';
import { SecretBox } from '../../server-shared/secretBox.ts';

export const TEMPLATE_EMPTY = 'rs_tpl_empty';
export const TEMPLATE_DEMO = 'rs_tpl_demo';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | undefined;
  let tmp: string | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rivalscope-test-'));
    embedded = await startEmbeddedPostgres(tmp, { persistent: false, durable: false });
    adminUrl = embedded.url;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  for (const name of [TEMPLATE_DEMO, TEMPLATE_EMPTY]) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_EMPTY}`);
  const empty = connect(withDatabase(adminUrl, TEMPLATE_EMPTY), 2);
  await migrateDatabase(empty);
  await empty.$client.end();
  await admin.query(`CREATE DATABASE ${TEMPLATE_DEMO} TEMPLATE ${TEMPLATE_EMPTY}`);
  const demo = connect(withDatabase(adminUrl, TEMPLATE_DEMO), 2);
  // The demo's sealed secrets (endpoints that are off) under a key of this set-up only: no test reads them.
  const box = new SecretBox(crypto.randomBytes(32));
  await seedDemo(demo, { reviews: reviewAnalyser, usage: usageSeedWriter, fingerprint: storyFingerprint, seal: (secret) => box.seal(secret), calls: callSeedImporter, interviews: interviewAnalyser });
  await demo.$client.end();
  await admin.end();

  project.provide('adminDatabaseUrl', adminUrl);
  return async () => {
    await embedded?.stop();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
