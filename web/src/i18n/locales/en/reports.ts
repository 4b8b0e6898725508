// English strings of the reports screens (/reports/*, part 1 §2 Reports). Reports are named here (ids, types), as the
// menu names them; what a report holds (figures, charts, tables) comes worded by the server in the reader's language.
export default {
  title: 'Reports',
  ids: {
    'consumer-usage': 'Consumer usage',
    curator: 'Curator activity',
    'competitive-analytics': 'Competitive analytics',
    'search-analytics': 'Search analytics',
  },
  types: {
    overview: 'Overview',
    leaderboards: 'Leaderboards',
    'threat-analysis': 'Threat analysis',
    'data-hygiene': 'Data hygiene',
    'rep-performance': 'Rep performance',
    impact: 'Impact',
  },
  tabs: {
    label: 'Report views',
    needsData: 'needs data',
    needsDataHint: 'Shows once its data is connected',
  },
  back: 'Back to {title}',
  period: '{from} – {to}',
  periodOneDay: '{day}',
  days: '{count, plural, one {# day} other {# days}}',
  controls: {
    label: 'Report period and filters',
    dateRange: 'Period',
    customRange: 'Custom period',
    pickDates: 'Pick the first and last day',
    role: 'Role',
    staleDays: 'Stale after',
    staleDaysOption: '{count} days',
  },
  roles: {
    all: 'All roles',
    consumer: 'Consumers',
    curator: 'Curators',
    admin: 'Admins',
  },
  formats: {
    number: 'Count',
    percent: 'Share',
    seconds: 'Duration',
    change: 'Change',
    date: 'Date',
    text: 'Text',
  },
  kpis: {
    label: 'Key figures',
    vsPrevious: 'vs prior period',
    comparedWith: 'Compared with the {days} before',
    points: '{points} pts',
  },
  charts: {
    empty: 'No data for this period',
    /** The first column of a chart's table: what its x axis runs over (a chart's xKey, days or weeks). */
    axis: {
      day: 'Day',
      week: 'Week of',
      rival: 'Rival',
      name: 'Name',
      topic: 'Topic',
      source: 'Source',
      other: 'Entry',
    },
  },
  tables: {
    export: 'Export CSV',
    exportLabel: 'Export {title} as CSV',
    showing: 'Showing {shown} of {total}',
    showingAll: '{count, plural, one {# row} other {# rows}}',
    all: 'See all {count, number}',
  },
  needs: {
    eyebrow: 'Not enough data yet',
  },
  error: {
    title: 'This report could not be loaded',
    text: 'Check your connection and try again.',
    badRequest: 'This period cannot be reported',
    badRequestText: 'This link asks for a period or filter that reports do not offer. A period runs from its first day to its last, {maxDays, number} days at most.',
    reset: 'Back to the last 30 days',
    retry: 'Try again',
  },
};
