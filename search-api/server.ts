// Boots the product: database (embedded PostgreSQL unless DATABASE_URL), migrations, demo data on an
// empty non-production database, then the HTTP server. Returns a handle that shuts it all down cleanly.
import type { Server } from 'node:http';
import { count } from 'drizzle-orm';
import type { Logger } from 'pino';
import { connect, type Db } from '../db/client.ts';
import { migrateDatabase } from '../documents/triggers.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded.ts';
import { companies } from '../db/schema.ts';
import { seedDemo } from '../db/seed/demo.ts';
import { startSearch } from '../indexer/bootstrap.ts';
import { createApp } from './app.ts';
import { llmConfigOf } from './ask/answering.ts';
import { schedulePurge, sessionTimeouts } from './auth/sessions.ts';
import { reviewAnalyser } from './insights/analyser.ts';
import { interviewAnalyser } from './interviews/service.ts';
import { usageSeedWriter } from './usage/seedWriter.ts';
import { storyFingerprint } from './monitors/intake.ts';
import { callSeedImporter } from './calls/service.ts';
import { insightGenerationJob, reviewImportJob } from './insights/reviews/import/service.ts';
import { dealImportJob } from './deals/import.ts';
import { landingGenerationJob } from './landing/generate.ts';
import { intelUpdateJob } from './intel/bulk.ts';
import { SLACK } from './integrations/slack/constants.ts';
import { chatSenders } from './integrations/chat.ts';
import { slackRequestQueue } from './integrations/slack/work.ts';
import { JobRunner } from './jobs/runner.ts';
import { SALESFORCE } from './deals/salesforce/constants.ts';
import { salesforceSyncQueue } from './deals/salesforce/queue.ts';
import { SalesforceScheduler } from './deals/salesforce/scheduler.ts';
import { salesforceDeps } from './deals/salesforce/routes.ts';
import { startIntelMailListener, type IntelMailListener } from './intelEmail/listener.ts';
import { DISPATCHER } from './integrations/constants.ts';
import { Dispatcher } from './integrations/dispatcher.ts';
import { MONITORS } from './monitors/constants.ts';
import { MONITOR_QUEUE, MonitorScheduler, monitorCheckQueue } from './monitors/scheduler.ts';
import { SURVEY_MAIL_QUEUE, SurveyMailScheduler, surveyMailQueue } from './surveys/mail.ts';
import { POSITIONING_DRAFT_QUEUE, PositioningDraftSweeper, positioningDraftQueue } from './knowledgeHub/positioning.ts';
import { EXTRACTION_QUEUE, ExtractionScheduler, extractionQueue } from './knowledgeHub/extraction.ts';
import { OutboundClient } from './outbound/client.ts';
import { parseAllowHosts } from './outbound/rules.ts';
import type { Config } from '../server-shared/config.ts';
import { createLogger } from '../server-shared/logger.ts';
import { secretBoxFor } from '../server-shared/secretBox.ts';
import { UsageRecorder } from './usage/recorder.ts';

/** How often expired sessions are deleted. */
const SESSION_PURGE_EVERY_MS = 15 * 60_000;

export type Running = { url: string; db: Db; logger: Logger; close: () => Promise<void> };

export async function startServer(config: Config, logger = createLogger(config)): Promise<Running> {
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(config.DATA_DIR, { ownProcessGroup: true, durable: config.EMBEDDED_POSTGRES_DURABLE });
    databaseUrl = embedded.url;
    logger.info({ dataDir: config.DATA_DIR }, 'embedded PostgreSQL started');
  }
  const db = connect(databaseUrl, 20);
  // Monitor checks wait on their own few connections, never the API's requests on the app's pool.
  const checksDb = connect(databaseUrl, MONITORS.connections);
  // So do integration deliveries, which wait on receivers.
  const dispatchDb = connect(databaseUrl, DISPATCHER.connections);
  let search;
  let jobs: JobRunner | undefined;
  let monitors: MonitorScheduler | undefined;
  let salesforce: SalesforceScheduler | undefined;
  let surveyMail: SurveyMailScheduler | undefined;
  let positioningDrafts: PositioningDraftSweeper | undefined;
  let extraction: ExtractionScheduler | undefined;
  let dispatcher: Dispatcher | undefined;
  let intelMail: IntelMailListener | undefined;
  let outbound: OutboundClient;
  try {
    await migrateDatabase(db);
    await seedIfEmpty(db, config, logger);
    search = await startSearch(db, config, { databaseUrl, runIndexer: config.INDEXER_IN_PROCESS, logger });
    const handlers = { intelUpdate: intelUpdateJob({ db, engine: search.engine }), reviewImport: reviewImportJob(), insightGeneration: insightGenerationJob({ llm: llmConfigOf(config), logger }), landingGeneration: landingGenerationJob(db, { llm: llmConfigOf(config), logger }), dealImport: dealImportJob(db) };
    outbound = new OutboundClient({ allowHosts: parseAllowHosts(config.OUTBOUND_ALLOW_HOSTS) });
    const queues = {
      [MONITOR_QUEUE]: monitorCheckQueue({ db: checksDb, outbound, logger }),
      [SLACK.queue]: slackRequestQueue({ db, config, logger, engine: search.engine }),
      [SALESFORCE.queue]: salesforceSyncQueue(salesforceDeps({ db, config, outbound, logger })),
      [SURVEY_MAIL_QUEUE]: surveyMailQueue({ db, config, logger }),
      [POSITIONING_DRAFT_QUEUE]: positioningDraftQueue({ db, llm: llmConfigOf(config), logger }),
      [EXTRACTION_QUEUE]: extractionQueue({ db, logger }),
    };
    jobs = new JobRunner(db, { databaseUrl, handlers, queues, logger });
    await jobs.start();
    monitors = new MonitorScheduler(db, jobs, { databaseUrl, logger });
    await monitors.start();
    salesforce = new SalesforceScheduler(db, jobs, { logger });
    await salesforce.start();
    surveyMail = new SurveyMailScheduler(db, jobs, { logger });
    await surveyMail.start();
    positioningDrafts = new PositioningDraftSweeper(db, { logger });
    await positioningDrafts.start();
    // Files left pending (the demo seed's, a new upload before a crash) are extracted from the first start on.
    extraction = new ExtractionScheduler(db, jobs, { logger });
    await extraction.start();
    // Integration events go out where jobs run. Webhooks have their own outbound client: receivers are services, so
    // more sends to one host at a time than a crawl's politeness allows. slack/ and teams/ give their chat senders.
    const webhookOutbound = new OutboundClient({
      allowHosts: parseAllowHosts(config.OUTBOUND_ALLOW_HOSTS),
      timeoutMs: DISPATCHER.sendTimeoutMs,
      perHostConcurrency: DISPATCHER.perHostConcurrency,
    });
    dispatcher = new Dispatcher({ db: dispatchDb, outbound: webhookOutbound, box: secretBoxFor(config), appUrl: config.APP_URL, senders: chatSenders({ db, config, outbound: webhookOutbound, logger }), logger }, { databaseUrl });
    await dispatcher.start();
    if (config.INTEL_SMTP_PORT !== undefined) {
      intelMail = await startIntelMailListener(db, { port: config.INTEL_SMTP_PORT, host: config.HOST, domain: config.INTEL_EMAIL_DOMAIN, logger });
      logger.info({ port: intelMail.port }, 'intel email listener started');
    }
  } catch (err) {
    await intelMail?.close();
    await dispatcher?.stop();
    await salesforce?.stop();
    await extraction?.stop();
    await surveyMail?.stop();
    await positioningDrafts?.stop();
    await monitors?.stop();
    await jobs?.stop();
    await search?.close();
    await dispatchDb.$client.end();
    await checksDb.$client.end();
    await db.$client.end();
    await embedded?.stop();
    throw err;
  }

  const stopPurge = schedulePurge(db, sessionTimeouts(config), SESSION_PURGE_EVERY_MS, logger);
  const usage = new UsageRecorder(db, logger, { retentionMonths: config.USAGE_RETENTION_MONTHS });
  await usage.start();
  const app = createApp({ db, config, logger, search, usage, outbound, jobs });
  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(config.PORT, config.HOST, () => resolve(s)).on('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      stopPurge();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await intelMail?.close();
      await dispatcher?.stop();
      await salesforce?.stop();
      await extraction?.stop();
      await surveyMail?.stop();
      await positioningDrafts?.stop();
      await monitors?.stop();
      await jobs?.stop();
      await usage.close();
      await search.close();
      await dispatchDb.$client.end();
      await checksDb.$client.end();
      await db.$client.end();
      await embedded?.stop();
    })());
  return { url: `http://localhost:${port}`, db, logger, close };
}

async function seedIfEmpty(db: Db, config: Config, logger: Logger) {
  const wanted = config.SEED_DEMO ?? config.NODE_ENV !== 'production';
  if (!wanted || config.NODE_ENV === 'production') return;
  const [{ n }] = await db.select({ n: count() }).from(companies);
  if (n > 0) return;
  const started = Date.now();
  const box = secretBoxFor(config);
  const summary = await seedDemo(db, { reviews: reviewAnalyser, usage: usageSeedWriter, fingerprint: storyFingerprint, seal: (secret) => box.seal(secret), calls: callSeedImporter, interviews: interviewAnalyser });
  logger.info({ ms: Date.now() - started, summary: summary.counts }, 'demo data seeded');
}
