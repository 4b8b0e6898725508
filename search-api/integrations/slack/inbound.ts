// Requests Slack sends: read from the raw body (the signature covers its exact bytes), verified (verify.ts), then
// acknowledged at once while the work goes to the job runner's queue, because Slack wants an answer within 3 s.
// A request that fails verification gets 401, and nothing is queued or written.
import type { Request, Response } from 'express';
import type { AppDeps } from '../../deps.ts';
import { apiError } from '../../errors.ts';
import { SLACK } from './constants.ts';
import { verifySlackRequest } from './verify.ts';
import { handleSlackRequest, type SlackRequest, type SlackWorkDeps } from './work.ts';

type Kind = SlackRequest['kind'];

/** The parsed body and its workspace; null when the body is not what Slack sends. */
function parse(kind: Kind, raw: Buffer): { payload: Record<string, unknown>; teamId: string | null } | null {
  try {
    if (kind === 'event') {
      const body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
      return { payload: body, teamId: typeof body.team_id === 'string' ? body.team_id : null };
    }
    const form = new URLSearchParams(raw.toString('utf8'));
    if (kind === 'command') return { payload: Object.fromEntries(form), teamId: form.get('team_id') };
    const payload = JSON.parse(form.get('payload') ?? '') as { team?: { id?: string } };
    return { payload, teamId: payload.team?.id ?? null };
  } catch {
    return null;
  }
}

/** What the work needs of a request, and no more: the queue stores it, and Slack's tokens and response URLs stay out. */
function workOf(kind: Kind, p: Record<string, unknown>): Record<string, unknown> | undefined {
  if (kind === 'event') return p.event as Record<string, unknown> | undefined;
  if (kind === 'command') return { text: p.text ?? '', user_id: p.user_id, channel_id: p.channel_id };
  const { type, callback_id, user, channel, message } = p;
  return { type, callback_id, user, channel, message };
}

export function slackInboundHandler(deps: AppDeps, work: () => SlackWorkDeps, kind: Kind) {
  return async (req: Request, res: Response) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const parsed = parse(kind, raw);
    const verified = await verifySlackRequest(
      { db: deps.db, box: work().box, signingSecret: deps.config.SLACK_SIGNING_SECRET },
      { timestamp: req.get('x-slack-request-timestamp'), signature: req.get('x-slack-signature'), body: raw, teamId: parsed?.teamId ?? null },
    );
    if (!verified) throw apiError('slack_signature_invalid');
    if (!parsed) throw apiError('invalid_input', { where: 'body', field: 'body', problem: 'is not a Slack request' });
    const { payload } = parsed;
    if (kind === 'event' && payload.type === 'url_verification') {
      res.json({ challenge: payload.challenge });
      return;
    }
    const inst = verified.installation;
    // A workspace that has not installed the app (or is disconnected) is acknowledged and left alone.
    if (inst) {
      const data = { kind, integrationId: inst.id, payload: workOf(kind, payload) } as SlackRequest;
      // Slack sends an event again (newly signed) when its ack was late: its event_id keeps it to one waiting job.
      const key = typeof payload.event_id === 'string' ? payload.event_id : req.get('x-slack-signature')!;
      if (data.payload) await enqueue(deps, work, data, key);
    }
    res.status(200).end();
  };
}

async function enqueue(deps: AppDeps, work: () => SlackWorkDeps, data: SlackRequest, key: string): Promise<void> {
  if (deps.jobs) return deps.jobs.send(SLACK.queue, data as unknown as Record<string, unknown>, key);
  // An app run without a job runner (as tests build it): the work runs in this process, after the answer.
  setImmediate(() => void handleSlackRequest(work(), data).catch((err) => deps.logger.error({ err }, 'slack request failed')));
}
