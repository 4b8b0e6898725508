// The delivery log of a target (a webhook endpoint or a chat route), as admins read it: newest first, each with what
// its event was about in words (read now, or kept by the event when the subject is gone).
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Exec } from '../../db/client.ts';
import { DELIVERY_PAGE_SIZE, type Delivery, type DeliveryPage, type DeliveryState, type DeliveryTarget, type LoggedEvent } from '../../contracts/integrations.ts';

export type DeliveryRow = {
  id: number;
  event: LoggedEvent;
  subject: string;
  state: DeliveryState;
  attempts: number;
  status_code: number | null;
  response_ms: number | null;
  error: string | null;
  created_at: unknown;
  delivered_at: unknown;
  next_attempt_at: unknown;
};

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

/** The subject of event e in words; an admin may read every name of their company. */
const SUBJECT = sql`coalesce(CASE
    WHEN e.type = 'intel.published' THEN (SELECT coalesce(nullif(i.curated_title, ''), i.title) FROM intel_items i WHERE i.id = e.subject_id)
    WHEN e.type IN ('card.created', 'card.changed') THEN (SELECT c.name FROM cards c WHERE c.id = e.subject_id)
    WHEN e.type = 'card.deleted' THEN e.data ->> 'name'
    WHEN e.type = 'battlecard.changed' THEN (SELECT bc.title FROM battlecards bc WHERE bc.id = e.subject_id)
    WHEN e.type = 'digest.sent' THEN (SELECT dg.title FROM email_digests dg WHERE dg.id = e.subject_id)
    WHEN e.type = 'ping' THEN coalesce(e.data ->> 'subject', 'Test event')
  END, 'Deleted')`;

const COLUMNS = sql`d.id, e.type AS event, ${SUBJECT} AS subject, d.state, d.attempts, d.status_code, d.response_ms, d.error,
    d.created_at, d.delivered_at, d.next_attempt_at`;
const FROM = sql`FROM deliveries d JOIN integration_events e ON e.id = d.event_id`;
const SELECT = sql`SELECT ${COLUMNS} ${FROM}`;

export const toDelivery = (r: DeliveryRow): Delivery => ({
  id: Number(r.id),
  event: r.event,
  subject: r.subject,
  state: r.state,
  attempts: r.attempts,
  statusCode: r.status_code,
  responseMs: r.response_ms,
  error: r.error,
  createdAt: iso(r.created_at)!,
  deliveredAt: iso(r.delivered_at),
  nextAttemptAt: r.state === 'pending' ? iso(r.next_attempt_at) : null,
});

const ofTarget = (companyId: number, kind: DeliveryTarget, targetId: number): SQL =>
  sql`d.company_id = ${companyId} AND d.target_kind = ${kind} AND d.target_id = ${targetId}`;

export async function deliveryPage(db: Exec, companyId: number, kind: DeliveryTarget, targetId: number, page: number): Promise<DeliveryPage> {
  const [items, [{ n }]] = await Promise.all([
    rowsOf<DeliveryRow>(db, sql`${SELECT} WHERE ${ofTarget(companyId, kind, targetId)} ORDER BY d.created_at DESC, d.id DESC LIMIT ${DELIVERY_PAGE_SIZE} OFFSET ${(page - 1) * DELIVERY_PAGE_SIZE}`),
    rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM deliveries d WHERE ${ofTarget(companyId, kind, targetId)}`),
  ]);
  return { items: items.map(toDelivery), total: n, page, limit: DELIVERY_PAGE_SIZE };
}

export async function readDelivery(db: Exec, id: number): Promise<Delivery> {
  const [row] = await rowsOf<DeliveryRow>(db, sql`${SELECT} WHERE d.id = ${id}`);
  return toDelivery(row);
}

/** The latest delivery of each target of a kind, by target id. */
export async function lastDeliveries(db: Exec, companyId: number, kind: DeliveryTarget, targetIds: number[]): Promise<Map<number, Delivery>> {
  if (!targetIds.length) return new Map();
  const rows = await rowsOf<DeliveryRow & { target_id: number }>(
    db,
    sql`SELECT DISTINCT ON (d.target_id) d.target_id, ${COLUMNS} ${FROM}
        WHERE d.company_id = ${companyId} AND d.target_kind = ${kind} AND d.target_id = ANY(${sql.param(targetIds)}::int[])
        ORDER BY d.target_id, d.created_at DESC, d.id DESC`,
  );
  return new Map(rows.map((r) => [r.target_id, toDelivery(r)]));
}

/** A subquery of the last delivery (as JSON, a DeliveryRow) of the targets `alias.id` of `kind`, for list reads. */
export const lastDeliverySql = (kind: DeliveryTarget, alias: string): SQL =>
  sql`(SELECT row_to_json(x) FROM (${SELECT} WHERE d.company_id = ${sql.raw(alias)}.company_id AND d.target_kind = ${kind} AND d.target_id = ${sql.raw(alias)}.id
        ORDER BY d.created_at DESC, d.id DESC LIMIT 1) x)`;
