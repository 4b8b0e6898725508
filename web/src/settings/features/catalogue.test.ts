// Every flag of the catalogue and every settings section is named and explained on screen.
import { describe, expect, it } from 'vitest';
import { FEATURE_FLAGS, FLAG_GROUPS } from '../../../../contracts/settings.ts';
import companySettings from '../../i18n/locales/en/companySettings.ts';
import { SETTINGS_SECTIONS } from '../sections.ts';

describe('settings strings', () => {
  const strings = companySettings;
  it('names and describes every feature flag and group', () => {
    const flags = strings.features.flags as Record<string, { name: string; description: string }>;
    expect(Object.keys(flags).sort()).toEqual(FEATURE_FLAGS.map((f) => f.name).sort());
    for (const f of FEATURE_FLAGS) {
      expect(flags[f.name].name.length).toBeGreaterThan(3);
      expect(flags[f.name].description).toMatch(/\.$/);
    }
    expect(Object.keys(strings.features.groups).sort()).toEqual([...FLAG_GROUPS].sort());
  });

  it('names every section', () => {
    const sections = strings.sections as Record<string, { name: string; hint: string }>;
    expect(Object.keys(sections).sort()).toEqual(SETTINGS_SECTIONS.map((s) => s.key).sort());
  });
});
