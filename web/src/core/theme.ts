// The Mantine theme: indigo primary, a warm accent for impersonation, Inter-like system font stack.
import { createTheme, type MantineColorsTuple } from '@mantine/core';

const indigo: MantineColorsTuple = [
  '#eef2ff',
  '#e0e7ff',
  '#c7d2fe',
  '#a5b4fc',
  '#818cf8',
  '#6366f1',
  '#4f46e5',
  '#4338ca',
  '#3730a3',
  '#312e81',
];

/** Breakpoints of part 1 §9: smartphone below 560, tablet 560–847, desktop from 848. */
export const BREAKPOINTS = { tablet: 560, desktop: 848 } as const;

export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 5 },
  colors: { indigo },
  defaultRadius: 'md',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  breakpoints: {
    xs: '35em', // 560px: tablet
    sm: '53em', // 848px: desktop
    md: '64em',
    lg: '75em',
    xl: '90em',
  },
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Menu: { defaultProps: { shadow: 'md', radius: 'md', withinPortal: true } },
    Alert: { defaultProps: { radius: 'md' } },
    // A title longer than a phone is wide (German makes single words of them) breaks rather than overflows.
    Title: { styles: { root: { overflowWrap: 'anywhere', hyphens: 'auto' } } },
  },
});
