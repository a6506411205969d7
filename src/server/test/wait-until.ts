/**
 * Polls `condition` until it holds, or fails naming `what` after `timeoutMs` (tests wait for a
 * state, never for a time). `detail` adds context to the timeout's message; `failFast` names a
 * reason to stop at once (an app process that died).
 */
export async function waitUntil(
  what: string,
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
  options: { intervalMs?: number; detail?: () => string; failFast?: () => string | undefined } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await condition()) return;
    const reason = options.failFast?.();
    if (reason) throw new Error(`${reason}\n(while waiting for ${what})`);
    if (Date.now() > deadline) {
      const detail = options.detail?.();
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${detail ? `\n${detail}` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 50));
  }
}
