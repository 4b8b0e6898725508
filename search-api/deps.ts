// What the application and every router are given. Its own module, so that the routers do not import
// app.ts, which imports every router.
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import type { SearchEngine } from '../engine/port.ts';
import type { Config } from '../server-shared/config.ts';
import type { JobRunner } from './jobs/runner.ts';
import type { ChatDeps } from './integrations/service.ts';
import type { OutboundClient } from './outbound/client.ts';
import type { UsageRecorder } from './usage/recorder.ts';

/** What the API uses of the search runtime the server starts (indexer/bootstrap.ts): the engine, and the indexer's lag for the health report. */
export type AppSearch = {
  engine: SearchEngine;
  indexer: { lag(): Promise<{ pending: number; secondsBehind: number }> } | null;
};

/**
 * usage records what people do, for reports (search-api/usage); the server passes the one it starts and closes.
 * outbound is the one client every fetch of a URL a user gave goes through (search-api/outbound), shared so its
 * per-host turns and robots.txt cache hold across features. jobs sends work to the job runner's plain queues (the
 * server passes its runner; an app built without one, as tests build it, runs such work in-process). chat is what
 * routing rules use of Slack and Teams (the senders the dispatcher posts with, Slack's channel directory).
 */
export type AppDeps = {
  db: Db;
  config: Config;
  logger: Logger;
  search: AppSearch;
  usage: UsageRecorder;
  outbound: OutboundClient;
  jobs?: Pick<JobRunner, 'send'>;
  chat: ChatDeps;
  webDir?: string;
};
