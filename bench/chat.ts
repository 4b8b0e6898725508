// Chat and webhooks benchmark (issue #54), one run, figures side by side:
// 1. Slack: the real server (startServer: embedded PostgreSQL, the demo company, the indexer, the job runner with its
//    slack-request queue) with the Slack app installed through its OAuth flow against the Slack stand-in, then 20
//    slash commands a second for 15 s (bench/lib/slackCommands.ts): how fast Slack gets its ack (target p95 ≤ 200 ms,
//    Slack allows 3 s) and how fast the cards answer is posted (target p95 ≤ 1 s).
// 2. Webhooks: 10,000 deliveries to a local receiver, in a burst and at a steady 10,000 a minute, the dispatcher
//    restarted halfway through each (bench/lib/webhookDeliveries.ts): deliveries a minute (target 10,000), none lost.
//
//   npm run bench:chat
//   npm run bench:chat -- --rate 40 --seconds 30 --deliveries 20000
//
// Prints the table and writes bench/results/chat.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Command } from 'commander';
import { startServer } from '../search-api/server.ts';
import { loadConfig } from '../server-shared/config.ts';
import { CLIENT_ID, CLIENT_SECRET, SIGNING_SECRET, startSlack } from '../tests/helpers/slack.ts';
import { signIn } from './lib/http.ts';
import { benchSlashCommands } from './lib/slackCommands.ts';
import { webhookDeliveries } from './lib/webhookDeliveries.ts';

const opts = new Command()
  .option('--rate <n>', 'slash commands a second', '20')
  .option('--seconds <n>', 'seconds of commands', '15')
  .option('--deliveries <n>', 'webhook deliveries of each run', '10000')
  .parse()
  .opts<{ rate: string; seconds: string; deliveries: string }>();

const note = (line: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

const slack = await startSlack();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-slack-'));
note('starting the server (embedded PostgreSQL, demo data, index)…');
const config = loadConfig({
  NODE_ENV: 'development',
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'true',
  SLACK_API_URL: slack.apiUrl,
  SLACK_OAUTH_URL: slack.oauthUrl,
  SLACK_CLIENT_ID: CLIENT_ID,
  SLACK_CLIENT_SECRET: CLIENT_SECRET,
  SLACK_SIGNING_SECRET: SIGNING_SECRET,
});
const server = await startServer(config);
const base = server.url.replace('localhost', '127.0.0.1');
let rows: Awaited<ReturnType<typeof benchSlashCommands>>;
try {
  // Install as an admin would: the authorize redirect's state, then Slack's redirect back with a code.
  const { cookie } = await signIn(base, 'admin@demo.test');
  const start = await fetch(`${base}/api/integrations/slack/install`, { headers: { cookie }, redirect: 'manual' });
  const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
  const back = await fetch(`${base}/api/integrations/slack/callback?code=${slack.code}&state=${encodeURIComponent(state)}`, { headers: { cookie }, redirect: 'manual' });
  if (back.headers.get('location') !== '/integrations?connected=slack') throw new Error(`install failed: ${back.status} ${back.headers.get('location')}`);
  for (const [id, email] of [
    ['U0ADMIN', 'admin@demo.test'],
    ['U0CURATOR', 'curator@demo.test'],
    ['U0SELLER', 'seller@demo.test'],
  ]) {
    slack.users.set(id, { id, email, name: email.split('@')[0] });
  }
  // Warm-up: the mapping cache, the engine's first queries.
  await benchSlashCommands({ appUrl: base, slack, userIds: ['U0ADMIN', 'U0CURATOR', 'U0SELLER'], queries: ['pricing'], rate: 5, seconds: 1 });
  note(`driving ${opts.rate} commands a second for ${opts.seconds} s…`);
  rows = await benchSlashCommands({
    appUrl: base,
    slack,
    userIds: ['U0ADMIN', 'U0CURATOR', 'U0SELLER'],
    queries: ['pricing', 'security', 'integration', 'onboarding', 'enterprise plan', 'support', 'analytics dashboard', 'migration', 'sso audit', 'roadmap'],
    rate: Number(opts.rate),
    seconds: Number(opts.seconds),
  });
} finally {
  await server.close();
  await slack.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

note(`webhooks: ${opts.deliveries} deliveries in a burst, then at 10,000 a minute, the dispatcher restarted halfway…`);
const hooks = await webhookDeliveries({ deliveries: Number(opts.deliveries), log: note });
const lines = [
  `# Slack commands and webhook deliveries (${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} CPUs)`,
  '',
  '| measure | value | target | met |',
  '|---|---|---|---|',
  ...rows.map((r) => `| Slack: ${r.measure} | ${r.value} | ${r.target} | ${r.met === null ? '' : r.met ? 'yes' : 'NO'} |`),
  ...hooks.map((h) => `| Webhooks: ${h.figure} | ${h.value} | | |`),
];
console.log(lines.join('\n'));
fs.mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
fs.writeFileSync(path.join(import.meta.dirname, 'results', 'chat.md'), `${lines.join('\n')}\n`);
