// Competitive analytics (issue #29, part 1 §2 Reports): what the intel feed, the reviews and the curated content
// say about the rivals, and how CRM deals went beside the use of each rival's content (deals.ts). Five report
// types, each in its module here, and one drill-down per rival (drillDown.ts); the counting rules they all follow
// are in shared.ts.
import type { Report } from '../../../contracts/reports.ts';
import type { ReportContext } from '../context.ts';
import { dataHygiene } from './hygiene.ts';
import { impact, repPerformance } from './deals.ts';
import { overview } from './overview.ts';
import type { CompetitiveReportType } from './shared.ts';
import { threatAnalysis } from './threat.ts';

export const competitiveReports: Record<CompetitiveReportType, (ctx: ReportContext) => Promise<Report>> = {
  overview,
  'threat-analysis': threatAnalysis,
  'data-hygiene': dataHygiene,
  'rep-performance': repPerformance,
  impact,
};
