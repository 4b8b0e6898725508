// German sentences of review insights (formal "Sie"); keys and ICU arguments are the English ones.
import type { ServerStrings } from '../en.ts';

export const insights: ServerStrings['insights'] = {
  summary:
    '{reviews, plural, one {# Bewertung {lean, select, positive {lobt} other {kritisiert}}} other {# Bewertungen {lean, select, positive {loben} other {kritisieren}}}} diesen Aspekt: ' +
    '{share, number, percent} von {opinions, plural, one {# Meinung ist} other {# Meinungen sind}} {lean, select, positive {positiv} other {negativ}}, ' +
    'gegenüber {usual, number, percent} über alle Aspekte des Wettbewerbers hinweg.',
  winLossSummary:
    '{kind, select, win {Darum gewinnen wir gegen {rival}} other {Darum verlieren wir gegen {rival}}}: genannt in {deals, plural, one {# Deal} other {# Deals}}, ' +
    '{share, number, percent} {decided, plural, one {des # {kind, select, win {gewonnenen} other {verlorenen}} Deals} other {der # {kind, select, win {gewonnenen} other {verlorenen}} Deals}} gegen sie. ' +
    'Der Vertrieb nannte ihn in {rep}, Käufer in {buyer}.',
  card: {
    title:
      '{kind, select, strengths {Stärke von {rival}} weaknesses {Schwäche von {rival}} win_reasons {Darum gewinnen wir gegen {rival}} other {Darum verlieren wir gegen {rival}}}: {aspect}',
    quotes: 'Das sagen die Bewertungen:',
  },
};
