import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { theme } from '../../core/theme.ts';
import { CHART_COLORS, NEGATIVE_COLOR, OTHER_COLOR, SENTIMENT_COLORS } from './colors.ts';

const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrastOnWhite = (color: string) => {
  const [name, shade] = color.split('.');
  const hex = { ...DEFAULT_THEME.colors, ...theme.colors }[name]?.[Number(shade)];
  if (!hex) throw new Error(`not a colour of the theme: ${color}`);
  return 1.05 / (luminance(hex) + 0.05);
};

describe('chart colours', () => {
  it('each read at 3:1 or more on white', () => {
    for (const color of [...CHART_COLORS, NEGATIVE_COLOR, OTHER_COLOR, ...Object.values(SENTIMENT_COLORS)]) {
      expect(contrastOnWhite(color), color).toBeGreaterThanOrEqual(3);
    }
  });

  it('are all different', () => {
    expect(new Set(CHART_COLORS).size).toBe(CHART_COLORS.length);
    expect(CHART_COLORS).not.toContain(NEGATIVE_COLOR);
  });
});
