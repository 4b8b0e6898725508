// German strings of the search results page's filters in a rep's words (the sidebar sections, the competitor groups
// of boards, and the applied-filter chips).
import type en from '../en/searchFilters.ts';
import type { Translation } from '../../../../../contracts/languages.ts';

export default {
  sections: {
    boards: 'Wettbewerber und Boards',
    collapse: '{section} ausblenden',
    expand: '{section} einblenden',
  },
  rival: {
    showBoards: 'Boards von {name} anzeigen',
    hideBoards: 'Boards von {name} ausblenden',
    moreBoards: 'Alle {count} Boards anzeigen',
  },
  mode: {
    off: 'nicht gefiltert',
    should: 'eines von',
    must: 'erforderlich',
    must_not: 'ausgeschlossen',
    next: {
      off: 'Klicken, um Karten mit einem der gewählten Einträge anzuzeigen',
      should: 'Klicken, um es vorauszusetzen',
      must: 'Klicken, um es auszuschließen',
      must_not: 'Klicken, um es wieder als eines von mehreren einzubeziehen',
    },
  },
  group: {
    should: {
      board: '{count, plural, one {Auf Board} other {Auf einem dieser Boards}}',
      tag: '{count, plural, one {Mit Tag} other {Mit einem dieser Tags}}',
      rival: '{count, plural, one {Zu} other {Zu einem von}}',
    },
    must: {
      board: '{count, plural, one {Muss auf Board sein} other {Muss auf all diesen Boards sein}}',
      tag: '{count, plural, one {Muss Tag haben} other {Muss all diese Tags haben}}',
      rival: '{count, plural, one {Muss betreffen} other {Muss alle betreffen}}',
    },
    must_not: {
      board: '{count, plural, one {Board ausschließen} other {Boards ausschließen}}',
      tag: '{count, plural, one {Tag ausschließen} other {Tags ausschließen}}',
      rival: '{count, plural, one {Wettbewerber ausschließen} other {Wettbewerber ausschließen}}',
    },
  },
  hint: {
    should: {
      board: 'Zeigt Karten auf einem dieser Boards.',
      tag: 'Zeigt Karten mit mindestens einem dieser Tags.',
      rival: 'Zeigt Karten zu einem dieser Wettbewerber.',
    },
    must: {
      board: 'Zeigt nur Karten auf diesem Board.',
      tag: 'Zeigt nur Karten, die alle diese Tags haben.',
      rival: 'Zeigt nur Karten zu diesem Wettbewerber.',
    },
    must_not: {
      board: 'Blendet die Karten auf diesen Boards aus.',
      tag: 'Blendet Karten mit einem dieser Tags aus.',
      rival: 'Blendet die Karten zu diesen Wettbewerbern aus.',
    },
  },
  chip: {
    label: '{name} ({mode}). {next}',
    updated: 'Aktualisiert',
  },
} satisfies Translation<typeof en>;
