// Strings of an area that only some screens show: its module registers them when a screen that needs them
// loads (each file using the area's keys imports the area's module), so the first screen does not download
// them. The areas every screen may need stay in en.ts. areas.test.ts checks both rules.
// The instance as index.ts sets it up (its resource store exists only once it is initialised).
import i18n from './index.ts';

export function registerStrings(area: string, strings: Record<string, unknown>): void {
  i18n.addResourceBundle('en', 'translation', { [area]: strings }, true, true);
}
