/**
 * `pending`, or a rejection once `ms` have passed without its answer: for a read whose answer is only worth having
 * soon (a page's extra, a metric), so that a frozen database holds nothing up for its full statement timeout.
 */
export async function withTimeout<T>(pending: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([pending, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
