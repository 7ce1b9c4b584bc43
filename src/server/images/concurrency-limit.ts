/** Runs a task once a slot is free; tasks wait their turn in the order they came. */
export type Limiter = <T>(task: () => Promise<T>) => Promise<T>;

/**
 * At most `limit` tasks run at once. One limiter serves every request, so however many reports arrive together,
 * their photos are never processed on more threads than the cores can run, nor held decoded in memory more at once.
 */
export function concurrencyLimit(limit: number): Limiter {
  let running = 0;
  const waiting: (() => void)[] = [];

  const acquire = async () => {
    if (running < limit) {
      running += 1;
      return;
    }
    // The slot is handed over by release(): `running` stays as it is.
    await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };

  return async (task) => {
    await acquire();
    try {
      return await task();
    } finally {
      release();
    }
  };
}

/** Thrown instead of running a task its caller no longer needs (the report failed while the task waited). */
export class Abandoned extends Error {}
