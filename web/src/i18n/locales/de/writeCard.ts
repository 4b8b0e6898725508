// German strings of "Write a card for this" (the search page's new card dialog, opened from search analytics'
// queries with no results).
import type en from '../en/writeCard.ts';
import type { Translation } from '../../../../../contracts/languages.ts';

export default {
  title: 'Karte dazu schreiben',
  intro: 'Leser haben nach „{query}“ gesucht und nichts gefunden. Schreiben Sie die Karte, die ihnen gefehlt hat.',
  name: 'Titel',
  nameRequired: 'Eine Karte braucht einen Titel',
  body: 'Kartentext',
  rival: 'Wettbewerber',
  rivalPlaceholder: 'Wettbewerber wählen',
  board: 'Board',
  boardPlaceholder: 'Board wählen',
  noBoards: 'Dieser Wettbewerber hat noch keine Boards',
  cancel: 'Abbrechen',
  create: 'Karte erstellen',
  created: 'Karte auf {board} erstellt',
  failed: 'Die Karte konnte nicht erstellt werden: {message}',
} satisfies Translation<typeof en>;
