// The dispatcher: takes the integration events the triggers write (db/migrations/0032_integration_event_triggers.sql)
// to their targets. Woken by NOTIFY, and by a periodic sweep for retries come due and anything missed while it was not
// listening, it
// 1. fans events out: one transaction claims pending events (SKIP LOCKED), writes one delivery per target that wants
//    each (webhook endpoints subscribed to the type whose audience may see the subject; chat routes whose events,
//    rivals, topics and priorities match), and marks the events fanned out: an event is fanned out once, or not yet;
// 2. claims due deliveries (SKIP LOCKED), moving their next attempt a claim's length on, so one claimed by a process
//    that dies is due again once the claim runs out, and attempts them with bounded concurrency;
// 3. records each attempt (status, response time, the error in words) and what follows: success, a retry after
//    DELIVERY_RETRY's backoff (or the peer's retryAfterSeconds), or failure after the last attempt or at once when
//    retrying cannot help. A chat integration whose sender answers `broken` is marked broken and its admins told; a
//    webhook endpoint whose every delivery failed for WEBHOOK_DISABLE_AFTER_HOURS is turned off and its admins told.
// Nothing is sent twice in the normal path (a delivery's state changes in the statement that records its attempt);
// after a crash mid-send one may be sent again, with the same webhook-id, so receivers can tell.
import { performance } from 'node:perf_hooks';
import { Sweeper } from '../jobs/sweeper.ts';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { rowsOf, type Db, type Exec } from '../../db/client.ts';
import { DELIVERY_RETRY, WEBHOOK_DISABLE_AFTER_HOURS, type ChatEvent, type ChatProvider, type ChatState, type DeliveryTarget, type LoggedEvent, type WebhookAudience } from '../../contracts/integrations.ts';
import type { SecretBox } from '../../server-shared/secretBox.ts';
import { OutboundError } from '../outbound/errors.ts';
import type { OutboundClient } from '../outbound/client.ts';
import { markChatIntegrationBroken } from './broken.ts';
import { DISPATCHER } from './constants.ts';
import { notifyAdmins } from './notify.ts';
import { postRoute, PROVIDER_NAMES, type ChatPost, type ChatSenders, type PostResult } from './senders.ts';
import { readDigest, readIntel } from './subjects.ts';
import { audienceViewer, signedHeaders, visibleEvents, webhookPayload, type EventRow } from './webhooks/payload.ts';

/** What an attempt needs. senders: how chat messages are posted (slack/, teams/); a provider without one fails its deliveries. */
export type DeliveryContext = {
  db: Db;
  outbound: OutboundClient;
  box: SecretBox;
  appUrl: string;
  senders?: Partial<ChatSenders>;
  logger?: Logger;
};

/** A delivery claimed for an attempt, with its event. */
export type Claimed = { id: number; companyId: number; targetKind: DeliveryTarget; targetId: number; attempts: number; externalId: string | null; event: EventRow };

type Outcome =
  | { ok: true; statusCode: number | null; responseMs: number | null; externalId?: string }
  | {
      ok: false;
      /** Whether anything reached the target: a subject gone or hidden is not the target's failure. */
      sent: boolean;
      statusCode: number | null;
      responseMs: number | null;
      error: string;
      retryAfterSeconds?: number;
      permanent?: boolean;
      broken?: boolean;
    };

const everyone = (companyId: number) => audienceViewer({ companyId, audience: 'everyone', visibilityGroupIds: [] });
const notSent = (error: string): Outcome => ({ ok: false, sent: false, statusCode: null, responseMs: null, error, permanent: true });
const SUBJECT_GONE = 'What the event is about was deleted, or may no longer be seen by this audience';
/** Outbound refusals that trying again cannot fix: the address itself is refused. */
const REFUSALS = new Set(['scheme', 'credentials', 'address']);

// ---- fan-out

type EventDbRow = { id: number; company_id: number; type: LoggedEvent; subject_id: number; data: Record<string, unknown>; created_at: unknown };
const eventOf = (r: EventDbRow): EventRow => ({ id: Number(r.id), companyId: r.company_id, type: r.type, subjectId: r.subject_id, data: r.data, createdAt: new Date(r.created_at as string) });

/** Fans out one batch of pending events; answers how many were fanned out (0: none pending). */
export async function fanOut(db: Db, limit: number = DISPATCHER.eventBatch): Promise<number> {
  return db.transaction(async (tx) => {
    const events = (
      await rowsOf<EventDbRow>(
        tx,
        sql`SELECT id, company_id, type, subject_id, data, created_at FROM integration_events WHERE fanned_out_at IS NULL ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
      )
    ).map(eventOf);
    if (!events.length) return 0;
    const companies = [...new Set(events.map((e) => e.companyId))];
    const targets: { companyId: number; eventId: number; kind: DeliveryTarget; targetId: number }[] = [];

    // A target hears of what happened since it was made, not of events that were waiting when it came.
    const since = (e: EventRow, created: unknown) => e.createdAt >= new Date(created as string);
    const endpoints = await rowsOf<{ id: number; company_id: number; events: LoggedEvent[]; audience: WebhookAudience; visibility_group_ids: number[]; created_at: unknown }>(
      tx,
      sql`SELECT id, company_id, events, audience, visibility_group_ids, created_at FROM webhook_endpoints WHERE company_id = ANY(${sql.param(companies)}::int[]) AND enabled`,
    );
    for (const ep of endpoints) {
      const wanted = events.filter((e) => e.companyId === ep.company_id && ep.events.includes(e.type) && since(e, ep.created_at));
      if (!wanted.length) continue;
      const visible = await visibleEvents(tx, audienceViewer({ companyId: ep.company_id, audience: ep.audience, visibilityGroupIds: ep.visibility_group_ids }), wanted);
      for (const e of wanted) if (visible.has(e.id)) targets.push({ companyId: e.companyId, eventId: e.id, kind: 'webhook', targetId: ep.id });
    }

    const routes = await rowsOf<{ id: number; company_id: number; events: ChatEvent[]; rival_ids: number[]; topics: string[]; priorities: string[]; created_at: unknown }>(
      tx,
      sql`SELECT r.id, r.company_id, r.events, r.rival_ids, r.topics, r.priorities, r.created_at FROM chat_routes r
          JOIN chat_integrations ci ON ci.id = r.integration_id AND ci.state = 'connected'
          WHERE r.company_id = ANY(${sql.param(companies)}::int[])`,
    );
    if (routes.length) {
      const intelIds = events.filter((e) => e.type === 'intel.published').map((e) => e.subjectId);
      const facts = new Map(
        (intelIds.length
          ? await rowsOf<{ id: number; topics: string[]; priority: string | null; rival_ids: number[] }>(
              tx,
              sql`SELECT i.id, i.topics, i.priority, ARRAY(SELECT ir.rival_id FROM intel_rivals ir WHERE ir.intel_id = i.id) AS rival_ids
                  FROM intel_items i WHERE i.id = ANY(${sql.param(intelIds)}::int[])`,
            )
          : []
        ).map((f) => [f.id, f]),
      );
      for (const route of routes) {
        const topics = new Set(route.topics.map((t) => t.toLowerCase()));
        for (const e of events) {
          if (e.companyId !== route.company_id || !(route.events as string[]).includes(e.type) || !since(e, route.created_at)) continue;
          if (e.type === 'intel.published') {
            const f = facts.get(e.subjectId);
            // An empty filter is any; a filled one must meet the item.
            const matches =
              f &&
              (!route.rival_ids.length || f.rival_ids.some((r) => route.rival_ids.includes(r))) &&
              (!topics.size || f.topics.some((t) => topics.has(t.toLowerCase()))) &&
              (!route.priorities.length || (f.priority !== null && route.priorities.includes(f.priority)));
            if (!matches) continue;
          }
          targets.push({ companyId: e.companyId, eventId: e.id, kind: 'chat_route', targetId: route.id });
        }
      }
    }

    if (targets.length) {
      await tx.execute(sql`
        INSERT INTO deliveries (company_id, event_id, target_kind, target_id)
        SELECT * FROM unnest(${sql.param(targets.map((t) => t.companyId))}::int[], ${sql.param(targets.map((t) => t.eventId))}::bigint[],
          ${sql.param(targets.map((t) => t.kind))}::text[], ${sql.param(targets.map((t) => t.targetId))}::int[])
        ON CONFLICT DO NOTHING`);
    }
    await tx.execute(sql`UPDATE integration_events SET fanned_out_at = now() WHERE id = ANY(${sql.param(events.map((e) => e.id))}::bigint[])`);
    return events.length;
  });
}

// ---- claiming

/** Claims due deliveries: their next attempt moves claimSeconds on, so a claim that dies with its process runs out. */
export async function claimDue(db: Exec, limit: number = DISPATCHER.deliveryBatch, claimSeconds: number = DISPATCHER.claimSeconds): Promise<Claimed[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`WITH due AS (
          SELECT id FROM deliveries WHERE state = 'pending' AND next_attempt_at <= now() ORDER BY next_attempt_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        UPDATE deliveries d SET next_attempt_at = now() + make_interval(secs => ${claimSeconds}) FROM due WHERE d.id = due.id RETURNING d.id`,
  );
  return loadClaimed(db, rows.map((r) => Number(r.id)));
}

/** Deliveries with their events, by id (claimed by the caller). */
export async function loadClaimed(db: Exec, ids: number[]): Promise<Claimed[]> {
  if (!ids.length) return [];
  const rows = await rowsOf<EventDbRow & { delivery_id: number; target_kind: DeliveryTarget; target_id: number; attempts: number; external_id: string | null }>(
    db,
    sql`SELECT d.id AS delivery_id, d.target_kind, d.target_id, d.attempts, d.external_id, e.id, e.company_id, e.type, e.subject_id, e.data, e.created_at
        FROM deliveries d JOIN integration_events e ON e.id = d.event_id WHERE d.id = ANY(${sql.param(ids)}::bigint[]) ORDER BY d.id`,
  );
  return rows.map((r) => ({
    id: Number(r.delivery_id),
    companyId: r.company_id,
    targetKind: r.target_kind,
    targetId: r.target_id,
    attempts: r.attempts,
    externalId: r.external_id,
    event: eventOf(r),
  }));
}

// ---- attempts

/**
 * Attempts one claimed delivery and records what came of it. A failure of our own (the database) throws and records
 * nothing: the claim runs out and the delivery is attempted again.
 */
export async function attemptDelivery(ctx: DeliveryContext, d: Claimed, opts: { force?: boolean } = {}): Promise<void> {
  const outcome = d.targetKind === 'webhook' ? await attemptWebhook(ctx, d, opts.force ?? false) : await attemptChat(ctx, d);
  await record(ctx, d, outcome);
}

async function attemptWebhook(ctx: DeliveryContext, d: Claimed, force: boolean): Promise<Outcome> {
  const [ep] = await rowsOf<{ url: string; audience: WebhookAudience; visibility_group_ids: number[]; secret_sealed: string; enabled: boolean }>(
    ctx.db,
    sql`SELECT url, audience, visibility_group_ids, secret_sealed, enabled FROM webhook_endpoints WHERE id = ${d.targetId} AND company_id = ${d.companyId}`,
  );
  if (!ep) return notSent('The endpoint was deleted');
  if (!ep.enabled && !force) return notSent('The endpoint is turned off');
  const payload = await webhookPayload(ctx.db, audienceViewer({ companyId: d.companyId, audience: ep.audience, visibilityGroupIds: ep.visibility_group_ids }), ctx.appUrl, d.event);
  if (!payload) return notSent(SUBJECT_GONE);
  const body = JSON.stringify(payload);
  const started = performance.now();
  try {
    const res = await ctx.outbound.send(ep.url, { method: 'POST', body, headers: signedHeaders(ctx.box.open(ep.secret_sealed), d.id, body) });
    return { ok: true, statusCode: res.status, responseMs: Math.round(performance.now() - started) };
  } catch (err) {
    if (!(err instanceof OutboundError)) throw err;
    return { ok: false, sent: true, statusCode: err.status ?? null, responseMs: Math.round(performance.now() - started), error: err.message, permanent: REFUSALS.has(err.reason) };
  }
}

async function attemptChat(ctx: DeliveryContext, d: Claimed): Promise<Outcome> {
  const [route] = await rowsOf<{ integration_id: number; channel_id: string | null; channel_name: string; webhook_url_sealed: string | null; provider: ChatProvider; state: ChatState }>(
    ctx.db,
    sql`SELECT r.integration_id, r.channel_id, r.channel_name, r.webhook_url_sealed, ci.provider, ci.state
        FROM chat_routes r JOIN chat_integrations ci ON ci.id = r.integration_id WHERE r.id = ${d.targetId} AND r.company_id = ${d.companyId}`,
  );
  if (!route) return notSent('The routing rule was deleted');
  if (route.state !== 'connected') return notSent(`${PROVIDER_NAMES[route.provider]} is not connected`);
  const sender = ctx.senders?.[route.provider];
  if (!sender) return notSent(`${PROVIDER_NAMES[route.provider]} messages cannot be sent from this server`);
  const event = d.event.type as ChatEvent;
  // A channel is read by anyone in it: what everyone in the company may see.
  const subject =
    event === 'intel.published' ? await readIntel(ctx.db, everyone(d.companyId), ctx.appUrl, d.event.subjectId) : await readDigest(ctx.db, d.companyId, ctx.appUrl, d.event.subjectId);
  if (!subject) return notSent(SUBJECT_GONE);
  const post: ChatPost = {
    deliveryId: d.id,
    companyId: d.companyId,
    route: postRoute(ctx.box, d.targetId, route),
    event,
    subject,
    externalId: d.externalId,
  };
  const started = performance.now();
  let result: PostResult;
  try {
    result = await sender(post);
  } catch (err) {
    // A sender that throws rather than answering: worth another try later.
    ctx.logger?.warn({ err, deliveryId: d.id }, 'chat sender threw');
    result = { ok: false, statusCode: null, error: `${PROVIDER_NAMES[route.provider]} could not be reached (${err instanceof Error ? err.message : String(err)})` };
  }
  const responseMs = Math.round(performance.now() - started);
  if (result.ok) return { ok: true, statusCode: result.statusCode, responseMs, externalId: result.externalId };
  if (result.broken) await markChatIntegrationBroken(ctx.db, route.integration_id, result.error);
  return { ...result, ok: false, sent: true, responseMs, permanent: result.permanent || result.broken };
}

/** Seconds until the next attempt after `attempts` attempts: 30 s, then doubling. */
export const backoffSeconds = (attempts: number) => DELIVERY_RETRY.firstDelaySeconds * DELIVERY_RETRY.factor ** (attempts - 1);

async function record(ctx: DeliveryContext, d: Claimed, o: Outcome): Promise<void> {
  const attempts = d.attempts + 1;
  const gaveUp = !o.ok && (o.permanent || attempts >= DELIVERY_RETRY.maxAttempts);
  const state = o.ok ? 'succeeded' : gaveUp ? 'failed' : 'pending';
  const delay = o.ok || gaveUp ? 0 : (o.retryAfterSeconds ?? backoffSeconds(attempts));
  await ctx.db.execute(sql`
    UPDATE deliveries SET attempts = ${attempts}, state = ${state}, last_attempt_at = now(), status_code = ${o.statusCode}, response_ms = ${o.responseMs},
      error = ${o.ok ? null : o.error}, delivered_at = ${o.ok ? sql`now()` : null}, next_attempt_at = now() + make_interval(secs => ${delay}),
      external_id = coalesce(${o.ok ? (o.externalId ?? null) : null}, external_id)
    WHERE id = ${d.id}`);
  if (d.targetKind !== 'webhook') return;
  if (o.ok) {
    await ctx.db.execute(sql`UPDATE webhook_endpoints SET failing_since = NULL WHERE id = ${d.targetId} AND failing_since IS NOT NULL`);
  } else if (o.sent) {
    await failing(ctx, d.targetId, o.error);
  }
}

/** An endpoint failed once more: failing since its first failure after a success; a day of it turns it off. */
async function failing(ctx: DeliveryContext, endpointId: number, error: string): Promise<void> {
  const reason = `Every delivery failed for ${WEBHOOK_DISABLE_AFTER_HOURS} hours; the last: ${error}`;
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE webhook_endpoints SET failing_since = now() WHERE id = ${endpointId} AND failing_since IS NULL`);
    const [off] = await rowsOf<{ company_id: number; url: string }>(
      tx,
      sql`UPDATE webhook_endpoints SET enabled = false, disabled_at = now(), disabled_reason = ${reason}, updated_at = now()
          WHERE id = ${endpointId} AND enabled AND failing_since <= now() - make_interval(hours => ${WEBHOOK_DISABLE_AFTER_HOURS})
          RETURNING company_id, url`,
    );
    if (!off) return;
    await notifyAdmins(tx, off.company_id, endpointId, { target: 'webhook', name: new URL(off.url).host, reason });
  });
}

// ---- the running dispatcher

async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

export type DispatcherOptions = {
  /** For the LISTEN connection; without it only sweeps (and explicit sweep() calls) find work. */
  databaseUrl?: string;
  sweepMs?: number;
  claimSeconds?: number;
  concurrency?: number;
};

export class Dispatcher {
  private readonly sweeper: Sweeper;

  constructor(
    private readonly ctx: DeliveryContext,
    private readonly opts: DispatcherOptions = {},
  ) {
    this.sweeper = new Sweeper(() => this.dispatch(), {
      name: 'integration dispatcher',
      channel: DISPATCHER.channel,
      databaseUrl: opts.databaseUrl,
      sweepMs: opts.sweepMs ?? DISPATCHER.sweepMs,
      logger: ctx.logger,
    });
  }

  start = () => this.sweeper.start();
  /** Stops taking work and waits for the attempts in flight to be recorded; a stopped dispatcher claims nothing more. */
  stop = () => this.sweeper.stop();
  sweep = () => this.sweeper.sweep();

  private async dispatch(): Promise<void> {
    const running = () => this.sweeper.running;
    let fanned = 1;
    while (running() && fanned > 0) fanned = await fanOut(this.ctx.db);
    const concurrency = this.opts.concurrency ?? DISPATCHER.concurrency;
    for (let due = running() ? await this.claim() : []; due.length; due = running() ? await this.claim() : []) {
      await eachLimited(due, concurrency, (d) =>
        attemptDelivery(this.ctx, d).catch((err) => this.ctx.logger?.error({ err, deliveryId: d.id }, 'delivery attempt could not be recorded')),
      );
    }
  }

  private claim(): Promise<Claimed[]> {
    const batch = Math.max(DISPATCHER.deliveryBatch, (this.opts.concurrency ?? DISPATCHER.concurrency) * 4);
    return claimDue(this.ctx.db, batch, this.opts.claimSeconds ?? DISPATCHER.claimSeconds);
  }
}
