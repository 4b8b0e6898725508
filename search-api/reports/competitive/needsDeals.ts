// Rep performance and impact: they stand on CRM deals, which the product does not hold yet, so they say so.
import type { Report } from '../../../contracts/reports.ts';
import type { ReportContext } from '../context.ts';
import { wordsOf } from '../words.ts';
import { base } from './shared.ts';

export function needsDeals(ctx: ReportContext, type: 'rep-performance' | 'impact'): Report {
  const w = wordsOf(ctx.language);
  const report = base(ctx, type);
  const link = { label: w('needs.connect'), to: '/integrations' };
  report.needs =
    type === 'rep-performance'
      ? { title: w('needs.repPerformance'), body: w('needs.repPerformanceBody'), link }
      : { title: w('needs.impact'), body: w('needs.impactBody'), link };
  return report;
}
