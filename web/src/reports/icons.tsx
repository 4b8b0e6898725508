// Icons only the reports screens use, drawn in the app's icon frame (brand/icons.tsx), so the first screen does
// not carry them.
import { Icon, type IconProps } from '../brand/icons.tsx';

export const DownloadIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M7 10l5 5 5-5M12 15V3" />
  </Icon>
);
export const CalendarIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="4" width="18" height="18" rx="2" />
    <path d="M16 2v4M8 2v4M3 10h18" />
  </Icon>
);
/** Stacked discs: data a report stands on. */
export const DatabaseIcon = (p: IconProps) => (
  <Icon {...p}>
    <ellipse cx="12" cy="5" rx="9" ry="3" />
    <path d="M3 5v14c0 1.66 4 3 9 3s9-1.34 9-3V5M3 12c0 1.66 4 3 9 3s9-1.34 9-3" />
  </Icon>
);
export const TrendFlatIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 12h18M17 8l4 4-4 4" />
  </Icon>
);
