// What every document builder shares: which rows to build (given ids for incremental indexing, or the
// next page of ids for a full reindex), the outbox version each document is written with, and the shape
// of a built document.
import { sql, type SQL } from 'drizzle-orm';
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

/** The rows of `alias` a selection names. */
export function selected(alias: string, s: Selection): SQL {
  return 'ids' in s ? sql`${sql.raw(alias)}.id = ANY(${sql.param(s.ids)}::int[])` : sql`${sql.raw(alias)}.id > ${s.afterId}`;
}

/** A full reindex's page: in id order, `limit` rows. */
export function pageOf(alias: string, s: Selection): SQL {
  return 'ids' in s ? sql`` : sql`ORDER BY ${sql.raw(alias)}.id LIMIT ${s.limit}`;
}

/** The outbox version of row `alias` in `index` (0 when never marked), as column `version`. */
export const versionColumn = (index: string, alias: string) =>
  sql`coalesce((SELECT o.version FROM search_outbox o WHERE o.index = ${index} AND o.doc_id = ${sql.raw(alias)}.id), 0) AS version`;

export const isoOrNull = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
export const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
