// SCIM Users (RFC 7643 §4.1) over the company's users. userName is the user's username, the primary (or first) email
// their email, displayName their name; active is "not deactivated", and deactivating goes through the same
// service as an admin's (users/changes.ts), so sessions end at once. A user SCIM creates is a consumer (no role)
// without a password: they sign in through the company's identity provider, or an admin invites them.
import { sql, type SQL } from 'drizzle-orm';
import { digestDefaultsOf } from '../../contracts/settings.ts';
import { SCIM_SCHEMAS, type ScimUserBody } from '../../contracts/scim.ts';
import { rowsOf, type Db, type Exec } from '../../db/client.ts';
import type { CompanyData } from '../../db/schema.ts';
import { recordAudit, type Actor } from '../audit/service.ts';
import { lockCompany } from '../ownership.ts';
import { setUserActive, type Writer } from '../users/changes.ts';
import { invalidValue, notFound, ScimError } from './errors.ts';
import { filterSql, type AttrTable } from './filter.ts';
import { listResponse, project, type Projection, type ScimListQuery } from './list.ts';

/** What SCIM changes is recorded as the identity provider's: no user, "by SCIM". */
export const scimActor = (companyId: number): Actor => ({ companyId, userId: null, via: 'SCIM' });

type UserRecord = {
  id: number;
  userName: string;
  name: string;
  firstName: string | null;
  email: string;
  active: boolean;
  externalId: string | null;
  createdAt: Date;
  lastModified: Date;
  groups: { value: string; display: string }[];
};

const USER_ATTRS: AttrTable = {
  id: { type: 'string', expr: sql`u.id::text`, caseExact: true },
  username: { type: 'string', expr: sql`u.username` },
  displayname: { type: 'string', expr: sql`u.name` },
  'name.formatted': { type: 'string', expr: sql`u.name` },
  'name.givenname': { type: 'string', expr: sql`u.first_name`, nullable: true },
  externalid: { type: 'string', expr: sql`su.external_id`, caseExact: true, nullable: true },
  active: { type: 'boolean', expr: sql`u.deactivated_at IS NULL` },
  // One email per user, the primary work one.
  emails: {
    type: 'complex',
    some: (c) => c,
    sub: { value: { type: 'string', expr: sql`u.email` }, type: { type: 'string', expr: sql`'work'` }, primary: { type: 'boolean', expr: sql`true` } },
  },
  groups: {
    type: 'complex',
    some: (c) => sql`EXISTS (SELECT 1 FROM visibility_group_members m JOIN visibility_groups g ON g.id = m.visibility_group_id WHERE m.user_id = u.id AND ${c})`,
    sub: { value: { type: 'string', expr: sql`g.id::text`, caseExact: true }, display: { type: 'string', expr: sql`g.name` } },
  },
  'meta.created': { type: 'dateTime', expr: sql`u.created_at` },
  'meta.lastmodified': { type: 'dateTime', expr: sql`coalesce(su.updated_at, u.created_at)` },
};

const FROM_USERS = sql`FROM users u LEFT JOIN scim_users su ON su.user_id = u.id`;

async function selectUsers(db: Exec, companyId: number, where: SQL, page = sql``): Promise<UserRecord[]> {
  return rowsOf<UserRecord>(
    db,
    sql`SELECT u.id, u.username AS "userName", u.name, u.first_name AS "firstName", u.email, u.deactivated_at IS NULL AS active,
          su.external_id AS "externalId", u.created_at AS "createdAt", coalesce(su.updated_at, u.created_at) AS "lastModified",
          coalesce((SELECT json_agg(json_build_object('value', g.id::text, 'display', g.name) ORDER BY g.view_order, g.id)
            FROM visibility_group_members m JOIN visibility_groups g ON g.id = m.visibility_group_id WHERE m.user_id = u.id), '[]') AS groups
        ${FROM_USERS} WHERE u.company_id = ${companyId} AND (${where}) ORDER BY u.id ${page}`,
  );
}

/** The family name is not kept apart: it is what follows the given name in the name, when the name starts with it. */
function nameOf(r: UserRecord) {
  const familyName = r.firstName && r.name.startsWith(`${r.firstName} `) ? r.name.slice(r.firstName.length + 1) : null;
  return { formatted: r.name, ...(r.firstName ? { givenName: r.firstName } : {}), ...(familyName ? { familyName } : {}) };
}

function toScimUser(r: UserRecord, baseUrl: string) {
  return {
    schemas: [SCIM_SCHEMAS.user],
    id: String(r.id),
    ...(r.externalId ? { externalId: r.externalId } : {}),
    userName: r.userName,
    name: nameOf(r),
    displayName: r.name,
    emails: [{ value: r.email, type: 'work', primary: true }],
    active: r.active,
    groups: r.groups,
    meta: { resourceType: 'User', created: new Date(r.createdAt).toISOString(), lastModified: new Date(r.lastModified).toISOString(), location: `${baseUrl}/Users/${r.id}` },
  };
}
export type ScimUser = ReturnType<typeof toScimUser>;

/** A path id that is not a user id is a user that is not there. */
const userIdOf = (id: string) => (/^\d{1,9}$/.test(id) ? Number(id) : null);

async function readRecord(db: Exec, companyId: number, id: string): Promise<UserRecord> {
  const userId = userIdOf(id);
  const [row] = userId ? await selectUsers(db, companyId, sql`u.id = ${userId}`) : [];
  if (!row) throw notFound('User', id);
  return row;
}

export async function getUser(db: Exec, companyId: number, id: string, baseUrl: string, p: Projection = {}) {
  return project(toScimUser(await readRecord(db, companyId, id), baseUrl), p);
}

export async function listUsers(db: Exec, companyId: number, q: ScimListQuery, baseUrl: string) {
  const where = q.filter ? filterSql(q.filter, USER_ATTRS) : sql`true`;
  const [{ total }] = await rowsOf<{ total: number }>(db, sql`SELECT count(*)::int AS total ${FROM_USERS} WHERE u.company_id = ${companyId} AND (${where})`);
  const rows = q.count ? await selectUsers(db, companyId, where, sql`LIMIT ${q.count} OFFSET ${q.startIndex - 1}`) : [];
  return listResponse(rows.map((r) => project(toScimUser(r, baseUrl), q)), total, q.startIndex);
}

/** The columns a SCIM user body sets; the name follows a changed given or family name unless displayName changed too. */
function columnsOf(body: ScimUserBody, before: UserRecord | null) {
  const emails = body.emails ?? [];
  const email = (emails.find((e) => e.primary) ?? emails.find((e) => e.type === 'work') ?? emails[0])?.value ?? (/^[^\s@]+@[^\s@]+$/.test(body.userName) ? body.userName.toLowerCase() : null);
  if (!email) throw invalidValue('emails: a user needs an email address (give emails, or a userName that is one)');
  const joined = [body.name?.givenName, body.name?.familyName].filter(Boolean).join(' ');
  const nameChanged = before && joined && joined !== before.name && body.displayName === before.name;
  const name = (nameChanged ? joined : body.displayName || body.name?.formatted || joined || body.userName).slice(0, 200);
  return { username: body.userName, email, name, firstName: body.name?.givenName || name.split(/\s+/)[0] || null };
}

/** 409 uniqueness for a userName another user of the company has, or an email any other account has; 400 for an email outside the company's domains. */
async function requireFree(tx: Exec, companyId: number, cols: { username: string; email: string }, exceptId: number) {
  const [taken] = await rowsOf<{ field: string }>(
    tx,
    sql`SELECT CASE WHEN company_id = ${companyId} AND lower(username) = lower(${cols.username}) THEN 'userName' ELSE 'email' END AS field
        FROM users WHERE id <> ${exceptId} AND ((company_id = ${companyId} AND lower(username) = lower(${cols.username})) OR lower(email) = ${cols.email})
        LIMIT 1`,
  );
  if (taken) throw new ScimError(409, taken.field === 'userName' ? `userName ${cols.username} is already taken` : `email ${cols.email} already has an account`, 'uniqueness');
  const [{ domains }] = await rowsOf<{ domains: string[] }>(tx, sql`SELECT email_domains AS domains FROM companies WHERE id = ${companyId}`);
  const domain = cols.email.slice(cols.email.lastIndexOf('@') + 1);
  if (domains.length && !domains.some((d) => d.toLowerCase() === domain)) throw invalidValue(`emails: ${cols.email} is not an address at ${domains.join(' or ')}`);
}

async function keepScimState(tx: Writer, companyId: number, userId: number, externalId: string | null | undefined) {
  await tx.execute(
    sql`INSERT INTO scim_users (user_id, company_id, external_id, updated_at) VALUES (${userId}, ${companyId}, ${externalId ?? null}, now())
        ON CONFLICT (user_id) DO UPDATE SET external_id = excluded.external_id, updated_at = now()`,
  );
}

export async function createUser(db: Db, companyId: number, body: ScimUserBody): Promise<number> {
  const cols = columnsOf(body, null);
  return db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    await requireFree(tx, companyId, cols, 0);
    const [{ companyData }] = await rowsOf<{ companyData: CompanyData }>(tx, sql`SELECT company_data AS "companyData" FROM companies WHERE id = ${companyId}`);
    const [{ id }] = await rowsOf<{ id: number }>(
      tx,
      sql`INSERT INTO users (company_id, username, name, first_name, email, email_digest, deactivated_at)
          VALUES (${companyId}, ${cols.username}, ${cols.name}, ${cols.firstName}, ${cols.email}, ${digestDefaultsOf(companyData).newUsersReceive},
                  ${body.active === false ? sql`now()` : null})
          RETURNING id`,
    );
    await keepScimState(tx, companyId, id, body.externalId);
    await recordAudit(tx, scimActor(companyId), {
      action: 'user.create',
      targetType: 'user',
      targetId: id,
      summary: `Created ${cols.name} (${cols.email}) as consumer${body.active === false ? ', deactivated' : ''}`,
      detail: { userName: cols.username, externalId: body.externalId ?? null },
    });
    return id;
  });
}

/** The user as a PATCH starts from: its SCIM JSON without the read-only parts. */
export type PatchableUser = Omit<ScimUser, 'schemas' | 'id' | 'meta' | 'groups'>;

/**
 * Replaces a user's attributes with what `change` makes of the user as it is (a PUT's body, or a PATCH's result),
 * read and written in one transaction under the company lock, so two changes at once do not undo each other: the
 * changed columns, the externalId, and the state when `active` is given (absent, it stays as it is).
 */
export async function replaceUser(db: Db, companyId: number, id: string, baseUrl: string, change: (user: PatchableUser) => ScimUserBody): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    const before = await readRecord(tx, companyId, id);
    const { schemas: _s, id: _id, meta: _m, groups: _g, ...patchable } = toScimUser(before, baseUrl);
    const body = change(patchable);
    const cols = columnsOf(body, before);
    await requireFree(tx, companyId, cols, before.id);
    const was = { username: before.userName, email: before.email, name: before.name, firstName: before.firstName };
    const changed = (Object.keys(cols) as (keyof typeof cols)[]).filter((k) => cols[k] !== was[k]);
    if (changed.length) {
      await tx.execute(sql`UPDATE users SET username = ${cols.username}, email = ${cols.email}, name = ${cols.name}, first_name = ${cols.firstName} WHERE id = ${before.id}`);
      await recordAudit(tx, scimActor(companyId), {
        action: 'user.update',
        targetType: 'user',
        targetId: before.id,
        summary: `Changed ${cols.name}'s ${changed.join(', ')}`,
        detail: { from: Object.fromEntries(changed.map((k) => [k, was[k]])), to: Object.fromEntries(changed.map((k) => [k, cols[k]])) },
      });
    }
    await keepScimState(tx, companyId, before.id, body.externalId);
    if (body.active !== undefined) await setUserActive(tx, scimActor(companyId), before.id, body.active);
  });
}

/** DELETE deactivates: the user and what they wrote stay, as an admin's deactivation leaves them. */
export const deleteUser = (db: Db, companyId: number, id: string) =>
  db.transaction(async (tx) => setUserActive(tx, scimActor(companyId), (await readRecord(tx, companyId, id)).id, false));
