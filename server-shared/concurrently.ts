/** Runs job(0) … job(n - 1), at most `limit` at a time, each next one starting as soon as one ends. */
export async function concurrently(n: number, limit: number, job: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < n) await job(next++);
  };
  await Promise.all(Array.from({ length: Math.min(limit, n) }, worker));
}
