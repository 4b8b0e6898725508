// How a chart's series differ besides their colour (issue #51, colour never the only signal): the n-th series of a
// chart draws its bars and slices with the n-th fill pattern and its lines with the n-th dash, and its entry in the
// chart's key (SeriesKey) shows the same, so a reader who cannot tell the colours apart still matches series and
// names. The first series stays plain (a chart of one series looks as it always did). Pure; see marks.test.ts.

/** Fill patterns over a series' colour, in order. */
export const PATTERNS = ['solid', 'diagonal', 'dots', 'horizontal', 'crosshatch', 'vertical', 'backslash', 'grid', 'rings', 'zigzag'] as const;
export type Pattern = (typeof PATTERNS)[number];

/** Line dashes (SVG stroke-dasharray) in order; undefined is a solid line. */
export const DASHES = [undefined, '8 4', '2 3', '10 3 2 3', '4 4', '1 4', '12 3 3 3 3 3', '6 2', '14 5', '3 6'] as const;

export type SeriesMark = { pattern: Pattern; dash: string | undefined };

/** The mark of the series at `index` (patterns and dashes repeat past the tenth). */
export const seriesMark = (index: number): SeriesMark => ({ pattern: PATTERNS[index % PATTERNS.length], dash: DASHES[index % DASHES.length] });

/** The size of a pattern's tile, in the chart's pixels. */
export const PATTERN_TILE = 8;

/**
 * What a pattern draws over its colour in one tile: SVG paths stroked and circles filled in a light tone. Lines
 * that leave the tile are drawn past its edge so that tiles join without gaps.
 */
export const PATTERN_SHAPES: Record<Pattern, { paths: string[]; dots: [cx: number, cy: number, r: number][] }> = {
  solid: { paths: [], dots: [] },
  diagonal: { paths: ['M-2,2 L2,-2 M0,8 L8,0 M6,10 L10,6'], dots: [] },
  dots: { paths: [], dots: [[4, 4, 1.6]] },
  horizontal: { paths: ['M0,4 H8'], dots: [] },
  crosshatch: { paths: ['M-2,2 L2,-2 M0,8 L8,0 M6,10 L10,6', 'M-2,6 L2,10 M0,0 L8,8 M6,-2 L10,2'], dots: [] },
  vertical: { paths: ['M4,0 V8'], dots: [] },
  backslash: { paths: ['M-2,6 L2,10 M0,0 L8,8 M6,-2 L10,2'], dots: [] },
  grid: { paths: ['M0,4 H8 M4,0 V8'], dots: [] },
  rings: { paths: ['M4,1.8 A2.2,2.2 0 1 1 3.99,1.8'], dots: [] },
  zigzag: { paths: ['M0,6 L2,2 L4,6 L6,2 L8,6'], dots: [] },
};
