// What every document builder shares: which rows to build (given ids for incremental indexing, or the
// next page of ids for a full reindex), the outbox version each document is written with, and the shape
// of a built document.
import { gt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { CompletionInput } from '../engine/port.ts';

/** Which rows to build: given ids, or the next page after an id. */
export type Selection = { ids: number[] } | { afterId: number; limit: number };

export type Ref = { id: number; name: string };
/** A completion field's value: its inputs and the audiences (scopes) it is suggested to. */
export type Completion = CompletionInput & { contexts: { scope: string[] } };
/** The visibility fields of cards and battlecards (analysis.ts `visibilityFields`). */
export type VisibilityDocFields = {
  company_id: number;
  /** Who the document is for (audiences.ts): what search filters on. */
  audiences: string[];
  isDraft: boolean;
  allAccess: boolean;
  visibilityGroupIds: number[];
};

export type BuiltDoc<Doc> = { id: number; version: number; doc: Doc };

/** The rows whose id column `id` a selection names. */
export function selected(id: AnyPgColumn, s: Selection): SQL {
  return 'ids' in s ? sql`${id} = ANY(${sql.param(s.ids)}::int[])` : gt(id, s.afterId);
}

/** A full reindex's page: in id order, `limit` rows; given ids are read as they come. */
export function pageOf<Q extends PgSelect>(query: Q, id: AnyPgColumn, s: Selection): Q {
  return 'ids' in s ? query : (query.orderBy(id).limit(s.limit) as Q);
}

/** The same page as the tail of a raw query (the bulk builders of intel and reviews, see intel.ts). */
export function pageTail(id: AnyPgColumn, s: Selection): SQL {
  return 'ids' in s ? sql`` : sql`ORDER BY ${id} LIMIT ${s.limit}`;
}

/** The outbox version of the document with id column `id` in `index` (0 when never marked). */
export const versionOf = (index: string, id: AnyPgColumn) =>
  sql<string>`coalesce((SELECT o.version FROM search_outbox o WHERE o.index = ${index} AND o.doc_id = ${id}), 0)`;

export const isoOrNull = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
