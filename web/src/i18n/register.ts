// Strings of an area that only some screens show: its module registers them when a screen that needs them
// loads (each file using the area's keys imports the area's module), so the first screen does not download
// them. The areas every screen may need stay in en.ts. areas.test.ts checks both rules.
import i18n from './index.ts';

export function registerStrings(area: string, strings: Parameters<typeof i18n.addStrings>[2]): void {
  i18n.addStrings('en', area, strings);
}
