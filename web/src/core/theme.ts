// The Mantine theme: indigo primary, a warm accent for impersonation, Inter-like system font stack.
import { createTheme, DEFAULT_THEME, defaultVariantColorsResolver, parseThemeColor, type CSSVariablesResolver, type MantineColorsTuple, type VariantColorsResolver } from '@mantine/core';
import focus from './focus.module.css';

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

/** Mantine's palette with a darker last shade, for the colours whose own reads below 4.5:1 on their lightest. */
const darkerLast = (color: 'orange' | 'green' | 'yellow' | 'lime', last: string): MantineColorsTuple =>
  [...DEFAULT_THEME.colors[color].slice(0, 9), last] as unknown as MantineColorsTuple;

/** Breakpoints of part 1 §9: smartphone below 560, tablet 560–847, desktop from 848. */
export const BREAKPOINTS = { tablet: 560, desktop: 848 } as const;

/**
 * Text on a light tint (light, subtle, outline and transparent buttons and badges) takes its colour's darkest shade:
 * the default shade reads below 4.5:1 on white for teal, green, red and the like (WCAG AA, checked by axe in
 * tests/e2e/accessibility.spec.ts).
 */
const readableVariants: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme });
  const tinted = input.variant === 'light' || input.variant === 'subtle' || input.variant === 'outline' || input.variant === 'transparent';
  if (!tinted || !parsed.isThemeColor || parsed.shade !== undefined) return colors;
  const text = `var(--mantine-color-${parsed.color}-9)`;
  const border = input.variant === 'outline' ? `1px solid ${text}` : colors.border;
  // A light tint in the colour's lightest shade, so its darkest shade on it reads at 4.5:1.
  if (input.variant === 'light') return { ...colors, color: text, background: `var(--mantine-color-${parsed.color}-0)`, hover: `var(--mantine-color-${parsed.color}-1)`, border };
  return { ...colors, color: text, border };
};

/** Dimmed text (hints, counts, descriptions) at 5:1 on white and on the page's grey, where Mantine's reads at 3.3:1. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5f676e' },
  dark: {},
});

export const theme = createTheme({
  primaryColor: 'indigo',
  // Filled controls in shade 8: white on red.8 reads at 4.5:1, on red.7 at 3.8:1.
  primaryShade: { light: 8, dark: 5 },
  variantColorResolver: readableVariants,
  colors: { indigo, orange: darkerLast('orange', '#a63c0a'), green: darkerLast('green', '#1e6b30'), yellow: darkerLast('yellow', '#8a5a00'), lime: darkerLast('lime', '#4a6a0c') },
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
    // An opened menu puts focus on its first item (the ARIA menu pattern), where its ring shows; Mantine's default
    // parks it on an invisible placeholder until an arrow is pressed, so a keyboard user saw no focus at all.
    Menu: { defaultProps: { shadow: 'md', radius: 'md', withinPortal: true, withInitialFocusPlaceholder: false } },
    Alert: { defaultProps: { radius: 'md' } },
    // A title longer than a phone is wide (German makes single words of them) breaks rather than overflows.
    Title: { styles: { root: { overflowWrap: 'anywhere', hyphens: 'auto' } } },
    // Keyboard focus shows as one ring everywhere (focus.module.css): Mantine's own on buttons, links and tabs; this
    // one on text fields (every Mantine input renders Input), surfaces used as links, and the rich-text editor's text
    // (@mantine/tiptap, named here so the theme does not load it).
    Input: { classNames: { input: focus.ring } },
    Paper: { classNames: { root: focus.ring } },
    RichTextEditor: { classNames: { content: focus.editorText } },
  },
});
