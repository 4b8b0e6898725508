// The intel feed's React Query keys and the time zone its dates follow, apart from api.ts so that the nav's
// alert count badge, on every screen, does not bring the whole feed client with it.
export const intelKeys = {
  all: ['intel'] as const,
  list: (query: string) => ['intel', 'list', query] as const,
  views: ['intel', 'views'] as const,
  counts: (views: string[]) => ['intel', 'viewCounts', views] as const,
  count: ['intel', 'count'] as const,
  detail: (id: number) => ['intel', 'detail', id] as const,
  job: (id: number) => ['intel', 'job', id] as const,
  drafts: ['digests', 'drafts'] as const,
};

/** The browser's time zone: date presets and the timeline follow the user's days. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
