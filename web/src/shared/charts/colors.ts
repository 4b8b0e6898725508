// Colours of chart series, one set for every chart. Each reads at 3:1 or more against the white of the page (WCAG
// 1.4.11, marks people must tell apart), and each series also has its own pattern (marks.ts), so colour is never the
// only signal. colors.test.ts holds the contrast.

/** Series colours in order: the theme's indigo first, then hues far enough apart to tell on a small chart. */
export const CHART_COLORS = ['indigo.6', 'teal.7', 'orange.7', 'grape.6', 'cyan.8', 'pink.6', 'lime.9', 'yellow.9', 'blue.6', 'gray.6'] as const;

/** A negative series (searches that found nothing) reads as a warning, whatever its place among the series. */
export const NEGATIVE_COLOR = 'red.7';

/** The series that gathers what the others leave out. */
export const OTHER_COLOR = 'gray.6';

/** Reviews that judge an aspect well, neither way, badly. */
export const SENTIMENT_COLORS = { positive: 'teal.7', neutral: 'gray.6', negative: 'red.7' } as const;
