import { describe, expect, it } from 'vitest';
import { isSettingsPath, sectionOf, sectionPath, sectionsFor } from './sections.ts';

describe('settings sections', () => {
  it('opens the first section a user may open at /settings', () => {
    expect(sectionOf('', true)).toBe('company');
    expect(sectionOf('/', false)).toBe('rivalGroups');
  });

  it('keeps admin sections from curators and unknown paths from everyone', () => {
    expect(sectionOf('audit-log', true)).toBe('audit');
    expect(sectionOf('/visibility-groups/', true)).toBe('visibilityGroups');
    expect(sectionOf('audit-log', false)).toBe('notAuthorized');
    expect(sectionOf('synonyms', false)).toBe('synonyms');
    expect(sectionOf('nope', true)).toBe('notFound');
    expect(sectionsFor(false)).toEqual(['rivalGroups', 'synonyms']);
    expect(sectionsFor(true)).toHaveLength(10);
  });

  it('names each section by its own path', () => {
    expect(sectionPath('visibilityGroups')).toBe('/settings/visibility-groups');
    expect(isSettingsPath('/settings/synonyms/', 'synonyms')).toBe(true);
    expect(isSettingsPath('/settings', 'synonyms')).toBe(false);
  });
});
