/**
 * The areas of strings every screen may need, loaded before the first screen renders (index.ts); the others load
 * with the chunks that show them (areas/). bench/bundle.ts counts these in every first screen.
 */
export const CORE_AREAS = ['core', 'bookmarks', 'dashboardTools', 'notifications'] as const;
