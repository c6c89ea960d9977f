/** What withinMs gives when the work was still running at its time limit. */
export const LATE = Symbol('late');

/**
 * Runs `work` with a signal aborted after `ms`, and stops waiting for it then: whatever the work does with the
 * signal, the caller gets LATE on time (an abort cannot stop a render mid-task, nor an injected request).
 */
export async function withinMs<T>(
  ms: number,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T | typeof LATE> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<typeof LATE>((resolve) => {
    timer = setTimeout(
      () => {
        controller.abort();
        resolve(LATE);
      },
      Math.max(0, ms),
    );
  });
  const done = work(controller.signal);
  // Work that fails after it was given up has nobody to tell.
  done.catch(() => {});
  try {
    return await Promise.race([done, late]);
  } finally {
    clearTimeout(timer);
  }
}
