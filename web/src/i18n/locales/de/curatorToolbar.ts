// German strings of the dashboard's curator toolbar loaded with it (the New menu, Edit groups); the rest of the
// toolbar's strings are in dashboardTools.
import type en from '../en/curatorToolbar.ts';
import type { Translation } from '../../../../../contracts/languages.ts';

export default {
  newMenu: {
    label: 'Neu',
    board: 'Board',
    boardHint: 'Ein Wettbewerber mit seinen Kartenspalten',
    dynamicBoard: 'Dynamisches Board',
    dynamicBoardHint: 'Eine gespeicherte Suche, die aktuell bleibt',
  },
  newBoardError: 'Das dynamische Board konnte nicht erstellt werden. Versuchen Sie es gleich noch einmal.',
  editGroups: {
    button: 'Gruppen bearbeiten',
    title: 'Wettbewerbergruppen bearbeiten',
  },
} satisfies Translation<typeof en>;
