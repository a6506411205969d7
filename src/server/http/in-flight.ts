import type { Http2Bindings, HttpBindings } from '@hono/node-server';

type Fetch = (request: Request, env: HttpBindings | Http2Bindings) => Promise<unknown> | unknown;

/**
 * Counts the requests this process is answering, so a stop can let them finish (a restart behind
 * Caddy otherwise cut the POSTs being answered at that moment, decision 045). A request counts
 * until its answer is written and the socket lets go of it; a live stream (text/event-stream)
 * stops counting once it has started, since it never ends by itself and its page reconnects.
 */
export function trackInFlight(fetch: Fetch): { fetch: Fetch; count: () => number; settled: (timeoutMs: number) => Promise<boolean> } {
  let count = 0;
  const waiters = new Set<() => void>();
  const release = () => {
    count -= 1;
    if (count === 0) for (const wake of waiters) wake();
  };
  const counted: Fetch = async (request, env) => {
    count += 1;
    let released = false;
    const once = () => {
      if (released) return;
      released = true;
      release();
    };
    const outgoing = env?.outgoing;
    if (outgoing) outgoing.once('close', once);
    try {
      const response = await fetch(request, env);
      if (!outgoing || (response instanceof Response && response.headers.get('content-type')?.startsWith('text/event-stream'))) once();
      return response;
    } catch (e) {
      once();
      throw e;
    }
  };
  return {
    fetch: counted,
    count: () => count,
    /** Resolves true when no request is being answered, false when `timeoutMs` passed first. */
    settled: (timeoutMs) =>
      count === 0
        ? Promise.resolve(true)
        : new Promise<boolean>((resolve) => {
            const timer = setTimeout(() => {
              waiters.delete(done);
              resolve(false);
            }, timeoutMs);
            timer.unref();
            const done = () => {
              clearTimeout(timer);
              waiters.delete(done);
              resolve(true);
            };
            waiters.add(done);
          }),
  };
}
