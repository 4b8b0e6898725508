// What a webhook endpoint is sent: `{ type, timestamp, data }`, where data holds only what the endpoint's audience
// may see. The audience is a Viewer (search-api/visibility): everyone → a consumer in no group; groups → a consumer in
// those groups; all → a curator. It is checked twice: when an event is fanned out (a subject the audience may not see
// gets no delivery at all, so the log never names it), and when the payload is built at send time (a subject that has
// since become hidden, or is gone, fails the delivery with that reason, and nothing is sent).
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { rowsOf, type Exec } from '../../../db/client.ts';
import type { LoggedEvent, WebhookAudience } from '../../../contracts/integrations.ts';
import { battlecardVisibleSql, cardVisibleSql, intelPublishedSql, publishedOnly, type Viewer } from '../../visibility/index.ts';
import { deletedCard, readBattlecard, readCard, readDigest, readIntel, type DeletedCard } from '../subjects.ts';

export type EventRow = { id: number; companyId: number; type: LoggedEvent; subjectId: number; data: Record<string, unknown>; createdAt: Date };
export type AudienceOf = { companyId: number; audience: WebhookAudience; visibilityGroupIds: number[] };

export function audienceViewer(e: AudienceOf): Viewer {
  return {
    companyId: e.companyId,
    curator: e.audience === 'all',
    visibilityGroupIds: e.audience === 'groups' ? e.visibilityGroupIds : [],
    previewGroupId: null,
  };
}

/** The events of one company the viewer may see now (one query per event type). */
export async function visibleEvents(db: Exec, v: Viewer, events: EventRow[]): Promise<Set<number>> {
  const visible = new Set<number>();
  const ids = (types: LoggedEvent[]) => events.filter((e) => types.includes(e.type)).map((e) => e.subjectId);
  const subjects = async (types: LoggedEvent[], query: (ids: number[]) => ReturnType<typeof sql>) => {
    const wanted = ids(types);
    if (!wanted.length) return;
    const found = new Set((await rowsOf<{ id: number }>(db, query(wanted))).map((r) => r.id));
    for (const e of events) if (types.includes(e.type) && found.has(e.subjectId)) visible.add(e.id);
  };
  const param = (list: number[]) => sql`${sql.param(list)}::int[]`;
  await subjects(['intel.published'], (list) =>
    sql`SELECT i.id FROM intel_items i WHERE i.id = ANY(${param(list)}) AND i.company_id = ${v.companyId} ${publishedOnly(v) ? sql`AND ${intelPublishedSql('i')}` : sql``}`,
  );
  await subjects(['card.created', 'card.changed'], (list) => sql`SELECT c.id FROM cards c WHERE c.id = ANY(${param(list)}) AND ${cardVisibleSql(v, 'c')}`);
  await subjects(['battlecard.changed'], (list) => sql`SELECT bc.id FROM battlecards bc WHERE bc.id = ANY(${param(list)}) AND ${battlecardVisibleSql(v, 'bc')}`);
  for (const e of events) {
    if (e.type === 'digest.sent' || e.type === 'ping') visible.add(e.id);
    if (e.type === 'card.deleted' && deletedCard(v, e.subjectId, e.data as DeletedCard)) visible.add(e.id);
  }
  return visible;
}

export type Payload = { type: LoggedEvent; timestamp: string; data: Record<string, unknown> };

/** The payload for the viewer, or null when its subject is gone or hidden from the viewer. */
export async function webhookPayload(db: Exec, v: Viewer, appUrl: string, e: EventRow): Promise<Payload | null> {
  const data = await payloadData(db, v, appUrl, e);
  return data && { type: e.type, timestamp: e.createdAt.toISOString(), data };
}

async function payloadData(db: Exec, v: Viewer, appUrl: string, e: EventRow): Promise<Record<string, unknown> | null> {
  switch (e.type) {
    case 'ping':
      return { message: 'This is a test event sent from Rivalscope.', ...e.data };
    case 'intel.published': {
      const intel = await readIntel(db, v, appUrl, e.subjectId);
      if (!intel) return null;
      const { kind: _kind, ...rest } = intel;
      return { intel: rest };
    }
    case 'card.created':
    case 'card.changed': {
      const card = await readCard(db, v, appUrl, e.subjectId);
      return card && { card };
    }
    case 'card.deleted': {
      const card = deletedCard(v, e.subjectId, e.data as DeletedCard);
      return card && { card };
    }
    case 'battlecard.changed': {
      const battlecard = await readBattlecard(db, v, appUrl, e.subjectId);
      return battlecard && { battlecard };
    }
    case 'digest.sent': {
      const digest = await readDigest(db, v.companyId, appUrl, e.subjectId);
      if (!digest) return null;
      const { kind: _kind, ...rest } = digest;
      return { digest: rest };
    }
  }
}

/**
 * The Standard Webhooks headers of one attempt. The id is the delivery's, the same on every retry, so a receiver that
 * got an attempt whose answer was lost (or a redelivery after a crash) can tell it already has the message.
 */
export function signedHeaders(secret: string, deliveryId: number, body: string, at = new Date()): Record<string, string> {
  const id = `msg_${deliveryId}`;
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, at, body),
  };
}
