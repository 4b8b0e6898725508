/**
 * The areas of strings every screen may need, loaded before the first screen renders (index.ts); the others load
 * with the chunks that show them (areas/). bench/bundle.ts counts these in every first screen.
 */
export const CORE_AREAS = ['core', 'bookmarks', 'dashboardTools', 'notifications'] as const;

/**
 * Areas a page of its own reads without the translator, importing its languages' files directly: the public survey
 * page (web/survey.html, web/src/survey/strings.ts), which loads nothing else of the product.
 */
export const STANDALONE_AREAS = ['survey'] as const;
