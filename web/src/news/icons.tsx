// Icons only the news screens use, drawn in the app's icon frame; kept here so the first screen does not carry them.
import { Icon, type IconProps } from '../brand/icons.tsx';

/** A box with an arrow leaving it: a link that opens another site. */
export const ExternalIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
  </Icon>
);

/** A flame: an item curators marked important. */
export const FlameIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 3c1 3.5 5 5.5 5 10a5 5 0 0 1-10 0c0-2.2 1-3.6 2.2-4.8.3 1.6 1 2.6 2.3 3C11 8.5 11.5 5.6 12 3z" />
  </Icon>
);

/** A newspaper: published intel. */
export const NewsIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 5h13v14H6a2 2 0 0 1-2-2V5zM17 9h3v8a2 2 0 0 1-2 2M8 9h5M8 13h5M8 16h3" />
  </Icon>
);
