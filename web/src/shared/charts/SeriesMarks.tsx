// The series marks of marks.ts drawn: fill patterns a chart puts inside its SVG (PatternDefs, referred to by
// patternFill), and the chart's key, where each name stands beside a swatch drawn as its series is (a patterned
// square for bars and slices, a dashed line for lines and areas). A key entry may be a button (the analyst panel
// filters by a series).
import { useMantineTheme, getThemeColor, UnstyledButton } from '@mantine/core';
import { useId } from 'react';
import { PATTERN_SHAPES, PATTERN_TILE, type Pattern, type SeriesMark } from './marks.ts';
import classes from './Charts.module.css';

/** The light strokes over a pattern's colour. */
const STROKE = 'rgba(255, 255, 255, 0.8)';

/** An id usable in an SVG url(#…) reference, unique to the component that asks. */
export function useSvgId(): string {
  return `m${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
}

/** A theme colour ("indigo.6") as the CSS value charts paint with. */
export function useThemeColor(): (color: string) => string {
  const theme = useMantineTheme();
  return (color) => getThemeColor(color, theme);
}

function Strokes({ pattern }: { pattern: Pattern }) {
  const shape = PATTERN_SHAPES[pattern];
  return (
    <>
      {shape.paths.map((d) => (
        <path key={d} d={d} stroke={STROKE} strokeWidth={1.4} fill="none" />
      ))}
      {shape.dots.map(([cx, cy, r]) => (
        <circle key={`${cx},${cy}`} cx={cx} cy={cy} r={r} fill={STROKE} />
      ))}
    </>
  );
}

/** The fill of the series at `index`, for a chart holding <PatternDefs id={id} …/>. */
export const patternFill = (id: string, index: number) => `url(#${id}-${index})`;

/** One fill pattern per series (its colour, then its strokes), as children of a chart's SVG. */
export function PatternDefs({ id, series }: { id: string; series: { color: string; mark: SeriesMark }[] }) {
  const color = useThemeColor();
  return (
    <defs>
      {series.map((s, i) => (
        <pattern key={i} id={`${id}-${i}`} width={PATTERN_TILE} height={PATTERN_TILE} patternUnits="userSpaceOnUse">
          <rect width={PATTERN_TILE} height={PATTERN_TILE} fill={color(s.color)} />
          <Strokes pattern={s.mark.pattern} />
        </pattern>
      ))}
    </defs>
  );
}

export type KeyItem = {
  label: string;
  color: string;
  mark: SeriesMark;
  /** Makes the entry a button (its accessible name `action`, e.g. "Filter by Pricing"). */
  onClick?: () => void;
  action?: string;
  testId?: string;
  value?: string;
};

/** A swatch drawn as the series is: `fill` for bars and slices, `line` for lines and areas. */
export function SeriesSwatch({ color, mark, kind }: { color: string; mark: SeriesMark; kind: 'fill' | 'line' }) {
  const paint = useThemeColor()(color);
  if (kind === 'line') {
    return (
      <svg className={classes.lineSwatch} viewBox="0 0 24 10" aria-hidden="true" data-dash={mark.dash ?? 'solid'}>
        <line x1={1} y1={5} x2={23} y2={5} stroke={paint} strokeWidth={2.5} strokeDasharray={mark.dash} />
      </svg>
    );
  }
  // The colour as the swatch's background (as a legend's swatch), the pattern's strokes over it.
  return (
    <span className={classes.swatch} style={{ background: paint }} aria-hidden="true" data-pattern={mark.pattern}>
      <svg viewBox={`0 0 ${PATTERN_TILE * 1.5} ${PATTERN_TILE * 1.5}`}>
        <Strokes pattern={mark.pattern} />
        <g transform={`translate(${PATTERN_TILE} 0)`}>
          <Strokes pattern={mark.pattern} />
        </g>
        <g transform={`translate(0 ${PATTERN_TILE})`}>
          <Strokes pattern={mark.pattern} />
        </g>
        <g transform={`translate(${PATTERN_TILE} ${PATTERN_TILE})`}>
          <Strokes pattern={mark.pattern} />
        </g>
      </svg>
    </span>
  );
}

/** The chart's key: each series' name beside its swatch. */
export function SeriesKey({ items, kind, label }: { items: KeyItem[]; kind: 'fill' | 'line'; label: string }) {
  return (
    <ul className={classes.key} aria-label={label} data-testid="chart-key">
      {items.map((item) => (
        <li key={item.label} className={classes.keyItem}>
          {item.onClick ? (
            <UnstyledButton className={classes.keyButton} onClick={item.onClick} aria-label={item.action} data-testid={item.testId} data-value={item.value}>
              <SeriesSwatch color={item.color} mark={item.mark} kind={kind} />
              {item.label}
            </UnstyledButton>
          ) : (
            <>
              <SeriesSwatch color={item.color} mark={item.mark} kind={kind} />
              <span data-testid={item.testId}>{item.label}</span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
