// The sections of the company settings screen, their paths and who may open them: /settings shows the
// first section the user may open, /settings/{path} a given one. Admins see every section; curators see
// the ones that are theirs to run (rival groups, search synonyms).
export const SETTINGS_SECTIONS = [
  { key: 'company', path: 'company', admin: true },
  { key: 'users', path: 'users', admin: true },
  { key: 'sso', path: 'single-sign-on', admin: true },
  { key: 'scim', path: 'provisioning', admin: true },
  { key: 'visibilityGroups', path: 'visibility-groups', admin: true },
  { key: 'rivalGroups', path: 'rival-groups', admin: false },
  { key: 'features', path: 'features', admin: true },
  { key: 'ask', path: 'ask', admin: true },
  { key: 'digest', path: 'digest', admin: true },
  { key: 'synonyms', path: 'synonyms', admin: false },
  { key: 'apiTokens', path: 'api-tokens', admin: true },
  { key: 'audit', path: 'audit-log', admin: true },
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number]['key'];

export const SETTINGS_PATH = '/settings';

const entry = (section: SettingsSection) => SETTINGS_SECTIONS.find((s) => s.key === section)!;
export const sectionPath = (section: SettingsSection): string => `${SETTINGS_PATH}/${entry(section).path}`;

/** The sections a user may open, in screen order. */
export const sectionsFor = (admin: boolean): SettingsSection[] => SETTINGS_SECTIONS.filter((s) => admin || !s.admin).map((s) => s.key);

/**
 * What a path below /settings shows: a section ('' is the first one the user may open), 'notAuthorized'
 * for an admin section a curator asks for, 'notFound' for a path that names no section.
 */
export function sectionOf(rest: string, admin: boolean): SettingsSection | 'notAuthorized' | 'notFound' {
  const path = rest.replace(/^\/+|\/+$/g, '');
  if (!path) return sectionsFor(admin)[0];
  const found = SETTINGS_SECTIONS.find((s) => s.path === path);
  if (!found) return 'notFound';
  return found.admin && !admin ? 'notAuthorized' : found.key;
}

/** Whether a pathname is this section's own path (leaving it is leaving the section). */
export const isSettingsPath = (pathname: string, section: SettingsSection): boolean => (pathname.replace(/\/+$/, '') || '/') === sectionPath(section);
