// German words of what Rivalscope posts to Microsoft Teams (see ../en/teams.ts).
import type { ServerStrings } from '../en.ts';

export const teams: ServerStrings['teams'] = {
  newIntel: 'Neue Intel',
  digest: 'Digest',
  rivals: 'Wettbewerber',
  priority: 'Priorität',
  topics: 'Themen',
  priorities: { important: 'Wichtig', interesting: 'Interessant' },
  openItem: 'In Rivalscope öffnen',
  openSource: 'Quelle lesen',
  openDigest: 'Digest öffnen',
  moreItems: '{count, plural, one {# weitere Meldung} other {# weitere Meldungen}} im Digest',
  search: {
    results: 'Die besten Karten zu „{query}“',
    none: 'Keine Karte passt zu „{query}“.',
    empty: 'Schreiben Sie nach der Erwähnung des Bots die Suchbegriffe.',
    openCard: 'Karte öffnen',
    moreResults: 'Alle Ergebnisse in Rivalscope ansehen',
    signIn: 'Rivalscope weiß nicht, wer Sie in Teams sind. Melden Sie sich mit der E-Mail-Adresse Ihres Teams-Kontos bei Rivalscope an und fragen Sie dann erneut: {url}',
  },
};
