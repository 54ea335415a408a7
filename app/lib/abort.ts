// Deadlines for upstream reads (issue #14): a read ends when the shopper disconnects or its
// deadline passes, even while a client library is still retrying or waiting inside.

/** Rejects with the signal's reason once it aborts, whatever `work` does meanwhile. */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * Runs `work` with a signal that aborts when `parent` does or `ms` have passed, whichever comes
 * first, with the reason `AbortSignal.timeout` gives (a "TimeoutError" DOMException). Once the
 * work settles, its timer and its listener on `parent` are gone. `AbortSignal.timeout` cannot be
 * cancelled: its timer fires `ms` later whatever became of the work, and `AbortSignal.any` keeps
 * weak references and finalizers for each source. Pages set such deadlines on every request, and
 * they almost never pass (decision 009).
 */
export async function withDeadline<T>(
  parent: AbortSignal | undefined,
  ms: number,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  if (parent?.aborted) throw parent.reason;
  const controller = new AbortController();
  const onAbort = () => controller.abort(parent?.reason);
  const timer = setTimeout(
    () =>
      controller.abort(
        new DOMException("The operation was aborted due to timeout", "TimeoutError"),
      ),
    ms,
  );
  parent?.addEventListener("abort", onAbort, { once: true });
  try {
    return await work(controller.signal);
  } finally {
    clearTimeout(timer);
    parent?.removeEventListener("abort", onAbort);
  }
}
