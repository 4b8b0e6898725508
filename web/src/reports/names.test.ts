import { afterAll, describe, expect, it } from 'vitest';
import { REPORT_IDS, REPORT_TYPES } from '../../../contracts/reports.ts';
import { changeLanguage, i18nReady, loadArea, t } from '../i18n/index.ts';
import { reportName, reportTitle } from './names.ts';

await i18nReady();
await loadArea('reports');
afterAll(() => changeLanguage('en'));

/** The top bar's Measure item of each report (nav/navModel.ts). */
const MENU_ITEMS = {
  'consumer-usage': 'consumerUsage',
  curator: 'curatorActivity',
  'competitive-analytics': 'competitiveAnalytics',
  'search-analytics': 'searchAnalytics',
} as const;

describe('report names', () => {
  for (const language of ['en', 'de']) {
    it(`title each report as the menu names it, in ${language}`, async () => {
      await changeLanguage(language);
      for (const id of REPORT_IDS) expect(reportTitle(t, { id, type: REPORT_TYPES[id][0] }), id).toBe(t(`nav.items.${MENU_ITEMS[id]}`));
    });
  }

  it('title a later type by its tab and a drill-down by its report; name both in full where nothing else says which', async () => {
    await changeLanguage('de');
    expect(reportTitle(t, { id: 'competitive-analytics', type: 'threat-analysis' })).toBe('Bedrohungsanalyse');
    expect(reportTitle(t, { id: 'competitive-analytics', type: 'threat-analysis', drill: { report: 'rival-3' } })).toBe('Wettbewerbsanalyse');
    expect(reportName(t, { id: 'consumer-usage', type: 'leaderboards' })).toBe('Mitgliedernutzung · Ranglisten');
    expect(reportName(t, { id: 'curator', type: 'overview' })).toBe('Kuratorenaktivität');
    await changeLanguage('en');
    expect(reportTitle(t, { id: 'consumer-usage', type: 'leaderboards', drill: { user: 4 } })).toBe('Consumer usage');
    // A type the web app does not know (an old link) reads as itself, not as a missing key.
    expect(reportName(t, { id: 'competitive-analytics', type: 'forecast' })).toBe('Competitive analytics · forecast');
  });
});
