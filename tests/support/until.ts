/**
 * Waits until `check` answers true, asking every 50 ms (an error counts as not yet); past
 * `timeoutMs` it throws, naming `what`. `onMiss` runs after each "not yet" and may throw to stop
 * waiting at once (say, when the process waited for has exited).
 */
export async function until(
  check: () => Promise<boolean>,
  timeoutMs: number,
  { what = "Not so", onMiss }: { what?: string; onMiss?: () => void } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    onMiss?.();
    if (Date.now() > deadline) throw new Error(`${what}: not so after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
