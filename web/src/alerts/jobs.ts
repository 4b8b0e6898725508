// Bulk update jobs (part 1 §3 Job, §4): progress of tasksCompleted against tasksTotal, and whether
// polling can stop. Pure; see jobs.test.ts.
import type { IntelJob } from '../../../contracts/intel.ts';

export const jobDone = (job: Pick<IntelJob, 'state'>): boolean => job.state === 'completed' || job.state === 'cancelled' || job.state === 'failed';

/** Percent done, 0–100; a job with no tasks is done. */
export function jobPercent(job: Pick<IntelJob, 'tasksCompleted' | 'tasksTotal' | 'state'>): number {
  if (job.tasksTotal <= 0) return jobDone(job) ? 100 : 0;
  return Math.min(100, Math.round((job.tasksCompleted / job.tasksTotal) * 100));
}
