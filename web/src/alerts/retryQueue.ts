// Failed intel updates (part 1 §4, §8): each failed update, single or bulk, waits in the retry queue; the
// retry action replays the whole queue in order and keeps what fails again. Pure; see retryQueue.test.ts.
import type { IntelUpdate } from '../../../contracts/intel.ts';

export type PendingUpdate =
  | { kind: 'one'; intelId: number; update: IntelUpdate }
  | { kind: 'ids'; intelIds: number[]; update: IntelUpdate }
  | { kind: 'query'; query: string; update: IntelUpdate };

/** A failed update and its failure, as thrown: the banner words it in the reader's language when it shows it. */
export type RetryEntry = PendingUpdate & { key: string; error: unknown };

export const updateKey = (u: PendingUpdate): string =>
  `${u.kind}:${u.kind === 'one' ? u.intelId : u.kind === 'ids' ? u.intelIds.join(',') : u.query}:${JSON.stringify(u.update)}`;

/** Queues a failed update; the same update failing again replaces its entry rather than doubling it. */
export function enqueue(queue: readonly RetryEntry[], u: PendingUpdate, error: unknown): RetryEntry[] {
  const key = updateKey(u);
  return [...queue.filter((e) => e.key !== key), { ...u, key, error }];
}

export const dequeue = (queue: readonly RetryEntry[], key: string): RetryEntry[] => queue.filter((e) => e.key !== key);

/** Replays the queue in order through `send`; answers the entries that failed again, with their new error. */
export async function replay(queue: readonly RetryEntry[], send: (u: PendingUpdate) => Promise<unknown>): Promise<RetryEntry[]> {
  const failed: RetryEntry[] = [];
  for (const entry of queue) {
    try {
      await send(entry);
    } catch (err) {
      failed.push({ ...entry, error: err });
    }
  }
  return failed;
}

/** How many items the queue holds, for its banner ("3 updates to 12 items failed"); a query counts as one. */
export const itemsIn = (queue: readonly RetryEntry[]): number =>
  queue.reduce((n, e) => n + (e.kind === 'one' ? 1 : e.kind === 'ids' ? e.intelIds.length : 1), 0);
