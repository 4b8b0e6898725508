// The delivery log as admins read it (contracts/integrations.ts Delivery): one target's deliveries newest first, a
// page at a time, and its last one. Shared by routing rules and webhook endpoints, whose logs read alike.
import { sql, type SQL } from 'drizzle-orm';
import { DELIVERY_PAGE_SIZE, type Delivery, type DeliveryPage, type DeliveryTarget } from '../../contracts/integrations.ts';
import { rowsOf, type Exec } from '../../db/client.ts';

export type DeliveryRow = {
  id: number;
  event: Delivery['event'];
  subject: string | null;
  state: Delivery['state'];
  attempts: number;
  status_code: number | null;
  response_ms: number | null;
  error: string | null;
  created_at: Date | string;
  delivered_at: Date | string | null;
  next_attempt_at: Date | string | null;
};

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function toDelivery(r: DeliveryRow): Delivery {
  return {
    id: Number(r.id),
    event: r.event,
    subject: r.subject ?? '',
    state: r.state,
    attempts: r.attempts,
    statusCode: r.status_code,
    responseMs: r.response_ms,
    error: r.error,
    createdAt: iso(r.created_at)!,
    deliveredAt: iso(r.delivered_at),
    // Only a delivery still waiting has a next attempt.
    nextAttemptAt: r.state === 'pending' ? iso(r.next_attempt_at) : null,
  };
}

/** The columns of DeliveryRow from deliveries `d` joined to their events `e`; an event's subject is in its data, in words. */
export const DELIVERY_COLUMNS = sql`d.id, e.type AS event, coalesce(e.data->>'subject', e.data->>'title', e.data->>'name') AS subject, d.state, d.attempts,
  d.status_code, d.response_ms, d.error, d.created_at, d.delivered_at, d.next_attempt_at`;

const ofTarget = (companyId: number, kind: DeliveryTarget, targetId: number): SQL =>
  sql`d.company_id = ${companyId} AND d.target_kind = ${kind} AND d.target_id = ${targetId}`;

export async function deliveryPage(db: Exec, companyId: number, kind: DeliveryTarget, targetId: number, page: number): Promise<DeliveryPage> {
  const limit = DELIVERY_PAGE_SIZE;
  const [items, [{ total }]] = await Promise.all([
    rowsOf<DeliveryRow>(
      db,
      sql`SELECT ${DELIVERY_COLUMNS} FROM deliveries d JOIN integration_events e ON e.id = d.event_id
          WHERE ${ofTarget(companyId, kind, targetId)} ORDER BY d.created_at DESC, d.id DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
    ),
    rowsOf<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM deliveries d WHERE ${ofTarget(companyId, kind, targetId)}`),
  ]);
  return { items: items.map(toDelivery), total, page, limit };
}

/** A lateral subquery of the last delivery (as JSON) of the targets `alias.id` of `kind`, for list reads. */
export const lastDeliverySql = (kind: DeliveryTarget, alias: string): SQL =>
  sql`(SELECT row_to_json(x) FROM (SELECT ${DELIVERY_COLUMNS} FROM deliveries d JOIN integration_events e ON e.id = d.event_id
        WHERE d.company_id = ${sql.raw(alias)}.company_id AND d.target_kind = ${kind} AND d.target_id = ${sql.raw(alias)}.id
        ORDER BY d.created_at DESC, d.id DESC LIMIT 1) x)`;
