// SCIM Groups (RFC 7643 §4.2) are the company's visibility groups: displayName their name, members their members.
// Writes go through the visibility group service (company/visibilityGroups.ts) an admin's do, so a group pushed by
// the identity provider is audited and deleted with the same consequences; every member id is checked to be one of
// the company's users before anything is written.
import { sql, type SQL } from 'drizzle-orm';
import { SCIM_SCHEMAS, type ScimGroupBody } from '../../contracts/scim.ts';
import { rowsOf, type Db, type Exec } from '../../db/client.ts';
import { changeMembers, createVisibilityGroup, deleteVisibilityGroup, renameVisibilityGroup } from '../company/visibilityGroups.ts';
import { invalidValue, notFound } from './errors.ts';
import { filterSql, type AttrTable } from './filter.ts';
import { listResponse, project, wanted, type Projection, type ScimListQuery } from './list.ts';
import { scimActor } from './users.ts';

type GroupRecord = { id: number; displayName: string; externalId: string | null; createdAt: Date; lastModified: Date; members?: { value: string; display: string }[] };

const GROUP_ATTRS: AttrTable = {
  id: { type: 'string', expr: sql`g.id::text`, caseExact: true },
  displayname: { type: 'string', expr: sql`g.name` },
  externalid: { type: 'string', expr: sql`sg.external_id`, caseExact: true, nullable: true },
  members: {
    type: 'complex',
    some: (c) => sql`EXISTS (SELECT 1 FROM visibility_group_members m JOIN users mu ON mu.id = m.user_id WHERE m.visibility_group_id = g.id AND ${c})`,
    sub: { value: { type: 'string', expr: sql`m.user_id::text`, caseExact: true }, display: { type: 'string', expr: sql`mu.name` } },
  },
  'meta.created': { type: 'dateTime', expr: sql`g.created_at` },
  'meta.lastmodified': { type: 'dateTime', expr: sql`coalesce(sg.updated_at, g.created_at)` },
};

const FROM_GROUPS = sql`FROM visibility_groups g LEFT JOIN scim_groups sg ON sg.visibility_group_id = g.id`;

/** Members are read only when asked for: Entra ID lists groups with excludedAttributes=members. */
async function selectGroups(db: Exec, companyId: number, where: SQL, withMembers: boolean, page = sql``): Promise<GroupRecord[]> {
  const members = withMembers
    ? sql`, coalesce((SELECT json_agg(json_build_object('value', u.id::text, 'display', u.name) ORDER BY u.id)
            FROM visibility_group_members m JOIN users u ON u.id = m.user_id WHERE m.visibility_group_id = g.id), '[]') AS members`
    : sql``;
  return rowsOf<GroupRecord>(
    db,
    sql`SELECT g.id, g.name AS "displayName", sg.external_id AS "externalId", g.created_at AS "createdAt",
          coalesce(sg.updated_at, g.created_at) AS "lastModified" ${members}
        ${FROM_GROUPS} WHERE g.company_id = ${companyId} AND (${where}) ORDER BY g.id ${page}`,
  );
}

function toScimGroup(r: GroupRecord, baseUrl: string) {
  return {
    schemas: [SCIM_SCHEMAS.group],
    id: String(r.id),
    ...(r.externalId ? { externalId: r.externalId } : {}),
    displayName: r.displayName,
    ...(r.members ? { members: r.members } : {}),
    meta: { resourceType: 'Group', created: new Date(r.createdAt).toISOString(), lastModified: new Date(r.lastModified).toISOString(), location: `${baseUrl}/Groups/${r.id}` },
  };
}
type ScimGroup = ReturnType<typeof toScimGroup>;

async function readRecord(db: Exec, companyId: number, id: string, withMembers = true): Promise<GroupRecord> {
  const [row] = /^\d{1,9}$/.test(id) ? await selectGroups(db, companyId, sql`g.id = ${Number(id)}`, withMembers) : [];
  if (!row) throw notFound('Group', id);
  return row;
}

export async function getGroup(db: Exec, companyId: number, id: string, baseUrl: string, p: Projection = {}) {
  return project(toScimGroup(await readRecord(db, companyId, id, wanted(p, 'members')), baseUrl), p);
}

export async function listGroups(db: Exec, companyId: number, q: ScimListQuery, baseUrl: string) {
  const where = q.filter ? filterSql(q.filter, GROUP_ATTRS) : sql`true`;
  const [{ total }] = await rowsOf<{ total: number }>(db, sql`SELECT count(*)::int AS total ${FROM_GROUPS} WHERE g.company_id = ${companyId} AND (${where})`);
  const rows = q.count ? await selectGroups(db, companyId, where, wanted(q, 'members'), sql`LIMIT ${q.count} OFFSET ${q.startIndex - 1}`) : [];
  return listResponse(rows.map((r) => project(toScimGroup(r, baseUrl), q)), total, q.startIndex);
}

/** The member ids of a body, each one of the company's users (400 invalidValue naming one that is not). */
async function memberIds(db: Exec, companyId: number, body: ScimGroupBody): Promise<number[]> {
  const ids = [...new Set((body.members ?? []).map((m) => Number(m.value)))];
  if (!ids.length) return [];
  const found = await rowsOf<{ id: number }>(db, sql`SELECT id FROM users WHERE company_id = ${companyId} AND id = ANY(${sql.param(ids)}::int[])`);
  const known = new Set(found.map((r) => r.id));
  const unknown = ids.find((id) => !known.has(id));
  if (unknown !== undefined) throw invalidValue(`members: ${unknown} is not the id of a user`);
  return ids;
}

async function keepScimState(db: Exec, companyId: number, groupId: number, externalId: string | null | undefined) {
  await db.execute(
    sql`INSERT INTO scim_groups (visibility_group_id, company_id, external_id, updated_at) VALUES (${groupId}, ${companyId}, ${externalId ?? null}, now())
        ON CONFLICT (visibility_group_id) DO UPDATE SET external_id = excluded.external_id, updated_at = now()`,
  );
}

export async function createGroup(db: Db, companyId: number, body: ScimGroupBody): Promise<number> {
  const members = await memberIds(db, companyId, body);
  const actor = scimActor(companyId);
  const { id } = await createVisibilityGroup(db, actor, body.displayName);
  if (members.length) await changeMembers(db, actor, id, { addUserIds: members, removeUserIds: [] });
  await keepScimState(db, companyId, id, body.externalId);
  return id;
}

/** The group as a PATCH starts from: its SCIM JSON without the read-only parts. */
export type PatchableGroup = Omit<ScimGroup, 'schemas' | 'id' | 'meta'>;

/**
 * Replaces a group's name, members and externalId with what `change` makes of the group as it is (a PUT's body, or
 * a PATCH's result); members absent stay as they are.
 */
export async function replaceGroup(db: Db, companyId: number, id: string, baseUrl: string, change: (group: PatchableGroup) => ScimGroupBody): Promise<void> {
  const before = await readRecord(db, companyId, id);
  const { schemas: _s, id: _id, meta: _m, ...patchable } = toScimGroup(before, baseUrl);
  const body = change(patchable);
  const actor = scimActor(companyId);
  const members = body.members ? await memberIds(db, companyId, body) : null;
  if (body.displayName !== before.displayName) await renameVisibilityGroup(db, actor, before.id, body.displayName);
  if (members) {
    const had = new Set((before.members ?? []).map((m) => Number(m.value)));
    const addUserIds = members.filter((m) => !had.has(m));
    const removeUserIds = [...had].filter((m) => !members.includes(m));
    if (addUserIds.length || removeUserIds.length) await changeMembers(db, actor, before.id, { addUserIds, removeUserIds });
  }
  await keepScimState(db, companyId, before.id, body.externalId);
}

export async function deleteGroup(db: Db, companyId: number, id: string): Promise<void> {
  await deleteVisibilityGroup(db, scimActor(companyId), (await readRecord(db, companyId, id, false)).id);
}
