// How the reports screens name a report. The server sends a report's id and type only: the web app words them, as
// the top bar's Measure menu does (reports.ids read as nav.items) and the tabs do (reports.types), so a report
// reads the same in the menu, the tab and the page. Pure; see names.test.ts.
import { REPORT_TYPES, type ReportId } from '../../../contracts/reports.ts';
import type { Translate } from '../i18n/index.ts';
import '../i18n/areas/reports.ts';

type Named = { id: ReportId; type: string; drill?: unknown };

/** A type's tab name; an unknown type (an old link) reads as itself rather than as a missing key. */
export const reportTypeName = (t: Translate, type: string) => t(`reports.types.${type}`, { defaultValue: type });

/**
 * The page's heading: a report's first type, and any drill-down, by the report's menu name ("Consumer usage"); a
 * later type by its tab's name ("Leaderboards"), the eyebrow above naming its report.
 */
export const reportTitle = (t: Translate, at: Named) =>
  at.drill || at.type === REPORT_TYPES[at.id][0] ? t(`reports.ids.${at.id}`) : reportTypeName(t, at.type);

/** The name where nothing beside it says which report: a back link, the window title ("Consumer usage · Leaderboards"). */
export function reportName(t: Translate, at: Named): string {
  const name = t(`reports.ids.${at.id}`);
  return at.type === REPORT_TYPES[at.id][0] ? name : `${name} · ${reportTypeName(t, at.type)}`;
}
