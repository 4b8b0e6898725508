// Report calls (contracts/reports.ts) and their React Query hooks: the reports this reader may open, and one report
// or drill-down for a period and filters. A refusal (403) or an unknown report (404) is an answer, not retried.
import { useQuery } from '@tanstack/react-query';
import type { Report, ReportMenu } from '../../../contracts/reports.ts';
import { api, ApiError } from '../api/client.ts';
import { useTranslation } from '../i18n/react.tsx';
import { reportApiPath, reportParams, type ReportAt, type ReportUrlState } from './urlState.ts';

/** Reports change as people use the product; within a minute is fresh enough. */
const REPORT_STALE_MS = 60_000;
const MENU_STALE_MS = 5 * 60_000;

export const reportKeys = {
  menu: ['reports', 'menu'] as const,
  /** The server words a report in the reader's language: another language is another answer. */
  report: (path: string, query: Record<string, string>, language: string) => ['reports', 'report', path, query, language] as const,
};

const retryServerErrors = (count: number, err: unknown) => !(err instanceof ApiError && err.status < 500) && count < 2;

export function useReportMenu() {
  return useQuery({
    queryKey: reportKeys.menu,
    queryFn: ({ signal }) => api<ReportMenu>('/api/reports.json', { signal }),
    select: (m) => m.reports,
    staleTime: MENU_STALE_MS,
    retry: retryServerErrors,
  });
}

export function useReport(at: Omit<ReportAt, 'kind'>, state: ReportUrlState) {
  const { i18n } = useTranslation();
  const path = reportApiPath(at, 'json');
  const query = Object.fromEntries(reportParams(state, at));
  return useQuery({
    queryKey: reportKeys.report(path, query, i18n.language),
    queryFn: ({ signal }) => api<Report>(path, { query, signal }),
    // While another period of the same report loads, the one on screen stays (dimmed); another report starts blank.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === path ? previous : undefined),
    staleTime: REPORT_STALE_MS,
    retry: retryServerErrors,
  });
}
