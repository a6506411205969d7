import type pg from 'pg';
import type { Database } from '../db/client';

/** One statement a pool's client sent. */
export interface LoggedStatement {
  text: string;
  /** Sent while an earlier statement of the same connection was still unanswered: it shares that round trip. */
  pipelined: boolean;
}

const logs = new WeakMap<pg.Pool, { on: boolean; statements: LoggedStatement[] }>();
const wrapped = new WeakSet<pg.PoolClient>();

/**
 * Records the statements a test database's pool sends (every connection it hands out, the
 * transactions' and the events' after commit alike), to hold a write to its number of round trips
 * (issue 33: a write's cost is mostly its round trips). `during` returns what `run` sent.
 */
export function statementLogOf(database: Database) {
  const pool = database.pool;
  let log = logs.get(pool);
  if (!log) {
    const entry = { on: false, statements: [] as LoggedStatement[] };
    logs.set(pool, (log = entry));
    pool.on('acquire', (client) => {
      if (wrapped.has(client)) return;
      wrapped.add(client);
      let unanswered = 0;
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
        const config = args[0] as string | { text?: string };
        if (entry.on) entry.statements.push({ text: typeof config === 'string' ? config : (config.text ?? ''), pipelined: unanswered > 0 });
        unanswered += 1;
        const last = args.length - 1;
        const callback = args[last];
        if (typeof callback === 'function') {
          // pg-pool's own query (a statement outside a transaction) answers through a callback.
          args[last] = (...answer: unknown[]) => {
            unanswered -= 1;
            return (callback as (...a: unknown[]) => unknown)(...answer);
          };
          return query(...args);
        }
        const result = query(...args) as Promise<unknown>;
        return result.finally(() => {
          unanswered -= 1;
        });
      };
    });
  }
  const current = log;
  return {
    async during(run: () => Promise<unknown>): Promise<{ statements: LoggedStatement[]; roundTrips: number; texts: string[] }> {
      current.statements = [];
      current.on = true;
      try {
        await run();
      } finally {
        current.on = false;
      }
      const statements = current.statements;
      return { statements, roundTrips: statements.filter((s) => !s.pipelined).length, texts: statements.map((s) => s.text.replace(/\s+/g, ' ').slice(0, 160)) };
    },
  };
}
