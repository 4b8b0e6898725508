// What the competitive reports share: the counting rules below, the SQL and number formats that apply them, the
// links of their rows, and each rival's intel in the period.
//
// Counting rules, shared by every builder here:
// - Every query is scoped by ctx.companyId, on every table it reads.
// - An intel item counts when its state is not 'deleted' and it was created in [from, to). Per rival, an item counts
//   once for each rival it names (intel_rivals), so per-rival figures may add up to more than the item count.
//   Related alerts are intel items too and count like any other.
// - Template rivals and profiles are left out everywhere: they are patterns curators clone, not competitors, and
//   their placeholder cards are not content anyone maintains. Draft rivals (and draft profiles) are kept: they are
//   real competitors being prepared, their intel is real intel, and the hygiene tables are curators' to-do lists
//   for exactly that preparation; their rows say "Draft rival" so a reader can tell them apart.
// - A card on a Scratchpad board is a curator's note that no reader sees: hygiene leaves it out of the stale and
//   unsourced lists. Draft cards are kept and marked "Draft card".
import { sql, type SQL } from 'drizzle-orm';
import { SCRATCHPAD } from '../../../contracts/cards.ts';
import type { Report, ReportColumn } from '../../../contracts/reports.ts';
import { rowsOf } from '../../../db/client.ts';
import { reportBase, type ReportContext } from '../context.ts';
import type { Words } from '../words.ts';

export type CompetitiveReportType = 'overview' | 'threat-analysis' | 'data-hygiene' | 'rep-performance' | 'impact';

const REPORT_ID = 'competitive-analytics' as const;
/** Bars of the threat score chart, and of the drill-down's topics chart. */
export const CHART_MAX_BARS = 12;

type Window = { from: Date; to: Date };
export const ts = (d: Date): SQL => sql`${d.toISOString()}::timestamptz`;
export const within = (col: SQL, w: Window): SQL => sql`(${col} >= ${ts(w.from)} AND ${col} < ${ts(w.to)})`;
/** Intel item i counts: not deleted. */
export const intelCounted = sql`i.state <> 'deleted'`;
/** Rival r and profile p are not templates. */
export const notTemplate = (r: string, p?: string): SQL =>
  sql.raw(p ? `NOT ${r}.is_template AND NOT ${p}.is_template` : `NOT ${r}.is_template`);
export const isScratchpad = (b: string): SQL => sql`(${sql.raw(b)}.name = ${SCRATCHPAD})`;

export const round = (x: number, digits = 4) => Math.round(x * 10 ** digits) / 10 ** digits;
export const share = (part: number, whole: number): number | null => (whole > 0 ? round(part / whole) : null);
/** Signed change (0.25 = +25 %); null when there was nothing before to compare with. */
export const change = (now: number, before: number): number | null => (before > 0 ? round((now - before) / before) : null);
/** A share as the whole percent the report's words name (0.4118 → 41). */
export const percent = (x: number) => Math.round(x * 100);
export const dayText = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString().slice(0, 10));

export const rivalDrillPath = (type: string, rivalId: number) => `/reports/${REPORT_ID}/${type}/rival-${rivalId}`;
export const cardPath = (profileId: number, cardId: number) => `/profile/${profileId}/view/card/${cardId}`;
export const rivalFeedPath = (rivalId: number) => `/alerts?view=allIntel&rivalIds=${rivalId}`;

export const col = (key: string, label: string, format: ReportColumn['format']): ReportColumn => ({ key, label, format });

export const base = (ctx: ReportContext, type: string): Report => reportBase(ctx, REPORT_ID, type);

export type RivalRow = { id: number; name: string; isDraft: boolean };

/** A rival's name as its row reads: "Alpha", or "Gamma (draft)". */
export const rivalName = (w: Words, r: Pick<RivalRow, 'name' | 'isDraft'>) => (r.isDraft ? w('common.draft', { name: r.name }) : r.name);

export const byName = (a: { name: string; id: number }, b: { name: string; id: number }) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id - b.id;

type RivalIntel = RivalRow & {
  items: number;
  published: number;
  important: number;
  prevItems: number;
  prevPublished: number;
  prevImportant: number;
};

/** Per rival: its intel mentions in the period and in the one before (rivals with none in either are absent). */
export async function intelByRival(ctx: ReportContext, rivalId?: number): Promise<RivalIntel[]> {
  const c = ctx.companyId;
  const cur = within(sql`i.created_at`, ctx.period);
  const prev = within(sql`i.created_at`, ctx.period.previous);
  return rowsOf<RivalIntel>(
    ctx.db,
    sql`SELECT r.id, r.name, r.is_draft AS "isDraft",
        count(*) FILTER (WHERE ${cur})::int AS items,
        count(*) FILTER (WHERE ${cur} AND i.published_at IS NOT NULL)::int AS published,
        count(*) FILTER (WHERE ${cur} AND i.priority = 'important')::int AS important,
        count(*) FILTER (WHERE ${prev})::int AS "prevItems",
        count(*) FILTER (WHERE ${prev} AND i.published_at IS NOT NULL)::int AS "prevPublished",
        count(*) FILTER (WHERE ${prev} AND i.priority = 'important')::int AS "prevImportant"
      FROM intel_rivals ir
      JOIN intel_items i ON i.id = ir.intel_id AND i.company_id = ${c}
      JOIN rivals r ON r.id = ir.rival_id AND r.company_id = ${c}
      WHERE ir.company_id = ${c} AND ${intelCounted} AND ${notTemplate('r')}
        AND i.created_at >= ${ts(ctx.period.previous.from)} AND i.created_at < ${ts(ctx.period.to)}
        ${rivalId === undefined ? sql`` : sql`AND r.id = ${rivalId}`}
      GROUP BY r.id, r.name, r.is_draft`,
  );
}
