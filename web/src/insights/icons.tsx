// Icons of the insights screens, also the upload and external-link ones other screens off the first one share (landing,
// monitors); kept here so that the first screen, which loads brand/icons.tsx, does not carry them.
import { Icon, type IconProps } from '../brand/icons.tsx';

/** A push pin: a review pinned (bookmarked) for later; pass fill="currentColor" for the pinned state. */
export const PinIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 17v5M9 10.8a2 2 0 0 1-1.1 1.8l-1.8.9A2 2 0 0 0 5 15.2V17h14v-1.8a2 2 0 0 0-1.1-1.8l-1.8-.9a2 2 0 0 1-1.1-1.8V7a1 1 0 0 1 1-1 2 2 0 0 0 0-4H8a2 2 0 0 0 0 4 1 1 0 0 1 1 1z" />
  </Icon>
);
export const UploadIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M17 8l-5-5-5 5M12 3v12" />
  </Icon>
);
export const ExternalLinkIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M15 3h6v6M10 14 21 3M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6" />
  </Icon>
);
/** A rising line: a strength. */
export const TrendUpIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="m22 7-8.5 8.5-5-5L2 17M16 7h6v6" />
  </Icon>
);
/** A falling line: a weakness. */
export const TrendDownIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="m22 17-8.5-8.5-5 5L2 7M16 17h6v-6" />
  </Icon>
);
/** A plus in a circle: a quote or an aspect judged favourably (beside its colour, never instead of words). */
export const PositiveIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 8v8M8 12h8" />
  </Icon>
);
/** A minus in a circle: judged unfavourably. */
export const NegativeIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M8 12h8" />
  </Icon>
);
/** A dot in a circle: judged neither way. */
export const NeutralIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="9" />
    <circle cx="12" cy="12" r="1.5" fill="currentColor" />
  </Icon>
);
