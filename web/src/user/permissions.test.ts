import { describe, expect, it } from 'vitest';
import { admin, consumer, curator, makeCompany } from '../test/fixtures.ts';
import { badgeLabel, canUseKnowledgeHub, reportPathFor, initials, isCurator, isWinLossEnabled, recentProfiles } from './permissions.ts';

describe('roles', () => {
  it('counts an admin as a curator', () => {
    expect(isCurator(admin())).toBe(true);
    expect(isCurator(curator())).toBe(true);
    expect(isCurator(consumer())).toBe(false);
  });

  it('needs a flag plus curator role or consumer access for win/loss', () => {
    expect(isWinLossEnabled(curator(), makeCompany({ winLoss: true }))).toBe(true);
    expect(isWinLossEnabled(consumer(), makeCompany({ winLoss: true }))).toBe(false);
    expect(isWinLossEnabled(consumer({ userData: { isWinLossConsumerAccessEnabled: true } }), makeCompany({ winLoss: true }))).toBe(true);
    expect(isWinLossEnabled(curator(), makeCompany())).toBe(false);
  });

  it('keeps the knowledge hub for curators with the flag', () => {
    expect(canUseKnowledgeHub(curator(), makeCompany({ knowledgeHub: true }))).toBe(true);
    expect(canUseKnowledgeHub(consumer(), makeCompany({ knowledgeHub: true }))).toBe(false);
    expect(canUseKnowledgeHub(admin(), makeCompany())).toBe(false);
  });
});

describe('recentProfiles', () => {
  it('reads userData.recentlyViewed.profile, at most 5, skipping junk and duplicates', () => {
    const profile = [
      { id: 1, name: 'Acme', logo: null },
      { id: 'x', name: 'bad' },
      null,
      { id: 2, name: '', logo: 'https://x.test/a.png' },
      { id: 1, name: 'Acme again' },
      { id: 3, name: 'C' },
      { id: 4, name: 'D' },
      { id: 5, name: 'E' },
      { id: 6, name: 'F' },
    ];
    expect(recentProfiles({ recentlyViewed: { profile } })).toEqual([
      { id: 1, name: 'Acme', logo: null },
      { id: 2, name: '#2', logo: 'https://x.test/a.png' },
      { id: 3, name: 'C', logo: null },
      { id: 4, name: 'D', logo: null },
      { id: 5, name: 'E', logo: null },
    ]);
  });

  it('is empty when nothing was viewed', () => {
    expect(recentProfiles({})).toEqual([]);
    expect(recentProfiles(undefined)).toEqual([]);
    expect(recentProfiles({ recentlyViewed: { profile: 'nope' } })).toEqual([]);
  });
});

describe('badgeLabel', () => {
  it('caps the display at 99', () => {
    expect(badgeLabel(0)).toBeNull();
    expect(badgeLabel(-1)).toBeNull();
    expect(badgeLabel(7)).toBe('7');
    expect(badgeLabel(99)).toBe('99');
    expect(badgeLabel(100)).toBe('99+');
    expect(badgeLabel(NaN)).toBeNull();
  });
});

describe('initials', () => {
  it('takes first and last initials', () => {
    expect(initials('Ada Admin')).toBe('AA');
    expect(initials("Liam O'Connor")).toBe('LO');
    expect(initials('cher')).toBe('C');
    expect(initials('  ')).toBe('?');
  });
});

describe('measure reports', () => {
  const on = makeCompany({ reports: true });

  it('gives search analytics to admins and every curator with the reports feature', () => {
    expect(reportPathFor(admin(), on, 'search-analytics')).toBe('/reports/search-analytics');
    expect(reportPathFor(curator(), on, 'search-analytics')).toBe('/reports/search-analytics');
    expect(reportPathFor(consumer(), on, 'search-analytics')).toBeNull();
    expect(reportPathFor(consumer({ isImpersonating: true }), on, 'search-analytics')).toBe('/reports/search-analytics');
  });

  it('gives none without the reports feature or in win/loss-exclusive mode', () => {
    for (const report of ['consumer-usage', 'curator', 'competitive-analytics', 'search-analytics'] as const) {
      expect(reportPathFor(admin(), makeCompany(), report), report).toBeNull();
      expect(reportPathFor(admin({ isImpersonating: true }), makeCompany({ reports: true, winLossExclusive: true }), report), report).toBeNull();
    }
  });

  it('keeps the other reports behind their own flags for curators, and competitive analytics to the types part 1 §6 gives them', () => {
    expect(reportPathFor(curator(), on, 'consumer-usage')).toBeNull();
    expect(reportPathFor(curator(), makeCompany({ reports: true, consumerReportForCurators: true }), 'consumer-usage')).toBe('/reports/consumer-usage/overview');
    expect(reportPathFor(curator(), on, 'competitive-analytics')).toBeNull();
    expect(reportPathFor(curator(), makeCompany({ reports: true, craReportForCurators: true }), 'competitive-analytics')).toBe('/reports/competitive-analytics/threat-analysis');
    expect(reportPathFor(admin(), on, 'competitive-analytics')).toBe('/reports/competitive-analytics/overview');
    expect(reportPathFor(admin(), makeCompany({ reports: true }, { usageReports: { curator: false } }), 'curator')).toBeNull();
  });
});
