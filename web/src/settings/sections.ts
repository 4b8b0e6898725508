// The sections of the company settings screen and their paths: /settings shows the first section,
// /settings/{section} a given one. Later sections join SETTINGS_SECTIONS (and SettingsPage's table).
export const SETTINGS_SECTIONS = ['synonyms'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

export const SETTINGS_PATH = '/settings';
export const sectionPath = (section: SettingsSection): string => `${SETTINGS_PATH}/${section}`;

/** The section a path below /settings names ('' is the first one); null when there is no such section. */
export function sectionOf(rest: string): SettingsSection | null {
  const path = rest.replace(/^\/+|\/+$/g, '');
  if (!path) return SETTINGS_SECTIONS[0];
  return (SETTINGS_SECTIONS as readonly string[]).includes(path) ? (path as SettingsSection) : null;
}

/** Whether a pathname shows this section (its own path, or /settings for the first one). */
export function isSettingsPath(pathname: string, section: SettingsSection): boolean {
  const p = pathname.replace(/\/+$/, '') || '/';
  if (p === sectionPath(section)) return true;
  return p === SETTINGS_PATH && SETTINGS_SECTIONS[0] === section;
}
