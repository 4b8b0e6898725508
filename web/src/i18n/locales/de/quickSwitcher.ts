// German strings of the quick switcher and competitor finder.
import type en from '../en/quickSwitcher.ts';
import type { Translation } from '../../../../../contracts/languages.ts';

export default {
  title: 'Schnellwechsel',
  recentlyViewed: 'Zuletzt angesehen',
  noRecent: 'Profile, die Sie öffnen, erscheinen hier.',
  finderTitle: 'Wettbewerber finden',
  finderPlaceholder: 'Wettbewerber suchen…',
  finderMinChars: '{count, plural, one {Geben Sie mindestens # Zeichen ein.} other {Geben Sie mindestens # Zeichen ein.}}',
  finderNoMatch: 'Kein Wettbewerber passt zu „{text}“.',
  finderFailed: 'Die Wettbewerbersuche ist fehlgeschlagen. Versuchen Sie es gleich noch einmal.',
  finderResults: 'Passende Wettbewerber',
  dashboard: 'Wettbewerber-Dashboard',
  overview: 'Überblick',
} satisfies Translation<typeof en>;
