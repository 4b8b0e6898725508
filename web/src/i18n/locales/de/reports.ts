// German strings of the reports screens (/reports/*, part 1 §2 Reports). Reports are named here (ids, types), as the
// menu names them; what a report holds (figures, charts, tables) comes worded by the server in the reader's language.
import type en from '../en/reports.ts';
import type { Translation } from '../../../../../contracts/languages.ts';

export default {
  title: 'Berichte',
  ids: {
    'consumer-usage': 'Mitgliedernutzung',
    curator: 'Kuratorenaktivität',
    'competitive-analytics': 'Wettbewerbsanalyse',
    'search-analytics': 'Suchanalyse',
  },
  types: {
    overview: 'Übersicht',
    leaderboards: 'Ranglisten',
    'threat-analysis': 'Bedrohungsanalyse',
    'data-hygiene': 'Datenhygiene',
    'rep-performance': 'Vertriebsleistung',
    impact: 'Wirkung',
  },
  tabs: {
    label: 'Berichtsansichten',
    needsData: 'Daten fehlen',
    needsDataHint: 'Erscheint, sobald die Daten angebunden sind',
  },
  back: 'Zurück zu {title}',
  period: '{from} – {to}',
  periodOneDay: '{day}',
  days: '{count, plural, one {# Tag} other {# Tage}}',
  controls: {
    label: 'Berichtszeitraum und Filter',
    dateRange: 'Zeitraum',
    customRange: 'Eigener Zeitraum',
    pickDates: 'Ersten und letzten Tag wählen',
    role: 'Rolle',
    staleDays: 'Veraltet nach',
    staleDaysOption: '{count} Tagen',
  },
  roles: {
    all: 'Alle Rollen',
    consumer: 'Mitglieder',
    curator: 'Kuratoren',
    admin: 'Admins',
  },
  formats: {
    number: 'Anzahl',
    percent: 'Anteil',
    seconds: 'Dauer',
    change: 'Veränderung',
    date: 'Datum',
    text: 'Text',
  },
  kpis: {
    label: 'Kennzahlen',
    vsPrevious: 'ggü. Vorzeitraum',
    comparedWith: 'Verglichen mit dem Zeitraum davor ({days})',
    points: '{points} Pp.',
  },
  charts: {
    empty: 'Keine Daten für diesen Zeitraum',
    axis: {
      day: 'Tag',
      week: 'Woche ab',
      rival: 'Wettbewerber',
      name: 'Name',
      topic: 'Thema',
      source: 'Quelle',
      other: 'Eintrag',
    },
  },
  tables: {
    export: 'CSV exportieren',
    exportLabel: '{title} als CSV exportieren',
    showing: '{shown} von {total} angezeigt',
    showingAll: '{count, plural, one {# Zeile} other {# Zeilen}}',
    all: 'Alle {count, number} anzeigen',
  },
  needs: {
    eyebrow: 'Noch nicht genug Daten',
  },
  error: {
    title: 'Dieser Bericht konnte nicht geladen werden',
    text: 'Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
    badRequest: 'Für diesen Zeitraum ist kein Bericht möglich',
    badRequestText: 'Dieser Link verlangt einen Zeitraum oder Filter, den Berichte nicht anbieten. Ein Zeitraum reicht vom ersten bis zum letzten Tag und umfasst höchstens {maxDays, number} Tage.',
    reset: 'Zurück zu den letzten 30 Tagen',
    retry: 'Erneut versuchen',
  },
} satisfies Translation<typeof en>;
