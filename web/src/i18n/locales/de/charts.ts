// German strings of every chart's text alternative (web/src/shared/charts).
import type en from '../en/charts.ts';
import type { Translation } from '../../../../../contracts/languages.ts';

export default {
  showTable: 'Als Tabelle zeigen',
  showChart: 'Als Diagramm zeigen',
  showTableOf: 'Als Tabelle zeigen: {title}',
  showChartOf: 'Als Diagramm zeigen: {title}',
  image: 'Diagramm: {title}',
  key: 'Reihen von {title}',
  total: 'Summe',
  summary: {
    empty: 'Keine Daten vorhanden.',
    range: 'Von {first} bis {last}.',
    one: 'Nur {first}.',
    entries: '{count, plural, one {# Eintrag.} other {# Einträge.}}',
    total: 'Insgesamt {total}.',
    totalPeak: 'Insgesamt {total}; am höchsten {maxAt} ({max}), am niedrigsten {minAt} ({min}).',
    trend: '{name}: insgesamt {trend, select, up {steigend} down {fallend} other {etwa gleichbleibend}}, von {first} auf {last}; Höchstwert {max} ({maxAt}), Tiefstwert {min} ({minAt}).',
    rank: '{name}: am höchsten {maxAt} ({max}), am niedrigsten {minAt} ({min}).',
    single: '{name}: {value} ({at}).',
    same: '{name}: durchgehend {value}.',
    more: '{count, plural, one {# weitere Reihe steht} other {# weitere Reihen stehen}} in der Tabelle.',
  },
} satisfies Translation<typeof en>;
