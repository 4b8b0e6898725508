// Slash commands at a steady rate against a running app and the Slack stand-in (tests/helpers/slack.ts): each one is
// signed as Slack signs it and posted to /api/integrations/slack/commands; its ack is the HTTP answer, its cards
// answer the chat.postEphemeral the app then makes to the stand-in (matched by a channel id of its own). The stand-in
// must run in this process: it stamps calls with this process's performance.now().
import { SIGNING_SECRET, slackHeaders, slashCommand, type SlackStandIn } from '../../tests/helpers/slack.ts';
import { percentile } from './stats.ts';

export type SlackCommandsOptions = {
  /** The app's base URL. */
  appUrl: string;
  slack: SlackStandIn;
  /** Slack user ids the stand-in maps to product users, taken in turn. */
  userIds: string[];
  /** The words of the commands, taken in turn. */
  queries: string[];
  rate?: number;
  seconds?: number;
  signingSecret?: string;
  /** How long to wait for the last answers after the last command. */
  drainMs?: number;
};

export type BenchRow = { measure: string; value: string; target: string; met: boolean | null };

export async function benchSlashCommands(o: SlackCommandsOptions): Promise<BenchRow[]> {
  const rate = o.rate ?? 20;
  const seconds = o.seconds ?? 15;
  const total = Math.round(rate * seconds);
  const acks: number[] = [];
  const answers: number[] = [];
  let failed = 0;
  let unanswered = 0;
  /** Answers that list cards (not "no cards match", not a sign-in link): the search really ran. */
  let withCards = 0;
  const runs: Promise<void>[] = [];
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    // Fixed send times, so a slow answer does not slow the rate (an open loop, as Slack's traffic is).
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    runs.push(
      (async () => {
        const channelId = `CBENCH${i}`;
        const body = slashCommand(o.queries[i % o.queries.length], { userId: o.userIds[i % o.userIds.length], channelId });
        const sent = performance.now();
        const answered = o.slack.waitFor('chat.postEphemeral', (c) => c.args.channel === channelId, o.drainMs ?? 30_000);
        const res = await fetch(`${o.appUrl}/api/integrations/slack/commands`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...slackHeaders(body, { secret: o.signingSecret ?? SIGNING_SECRET }) },
          body,
        });
        await res.arrayBuffer();
        if (res.status !== 200) {
          failed++;
          answered.catch(() => {});
          return;
        }
        acks.push(performance.now() - sent);
        try {
          const call = await answered;
          answers.push(call.at - sent);
          if (JSON.stringify(call.args.blocks ?? '').includes('viewCard=')) withCards++;
        } catch {
          unanswered++;
        }
      })(),
    );
  }
  await Promise.all(runs);
  const ms = (v: number) => `${v.toFixed(0)} ms`;
  const ackP95 = percentile(acks, 95);
  const answerP95 = percentile(answers, 95);
  return [
    { measure: `commands sent (${rate}/s for ${seconds} s)`, value: String(total), target: '', met: null },
    { measure: 'refused or failed acks', value: String(failed), target: '0', met: failed === 0 },
    { measure: 'ack p50', value: ms(percentile(acks, 50)), target: '', met: null },
    { measure: 'ack p95', value: ms(ackP95), target: '≤ 200 ms', met: ackP95 <= 200 },
    { measure: 'cards answer posted p50', value: ms(percentile(answers, 50)), target: '', met: null },
    { measure: 'cards answer posted p95', value: ms(answerP95), target: '≤ 1,000 ms', met: answerP95 <= 1000 },
    { measure: 'commands never answered', value: String(unanswered), target: '0', met: unanswered === 0 },
    { measure: 'answers listing cards', value: String(withCards), target: String(total), met: withCards === total },
  ];
}
