// The company's audit log (issue: who changed a flag, a role, a group, a user's state, and when).
// Every service that changes such a thing records it here in the same transaction as the change, so a
// change is never without its entry and an entry never without its change.
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** The database or one of its transactions. */
export type Tx = Pick<Db, 'insert'>;
import { auditEvents, users } from '../../db/schema.ts';
import type { z } from 'zod';
import type { AUDIT_TARGETS, AuditItem, AuditPage, AuditQuery } from '../../contracts/settings.ts';
import { containsPattern } from '../http/params.ts';

/** The kinds of thing an entry is about. */
export type AuditTarget = (typeof AUDIT_TARGETS)[number];

export type AuditEntry = {
  /** A dotted verb: 'user.role', 'user.deactivate', 'flag.set', 'visibilityGroup.create', … */
  action: string;
  targetType: AuditTarget;
  targetId?: number | null;
  /** The sentence an admin reads, e.g. "Changed Dana Ruiz's role from seller to curator". */
  summary: string;
  /** Values before and after, for the record. */
  detail?: Record<string, unknown>;
};

/**
 * Who makes a change: a user, or nobody (null) for the system and for an identity provider provisioning
 * through SCIM, whose entries' summaries end "by SCIM" so an admin reads where the change came from.
 */
export type Actor = { companyId: number; userId: number | null; via?: 'SCIM' };

/**
 * The actor of a change made by the signed-in user. Takes who is asking by shape (auth/context.ts's Auth fits it):
 * auth/ records a token's first use here, so this file imports nothing of auth/.
 */
export const actorOf = (auth: { companyId: number; user: { id: number } }): Actor => ({ companyId: auth.companyId, userId: auth.user.id });

/** Records one change made by `actor`. Pass the transaction that makes the change. */
export async function recordAudit(db: Tx, actor: Actor, entry: AuditEntry): Promise<void> {
  await db.insert(auditEvents).values({
    companyId: actor.companyId,
    actorUserId: actor.userId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    summary: actor.via ? `${entry.summary} by ${actor.via}` : entry.summary,
    detail: entry.detail ?? {},
  });
}


/** The company's entries, newest first, searchable by summary, action or actor name. */
export async function listAudit(db: Db, companyId: number, q: z.output<typeof AuditQuery>): Promise<AuditPage> {
  const filters: (SQL | undefined)[] = [eq(auditEvents.companyId, companyId)];
  if (q.targetType) filters.push(eq(auditEvents.targetType, q.targetType));
  if (q.query) {
    const like = containsPattern(q.query);
    filters.push(or(ilike(auditEvents.summary, like), ilike(auditEvents.action, like), ilike(users.name, like)));
  }
  const where = and(...filters);
  const [{ total }] = await db.select({ total: count() }).from(auditEvents).leftJoin(users, eq(users.id, auditEvents.actorUserId)).where(where);
  const rows = await db
    .select({
      id: auditEvents.id,
      action: auditEvents.action,
      targetType: auditEvents.targetType,
      targetId: auditEvents.targetId,
      summary: auditEvents.summary,
      detail: auditEvents.detail,
      createdAt: auditEvents.createdAt,
      actorId: users.id,
      actorName: users.name,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorUserId))
    .where(where)
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return {
    items: rows.map(({ actorId, actorName, createdAt, ...r }): AuditItem => ({
      ...r,
      targetType: r.targetType as AuditTarget,
      createdAt: createdAt.toISOString(),
      actor: actorId === null ? null : { id: actorId, name: actorName! },
    })),
    total,
    page: q.page,
    limit: q.limit,
  };
}
