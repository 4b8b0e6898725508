// Rep performance and impact: they stand on CRM deals, which the product does not hold yet, so they say so.
import type { Report } from '../../../contracts/reports.ts';
import type { ReportContext } from '../context.ts';
import { base, TITLES } from './shared.ts';

export function needsDeals(ctx: ReportContext, type: 'rep-performance' | 'impact'): Report {
  const report = base(ctx, type, TITLES[type]);
  const link = { label: 'Connect your CRM', to: '/integrations' };
  report.needs =
    type === 'rep-performance'
      ? {
          title: 'Rep performance needs closed deals',
          body:
            'This report ranks reps by their win rate against each rival and how often they opened battlecards in those deals. ' +
            'It needs closed deals (won or lost) from your CRM with the competitors field filled in. Connect the CRM integration ' +
            'and map its competitors field to your rivals; the report fills in as deals close.',
          link,
        }
      : {
          title: 'Impact needs closed deals',
          body:
            'This report compares win rates against each rival in deals where reps used Rivalscope content with deals where they did not. ' +
            'It needs closed deals from your CRM with their competitors field and their owner, so deals can be matched to the reps who read cards ' +
            'and battlecards. Connect the CRM integration to start collecting them.',
          link,
        };
  return report;
}
