// Webhook endpoints (contracts/integrations.ts): admins add the URL of another tool, the events it wants and whose
// eyes its payloads are for; the product signs every delivery with the endpoint's secret (Standard Webhooks). The URL
// must pass the outbound rules when it is stored (https unless its host is allowed; no private address after
// resolution), and again on every send. The secret is sealed, and answered once, at creation. Writes are audited.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type Exec } from '../../../db/client.ts';
import { WEBHOOKS_PER_COMPANY, type Delivery, type DeliveryPage, type IntegrationEvent, type WebhookAudience, type WebhookBody, type WebhookEndpoint, type WebhookEndpointCreated, type WebhookEndpointList, type WebhookPatch } from '../../../contracts/integrations.ts';
import { actorOf, recordAudit } from '../../audit/service.ts';
import type { Auth } from '../../auth/context.ts';
import { apiError, fieldError } from '../../errors.ts';
import { OutboundError } from '../../outbound/errors.ts';
import { DISPATCHER, WEBHOOK_SECRET_BYTES, WEBHOOK_SECRET_PREFIX } from '../constants.ts';
import { deliveryPage, lastDeliveries, readDelivery } from '../deliveries.ts';
import { attemptDelivery, loadClaimed, type DeliveryContext } from '../dispatcher.ts';

type Row = {
  id: number;
  url: string;
  description: string;
  events: IntegrationEvent[];
  audience: WebhookAudience;
  visibility_groups: { id: number; name: string }[];
  enabled: boolean;
  disabled_at: unknown;
  disabled_reason: string | null;
  failing_since: unknown;
  created_at: unknown;
  recent_total: number;
  recent_failed: number;
};

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

async function readRows(db: Exec, companyId: number, id?: number): Promise<WebhookEndpoint[]> {
  const rows = await rowsOf<Row>(
    db,
    sql`SELECT w.id, w.url, w.description, w.events, w.audience, w.enabled, w.disabled_at, w.disabled_reason, w.failing_since, w.created_at,
          coalesce((SELECT json_agg(json_build_object('id', g.id, 'name', g.name) ORDER BY g.name)
            FROM visibility_groups g WHERE g.id = ANY(w.visibility_group_ids) AND g.company_id = w.company_id), '[]') AS visibility_groups,
          (SELECT count(*)::int FROM deliveries d WHERE d.target_kind = 'webhook' AND d.target_id = w.id AND d.created_at > now() - interval '24 hours') AS recent_total,
          (SELECT count(*)::int FROM deliveries d WHERE d.target_kind = 'webhook' AND d.target_id = w.id AND d.created_at > now() - interval '24 hours' AND d.state = 'failed') AS recent_failed
        FROM webhook_endpoints w WHERE w.company_id = ${companyId} ${id === undefined ? sql`` : sql`AND w.id = ${id}`} ORDER BY w.created_at, w.id`,
  );
  const last = await lastDeliveries(db, companyId, 'webhook', rows.map((r) => r.id));
  return rows.map((r) => ({
    id: r.id,
    url: r.url,
    description: r.description,
    events: r.events,
    audience: r.audience,
    visibilityGroups: r.visibility_groups,
    enabled: r.enabled,
    disabledAt: iso(r.disabled_at),
    disabledReason: r.disabled_reason,
    failingSince: iso(r.failing_since),
    createdAt: iso(r.created_at)!,
    lastDelivery: last.get(r.id) ?? null,
    recent: { total: r.recent_total, failed: r.recent_failed },
  }));
}

export async function listEndpoints(db: Exec, companyId: number): Promise<WebhookEndpointList> {
  return { endpoints: await readRows(db, companyId) };
}

export async function readEndpoint(db: Exec, companyId: number, id: number): Promise<WebhookEndpoint> {
  const [endpoint] = await readRows(db, companyId, id);
  if (!endpoint) throw apiError('webhook_not_found');
  return endpoint;
}

/** The URL as the outbound rules take it, or a 400 naming url. */
async function vetted(ctx: DeliveryContext, raw: string): Promise<string> {
  try {
    return (await ctx.outbound.checkDestination(raw)).toString();
  } catch (err) {
    if (err instanceof OutboundError) throw fieldError('webhook_url_refused', 'url', { problem: err.message });
    throw err;
  }
}

async function checkGroups(db: Exec, companyId: number, audience: WebhookAudience, groupIds: number[]): Promise<void> {
  if (audience === 'groups' && !groupIds.length) {
    throw apiError('invalid_input', { where: 'body', field: 'visibilityGroupIds', problem: 'needs at least one group when the audience is groups' }, [
      { field: 'visibilityGroupIds', message: 'needs at least one group when the audience is groups' },
    ]);
  }
  if (!groupIds.length) return;
  const known = new Set(
    (await rowsOf<{ id: number }>(db, sql`SELECT id FROM visibility_groups WHERE company_id = ${companyId} AND id = ANY(${sql.param(groupIds)}::int[])`)).map((g) => g.id),
  );
  const unknown = groupIds.find((id) => !known.has(id));
  if (unknown !== undefined) throw fieldError('visibility_group_unknown', 'visibilityGroupIds', { id: unknown });
}

/** What an audit entry names of a URL: its host; a path or query may hold the receiver's own secret. */
const hostOf = (url: string) => new URL(url).host;

export async function createEndpoint(ctx: DeliveryContext, auth: Auth, body: WebhookBody): Promise<WebhookEndpointCreated> {
  const url = await vetted(ctx, body.url);
  await checkGroups(ctx.db, auth.companyId, body.audience, body.visibilityGroupIds);
  const groups = body.audience === 'groups' ? body.visibilityGroupIds : [];
  const secret = WEBHOOK_SECRET_PREFIX + crypto.randomBytes(WEBHOOK_SECRET_BYTES).toString('base64');
  const id = await ctx.db.transaction(async (tx) => {
    // Serialises creations of one company, so two at once cannot both pass the limit.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('webhook_endpoints'), ${auth.companyId})`);
    const [{ n }] = await rowsOf<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM webhook_endpoints WHERE company_id = ${auth.companyId}`);
    if (n >= WEBHOOKS_PER_COMPANY) throw apiError('webhooks_full', { max: WEBHOOKS_PER_COMPANY });
    const [row] = await rowsOf<{ id: number }>(
      tx,
      sql`INSERT INTO webhook_endpoints (company_id, url, description, events, audience, visibility_group_ids, secret_sealed, created_by_id)
          VALUES (${auth.companyId}, ${url}, ${body.description}, ${sql.param(body.events)}::text[], ${body.audience}, ${sql.param(groups)}::int[],
            ${ctx.box.seal(secret)}, ${auth.user.id})
          RETURNING id`,
    );
    await recordAudit(tx, actorOf(auth), {
      action: 'webhook.create',
      targetType: 'integration',
      targetId: row.id,
      summary: `${auth.user.name} added a webhook to ${hostOf(url)}`,
      detail: { host: hostOf(url), events: body.events, audience: body.audience, visibilityGroupIds: groups },
    });
    return row.id;
  });
  return { ...(await readEndpoint(ctx.db, auth.companyId, id)), secret };
}

type Stored = { url: string; audience: WebhookAudience; visibility_group_ids: number[]; enabled: boolean };

async function stored(db: Exec, companyId: number, id: number): Promise<Stored> {
  const [row] = await rowsOf<Stored>(db, sql`SELECT url, audience, visibility_group_ids, enabled FROM webhook_endpoints WHERE id = ${id} AND company_id = ${companyId}`);
  if (!row) throw apiError('webhook_not_found');
  return row;
}

export async function updateEndpoint(ctx: DeliveryContext, auth: Auth, id: number, patch: WebhookPatch): Promise<WebhookEndpoint> {
  const was = await stored(ctx.db, auth.companyId, id);
  const url = patch.url === undefined ? undefined : await vetted(ctx, patch.url);
  const audience = patch.audience ?? was.audience;
  const groups = audience === 'groups' ? (patch.visibilityGroupIds ?? was.visibility_group_ids) : [];
  if (patch.audience !== undefined || patch.visibilityGroupIds !== undefined) await checkGroups(ctx.db, auth.companyId, audience, groups);

  const set = [sql`updated_at = now()`, sql`audience = ${audience}`, sql`visibility_group_ids = ${sql.param(groups)}::int[]`];
  if (url !== undefined) set.push(sql`url = ${url}`);
  if (patch.description !== undefined) set.push(sql`description = ${patch.description}`);
  if (patch.events !== undefined) set.push(sql`events = ${sql.param(patch.events)}::text[]`);
  // Enabling again starts afresh: the failures that turned it off are forgotten. An admin turning it off leaves no reason.
  if (patch.enabled === true && !was.enabled) set.push(sql`enabled = true, failing_since = NULL, disabled_at = NULL, disabled_reason = NULL`);
  if (patch.enabled === false && was.enabled) set.push(sql`enabled = false, disabled_at = now(), disabled_reason = NULL`);

  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE webhook_endpoints SET ${sql.join(set, sql`, `)} WHERE id = ${id} AND company_id = ${auth.companyId}`);
    const host = hostOf(url ?? was.url);
    const toggled = patch.enabled !== undefined && patch.enabled !== was.enabled;
    await recordAudit(tx, actorOf(auth), {
      action: toggled ? (patch.enabled ? 'webhook.enable' : 'webhook.disable') : 'webhook.update',
      targetType: 'integration',
      targetId: id,
      summary: toggled ? `${auth.user.name} turned ${patch.enabled ? 'on' : 'off'} the webhook to ${host}` : `${auth.user.name} changed the webhook to ${host}`,
      detail: { host, urlChanged: url !== undefined && url !== was.url, events: patch.events, audience: patch.audience, visibilityGroupIds: patch.visibilityGroupIds, description: patch.description },
    });
  });
  return readEndpoint(ctx.db, auth.companyId, id);
}

/** Its deliveries' log stays until the company's retention ends; pending ones fail as they come due. */
export async function deleteEndpoint(db: Db, auth: Auth, id: number): Promise<void> {
  const was = await stored(db, auth.companyId, id);
  await db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM webhook_endpoints WHERE id = ${id} AND company_id = ${auth.companyId}`);
    await recordAudit(tx, actorOf(auth), {
      action: 'webhook.delete',
      targetType: 'integration',
      targetId: id,
      summary: `${auth.user.name} removed the webhook to ${hostOf(was.url)}`,
      detail: { host: hostOf(was.url) },
    });
  });
}

export async function listEndpointDeliveries(db: Exec, companyId: number, id: number, page: number): Promise<DeliveryPage> {
  await stored(db, companyId, id);
  return deliveryPage(db, companyId, 'webhook', id, page);
}

/**
 * Sends a `ping` event now, even to an endpoint turned off (an admin checks it before enabling it again), and answers
 * the delivery as the attempt left it. A failed ping is retried like any delivery.
 */
export async function testEndpoint(ctx: DeliveryContext, auth: Auth, id: number): Promise<Delivery> {
  await stored(ctx.db, auth.companyId, id);
  const deliveryId = await ctx.db.transaction(async (tx) => {
    const [event] = await rowsOf<{ id: number }>(
      tx,
      sql`INSERT INTO integration_events (company_id, type, subject_id, data, fanned_out_at)
          VALUES (${auth.companyId}, 'ping', ${id}, ${JSON.stringify({ endpointId: id })}::jsonb, now()) RETURNING id`,
    );
    // Claimed at birth: the dispatcher leaves it to this request unless the request dies.
    const [delivery] = await rowsOf<{ id: number }>(
      tx,
      sql`INSERT INTO deliveries (company_id, event_id, target_kind, target_id, next_attempt_at)
          VALUES (${auth.companyId}, ${event.id}, 'webhook', ${id}, now() + make_interval(secs => ${DISPATCHER.claimSeconds})) RETURNING id`,
    );
    return Number(delivery.id);
  });
  const [claimed] = await loadClaimed(ctx.db, [deliveryId]);
  await attemptDelivery(ctx, claimed, { force: true });
  return readDelivery(ctx.db, deliveryId);
}
