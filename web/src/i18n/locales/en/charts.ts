// English strings of every chart's text alternative (web/src/shared/charts): the summary said under a chart, the
// switch between the chart and its table, the table's total column and the series key.
export default {
  showTable: 'Show as table',
  showChart: 'Show as chart',
  showTableOf: 'Show as table: {title}',
  showChartOf: 'Show as chart: {title}',
  image: 'Chart: {title}',
  key: 'Series of {title}',
  total: 'Total',
  summary: {
    empty: 'No data to show.',
    range: 'From {first} to {last}.',
    one: 'Only {first}.',
    entries: '{count, plural, one {# entry.} other {# entries.}}',
    total: 'In all {total}.',
    totalPeak: 'In all {total}; highest {maxAt} ({max}), lowest {minAt} ({min}).',
    trend: '{name}: {trend, select, up {rising} down {falling} other {about level}} overall, from {first} to {last}; highest {max} ({maxAt}), lowest {min} ({minAt}).',
    rank: '{name}: highest {maxAt} ({max}), lowest {minAt} ({min}).',
    single: '{name}: {value} ({at}).',
    same: '{name}: {value} throughout.',
    more: '{count, plural, one {# more series is} other {# more series are}} in the table.',
  },
};
