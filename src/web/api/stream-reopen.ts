/** After the browser gives up on a live stream (an HTTP error such as 503), open it again no sooner than this. */
export const REOPEN_STREAM_MS = 30_000;
/** However often it was refused, a page tries again at least this often (before jitter). */
export const REOPEN_STREAM_MAX_MS = 4 * 60_000;

/**
 * How long a page waits before opening its live stream again after the `failures`-th refusal in
 * a row: 30 s, doubling up to 4 min, times a random 1–2. A server at its cap of open streams
 * (issue 16) refuses a crowd at once; without the spread that crowd would come back in the same
 * second, and without the doubling it would keep knocking every 30 s. The page polls meanwhile.
 */
export function reopenStreamDelayMs(failures: number, random: () => number = Math.random): number {
  const base = Math.min(REOPEN_STREAM_MS * 2 ** Math.max(0, failures - 1), REOPEN_STREAM_MAX_MS);
  return Math.round(base * (1 + random()));
}
