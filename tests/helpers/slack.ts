// A stand-in for Slack on 127.0.0.1, for tests and benchmarks: its Web API as the wire has it (POST /api/<method>,
// form or JSON bodies, `Authorization: Bearer` tokens, `{ ok: true, ... }` or `{ ok: false, error }` answers, 429 with
// Retry-After when told to), recording every call; and Slack's side of the requests it sends us: payloads as Slack
// builds them (slash commands, message shortcuts, events) signed with a real signing secret.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const SIGNING_SECRET = 'slack-test-signing-secret-0123456789abcdef';
export const CLIENT_ID = '1111.2222';
export const CLIENT_SECRET = 'slack-test-client-secret';
export const TEAM = { id: 'T0RIVAL01', name: 'Rivalscope Demo' };
export const BOT_USER_ID = 'U0BOT0001';

export type SlackUser = { id: string; email: string; name: string; confirmed?: boolean; teamId?: string; deleted?: boolean };
/** `limited`: the call was answered 429. */
export type SlackCall = { method: string; args: Record<string, unknown>; token: string | null; at: number; limited?: boolean };

export type SlackStandIn = {
  /** The Web API base (SLACK_API_URL), ending in /api/. */
  apiUrl: string;
  /** Slack's authorize page (SLACK_OAUTH_URL). */
  oauthUrl: string;
  calls: SlackCall[];
  callsOf: (method: string) => SlackCall[];
  /** The code the next authorize hands out, and the bot token its exchange answers. */
  code: string;
  botToken: string;
  users: Map<string, SlackUser>;
  /** The next `count` calls of `method` (or of every method: '*') answer 429 with Retry-After: seconds. */
  rateLimit: (method: string, seconds: number, count?: number) => void;
  /** Calls of `method` answer `{ ok: false, error }` until cleared with null. */
  fail: (method: string, error: string | null) => void;
  /** Resolves with the first answered (not 429) call of `method` that satisfies `match`, made already or to come. */
  waitFor: (method: string, match?: (c: SlackCall) => boolean, timeoutMs?: number) => Promise<SlackCall>;
  close: () => Promise<void>;
};

/** Parses a Web API body: form fields (arrays and objects JSON-encoded in them, as @slack/web-api sends) or JSON. */
function parseArgs(type: string, raw: string): Record<string, unknown> {
  if (type.includes('application/json')) return raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of new URLSearchParams(raw)) {
    out[k] = /^[[{]/.test(v) ? JSON.parse(v) : v;
  }
  return out;
}

export async function startSlack(): Promise<SlackStandIn> {
  const calls: SlackCall[] = [];
  const waiters: { method: string; match: (c: SlackCall) => boolean; resolve: (c: SlackCall) => void }[] = [];
  const limits = new Map<string, { seconds: number; count: number }>();
  const failures = new Map<string, string>();
  const users = new Map<string, SlackUser>();
  const validTokens = new Set<string>();
  let ts = 1_700_000_000;
  const nextTs = () => `${++ts}.000100`;

  const state = { code: 'code-abc', botToken: `xoxb-${crypto.randomBytes(8).toString('hex')}` };

  const answer = (method: string, args: Record<string, unknown>, token: string | null, basic: string | null): Record<string, unknown> => {
    const failure = failures.get(method);
    if (failure) return { ok: false, error: failure };
    if (method === 'oauth.v2.access') {
      const [id, secret] = basic ? Buffer.from(basic, 'base64').toString().split(':') : [args.client_id, args.client_secret];
      if (id !== CLIENT_ID || secret !== CLIENT_SECRET) return { ok: false, error: 'invalid_client_id' };
      if (args.code !== state.code) return { ok: false, error: 'invalid_code' };
      validTokens.add(state.botToken);
      return {
        ok: true,
        access_token: state.botToken,
        token_type: 'bot',
        scope: 'chat:write,commands,links:read,links:write,users:read,users:read.email',
        bot_user_id: BOT_USER_ID,
        app_id: 'A0RIVAL01',
        team: TEAM,
        enterprise: null,
        is_enterprise_install: false,
      };
    }
    if (!token) return { ok: false, error: 'not_authed' };
    if (!validTokens.has(token)) return { ok: false, error: 'invalid_auth' };
    switch (method) {
      case 'auth.test':
        return { ok: true, url: 'https://rivalscope-demo.slack.com/', team: TEAM.name, team_id: TEAM.id, user_id: BOT_USER_ID, bot_id: 'B0RIVAL01' };
      case 'auth.revoke':
        validTokens.delete(token);
        return { ok: true, revoked: true };
      case 'chat.postMessage': {
        if (!args.channel) return { ok: false, error: 'channel_not_found' };
        const channel = String(args.channel).startsWith('U') ? `D${String(args.channel).slice(1)}` : String(args.channel);
        return { ok: true, channel, ts: nextTs(), message: { text: args.text, blocks: args.blocks, bot_id: 'B0RIVAL01' } };
      }
      case 'chat.update':
        if (!args.ts) return { ok: false, error: 'message_not_found' };
        return { ok: true, channel: args.channel, ts: args.ts, text: args.text };
      case 'chat.postEphemeral':
        if (!args.user) return { ok: false, error: 'user_not_in_channel' };
        return { ok: true, message_ts: nextTs() };
      case 'chat.unfurl':
        return { ok: true };
      case 'chat.getPermalink':
        return { ok: true, channel: args.channel, permalink: `https://rivalscope-demo.slack.com/archives/${String(args.channel)}/p${String(args.message_ts).replace('.', '')}` };
      case 'users.info': {
        const u = users.get(String(args.user));
        if (!u) return { ok: false, error: 'user_not_found' };
        return {
          ok: true,
          user: {
            id: u.id,
            team_id: u.teamId ?? TEAM.id,
            name: u.name.toLowerCase().replace(/\s+/g, '.'),
            real_name: u.name,
            deleted: u.deleted ?? false,
            is_bot: false,
            is_restricted: false,
            is_email_confirmed: u.confirmed ?? true,
            profile: { email: u.email, display_name: u.name, real_name: u.name },
          },
        };
      }
      case 'conversations.list':
        return {
          ok: true,
          channels: [
            { id: 'C0GENERAL', name: 'general', is_channel: true, is_private: false, is_member: true },
            { id: 'C0COMPETE', name: 'competitive-intel', is_channel: true, is_private: false, is_member: false },
            { id: 'G0DEALS01', name: 'deal-desk', is_channel: true, is_private: true, is_member: true },
            { id: 'G0SECRET1', name: 'exec-private', is_channel: true, is_private: true, is_member: false },
          ],
          response_metadata: { next_cursor: '' },
        };
      case 'views.open':
        if (!args.trigger_id) return { ok: false, error: 'invalid_trigger_id' };
        return { ok: true, view: { id: 'V0VIEW001', ...(args.view as object) } };
      default:
        return { ok: false, error: 'unknown_method' };
    }
  };

  const server = http.createServer((req, res) => {
    // Slack's authorize page, as after the person approves the app: back to the redirect URL with a code and the state.
    if ((req.url ?? '').startsWith('/oauth/v2/authorize')) {
      const q = new URL(req.url ?? '', 'http://slack').searchParams;
      const back = new URL(q.get('redirect_uri') ?? '');
      if (q.get('client_id') === CLIENT_ID) back.searchParams.set('code', state.code);
      else back.searchParams.set('error', 'invalid_client_id');
      back.searchParams.set('state', q.get('state') ?? '');
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const method = (req.url ?? '').replace(/^\/api\//, '').split('?')[0];
      let args: Record<string, unknown>;
      try {
        args = parseArgs(String(req.headers['content-type'] ?? ''), Buffer.concat(chunks).toString('utf8'));
      } catch {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: false, error: 'invalid_arguments' }));
        return;
      }
      const auth = String(req.headers.authorization ?? '');
      const token = auth.startsWith('Bearer ') ? auth.slice(7) : typeof args.token === 'string' ? args.token : null;
      const basic = auth.startsWith('Basic ') ? auth.slice(6) : null;
      const limit = limits.get(method) ?? limits.get('*');
      if (limit && limit.count > 0) {
        limit.count--;
        calls.push({ method, args, token, at: performance.now(), limited: true });
        res.writeHead(429, { 'retry-after': String(limit.seconds), 'content-type': 'application/json' }).end(JSON.stringify({ ok: false, error: 'ratelimited' }));
        return;
      }
      const call: SlackCall = { method, args, token, at: performance.now() };
      calls.push(call);
      const body = answer(method, args, token, basic);
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
      for (const w of waiters.filter((w) => w.method === method && w.match(call))) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(call);
      }
    });
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    apiUrl: `${base}/api/`,
    oauthUrl: `${base}/oauth/v2/authorize`,
    calls,
    callsOf: (method) => calls.filter((c) => c.method === method),
    get code() {
      return state.code;
    },
    set code(c: string) {
      state.code = c;
    },
    get botToken() {
      return state.botToken;
    },
    set botToken(t: string) {
      state.botToken = t;
    },
    users,
    rateLimit: (method, seconds, count = 1) => limits.set(method, { seconds, count }),
    fail: (method, error) => (error === null ? failures.delete(method) : failures.set(method, error)),
    waitFor: (method, match = () => true, timeoutMs = 20_000) => {
      const done = calls.find((c) => c.method === method && !c.limited && match(c));
      if (done) return Promise.resolve(done);
      return new Promise((resolve, reject) => {
        const waiter = { method, match, resolve: (c: SlackCall) => (clearTimeout(timer), resolve(c)) };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no ${method} call came within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// ---- Slack's requests to us

/** The headers Slack signs a request with (v0), for `body` as sent, at `timestamp` (seconds; now by default). */
export function slackHeaders(body: string, opts: { secret?: string; timestamp?: number } = {}): Record<string, string> {
  const timestamp = String(opts.timestamp ?? Math.floor(Date.now() / 1000));
  const signature = `v0=${crypto.createHmac('sha256', opts.secret ?? SIGNING_SECRET).update(`v0:${timestamp}:${body}`).digest('hex')}`;
  return { 'X-Slack-Request-Timestamp': timestamp, 'X-Slack-Signature': signature };
}

type Who = { userId: string; channelId?: string; teamId?: string };

/** A slash command's form body, as Slack posts it (application/x-www-form-urlencoded). */
export function slashCommand(text: string, who: Who): string {
  return new URLSearchParams({
    token: 'deprecated-verification-token',
    team_id: who.teamId ?? TEAM.id,
    team_domain: 'rivalscope-demo',
    channel_id: who.channelId ?? 'C0GENERAL',
    channel_name: 'general',
    user_id: who.userId,
    user_name: who.userId.toLowerCase(),
    command: '/rivalscope',
    text,
    api_app_id: 'A0RIVAL01',
    is_enterprise_install: 'false',
    response_url: 'https://hooks.slack.com/commands/T0RIVAL01/1/abc',
    trigger_id: `${Date.now()}.1.abc`,
  }).toString();
}

/** A message shortcut's form body: `payload` holds the JSON. */
export function messageAction(message: { text: string; user: string; ts?: string }, who: Who, callbackId = 'send_to_rivalscope'): string {
  const payload = {
    type: 'message_action',
    token: 'deprecated-verification-token',
    action_ts: `${Date.now() / 1000}`,
    team: { id: who.teamId ?? TEAM.id, domain: 'rivalscope-demo' },
    user: { id: who.userId, name: who.userId.toLowerCase(), team_id: who.teamId ?? TEAM.id },
    channel: { id: who.channelId ?? 'C0GENERAL', name: 'general' },
    is_enterprise_install: false,
    callback_id: callbackId,
    trigger_id: `${Date.now()}.1.def`,
    response_url: 'https://hooks.slack.com/app/T0RIVAL01/1/def',
    message_ts: message.ts ?? '1700000100.000200',
    message: { type: 'message', user: message.user, ts: message.ts ?? '1700000100.000200', text: message.text },
  };
  return new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
}

/** An Events API callback (JSON) wrapping `event`. */
export function eventCallback(event: Record<string, unknown>, teamId = TEAM.id): string {
  return JSON.stringify({
    token: 'deprecated-verification-token',
    team_id: teamId,
    api_app_id: 'A0RIVAL01',
    event,
    type: 'event_callback',
    event_id: `Ev${crypto.randomBytes(5).toString('hex').toUpperCase()}`,
    event_time: Math.floor(Date.now() / 1000),
    authorizations: [{ team_id: teamId, user_id: BOT_USER_ID, is_bot: true }],
  });
}

/** A link_shared event of `urls`, shared by `userId` in a channel. */
export function linkShared(urls: string[], who: Who): string {
  return eventCallback(
    {
      type: 'link_shared',
      channel: who.channelId ?? 'C0GENERAL',
      is_bot_user_member: true,
      user: who.userId,
      message_ts: '1700000200.000300',
      unfurl_id: `C0GENERAL.1700000200.000300.${crypto.randomBytes(4).toString('hex')}`,
      source: 'conversations_history',
      links: urls.map((url) => ({ domain: new URL(url).host, url })),
      event_ts: '1700000200.000400',
    },
    who.teamId,
  );
}

export const urlVerification = (challenge: string) => JSON.stringify({ token: 'deprecated-verification-token', challenge, type: 'url_verification' });
