// Whether the screen is a phone's (below the tablet breakpoint of part 1 §9): dialogs and the drawer then fill it.
// The app renders in the browser only, so the first render already knows (no wide first frame on a phone).
import { useMediaQuery } from '@mantine/hooks';
import { BREAKPOINTS } from '../core/theme.ts';

export const usePhone = () => useMediaQuery(`(max-width: ${BREAKPOINTS.tablet - 1}px)`, undefined, { getInitialValueInEffect: false });
