// German words of a landing page's generated sections (formal "Sie"); keys and ICU arguments are the English ones.
import type { ServerStrings } from '../en.ts';

export const landing: ServerStrings['landing'] = {
  keyFacts: 'Eckdaten:',
  customers: 'Kunden und Markt',
  howTheySell: 'Vertrieb',
  buyers: 'Was Käufer sagen',
  reviews: '{count, plural, one {# Bewertung} other {# Bewertungen}}',
  praise: 'Bewertungen loben {strengths}.',
  criticise: 'Bewertungen kritisieren {weaknesses}.',
  praiseAndCriticise: 'Bewertungen loben {strengths}; sie kritisieren {weaknesses}.',
  list: '{rest} und {last}',
  lately: 'Zuletzt',
  strong: 'Wo {rival} stark ist',
  weak: 'Wo {rival} schwach ist',
  ourSide: 'Was wir mitbringen',
  howWeWin: 'So gewinnen wir',
  landmines: 'Fragen, die Sie stellen sollten',
  themes: 'Gründe für Gewinne und Verluste',
  whyWeWin: 'Darum gewinnen wir',
  whyWeLose: 'Darum verlieren wir',
  intelPublished: '{count, plural, one {# Intel-Meldung veröffentlicht} other {# Intel-Meldungen veröffentlicht}}',
  cardsChanged: '{count, plural, one {# Karte geändert} other {# Karten geändert}}',
  recent: '{changes} in den letzten {days} Tagen.',
  newCard: 'Neue Karte',
  cardUpdated: 'Karte aktualisiert',
  nothing:
    '{section, select, overview {Zu {rival} gibt es noch nicht genug Inhalte, die Sie sehen können, um einen Überblick zu schreiben.} ' +
    'other {Zu {rival} gibt es noch nicht genug Inhalte, die Sie sehen können, um einen Vergleich zu schreiben.}}',
};
