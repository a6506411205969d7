/**
 * How many live streams (chat, the user's messages and notifications, challenge chat) one
 * process holds open at once (issue 16). Each open stream costs a socket (a file descriptor)
 * and some memory (docs/benchmarks.md, "Live streams"); past the cap a new one is refused with
 * 503 and Retry-After, so the process stays up and answers everything else instead of running
 * out of descriptors or memory. The page then polls and opens its stream again later.
 */
export interface StreamCap {
  readonly max: number;
  /** Streams open now. */
  readonly open: number;
  /**
   * Takes a place for one stream: its release (call it once the stream ended, for any reason;
   * a second call does nothing), or null when every place is taken.
   */
  tryTake(): (() => void) | null;
}

export const DEFAULT_LIVE_STREAMS_MAX = 10_000;
/** What a refused client is told to wait; the web client waits about this long too (with jitter). */
export const STREAM_RETRY_AFTER_SECONDS = 30;
export const LIVE_STREAMS_UNAVAILABLE = 'Too many live connections are open right now. Live updates will resume shortly.';

export function createStreamCap(max: number): StreamCap {
  if (!Number.isInteger(max) || max < 1) throw new Error(`A stream cap must be a whole number of at least 1 (got ${max})`);
  let open = 0;
  return {
    max,
    get open() {
      return open;
    },
    tryTake() {
      if (open >= max) return null;
      open += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        open -= 1;
      };
    },
  };
}
