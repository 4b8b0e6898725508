// English strings of the quick switcher and competitor finder.
export default {
  title: 'Quick switcher',
  recentlyViewed: 'Recently viewed',
  noRecent: 'Profiles you open will show up here.',
  finderTitle: 'Competitor finder',
  finderPlaceholder: 'Find a competitor…',
  finderMinChars: '{count, plural, one {Type at least # character.} other {Type at least # characters.}}',
  finderNoMatch: 'No competitor matches “{text}”.',
  finderFailed: 'Competitors could not be searched. Try again in a moment.',
  finderResults: 'Matching competitors',
  dashboard: 'Competitor dashboard',
  overview: 'Overview',
};
