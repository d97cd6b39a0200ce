/**
 * Working through a list inside a scheduled function's time (a scheduled function has 30 s):
 * `concurrency` workers take items in order, and once `budgetMs` has passed no new item is
 * started; the rest are counted as deferred for the next run. Used by the mail retry and the
 * reconciliation runs.
 */

/** Runs `work` on each of `items`; resolves with how many were left for the next run. */
export async function workWithinBudget<T>(items: readonly T[], opts: { concurrency: number; budgetMs: number }, work: (item: T) => Promise<void>): Promise<{ deferred: number }> {
  const started = Date.now();
  const queue = [...items];
  let deferred = 0;
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
      if (Date.now() - started > opts.budgetMs) {
        deferred++;
        continue;
      }
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(opts.concurrency, queue.length) }, worker));
  return { deferred };
}
