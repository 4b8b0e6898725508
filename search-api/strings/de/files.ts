// Wie Suche und Ask eine Passage des Wissens-Hubs nennen (issue #58): der Titel der Datei und die Stelle darin.
import type { ServerStrings } from '../en.ts';

export const files: ServerStrings['files'] = {
  citation: {
    page: '{title}, Seite {number}',
    slide: '{title}, Folie {number}',
    notes: '{title}, Sprechernotizen zu Folie {number}',
    row: '{title}, Tabelle „{label}“, Zeile {number}',
    rowOnly: '{title}, Zeile {number}',
    section: '{title}, Abschnitt „{label}“',
  },
};
