// English strings of the quick switcher and competitor finder, registered under the key quickSwitcher by the files that show them.
import { registerStrings } from '../register.ts';

export const quickSwitcher = {
  title: 'Quick switcher',
  recentlyViewed: 'Recently viewed',
  noRecent: 'Profiles you open will show up here.',
  finderTitle: 'Competitor finder',
  finderPlaceholder: 'Find a competitor…',
  finderMinChars_one: 'Type at least {{count}} character.',
  finderMinChars_other: 'Type at least {{count}} characters.',
  finderNoMatch: 'No competitor matches “{{text}}”.',
  finderFailed: 'Competitors could not be searched. Try again in a moment.',
  finderResults: 'Matching competitors',
  dashboard: 'Competitor dashboard',
  overview: 'Overview',
};

registerStrings('quickSwitcher', quickSwitcher);
