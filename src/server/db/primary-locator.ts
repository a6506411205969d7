import { EventEmitter } from 'node:events';
import pg from 'pg';
import { connectionFailureOf, failureMovesPrimary, NO_HOST_ERROR_NAME } from './connection-failure';
import { chooseHost, hostLabel, needsHostChoice, parseDatabaseUrl, sameHost, type DatabaseHost, type DatabaseUrl, type HostState } from './database-url';

/**
 * Following the primary among several hosts (issue 31, decision 046). node-postgres connects to
 * one host; libpq's `host1,host2 … target_session_attrs=read-write` is done here: a locator asks
 * each host what it is (`pg_is_in_recovery()`, `transaction_read_only`) and keeps the first that
 * will do; every new connection of the app's pools goes to that host and checks it again before
 * it is used; a connection error, a shutdown or a refused write makes the locator look again.
 * When the host changes, idle connections to the old one are dropped (the pool opens new ones)
 * and listeners (the LISTEN connection) are told.
 */

export class NoDatabaseHostError extends Error {
  override name = NO_HOST_ERROR_NAME;
}

export interface LocatorOptions {
  url: DatabaseUrl;
  /** How long one host may take to answer the question (default 2 s). */
  probeTimeoutMs?: number;
  /** Between two rounds of questions while no host will do (default 250 ms). */
  retryDelayMs?: number;
  log?: (level: 'info' | 'warn', message: string) => void;
}

const STATE_QUERY = "select pg_is_in_recovery() as in_recovery, current_setting('transaction_read_only') = 'on' as read_only";

export class HostLocator extends EventEmitter<{ move: [DatabaseHost, DatabaseHost | null] }> {
  readonly url: DatabaseUrl;
  private chosen: DatabaseHost | null = null;
  private last: DatabaseHost | null = null;
  private round: Promise<DatabaseHost | null> | null = null;
  private readonly probeTimeoutMs: number;
  private readonly retryDelayMs: number;
  private readonly log: NonNullable<LocatorOptions['log']>;
  /** Times the chosen host changed (metrics: caucus_database_primary_moves_total). */
  moves = 0;

  constructor(options: LocatorOptions) {
    super();
    this.url = options.url;
    this.probeTimeoutMs = options.probeTimeoutMs ?? 2000;
    this.retryDelayMs = options.retryDelayMs ?? 250;
    this.log = options.log ?? (() => undefined);
  }

  /** The host in use now, if one is chosen. */
  get host(): DatabaseHost | null {
    return this.chosen;
  }

  /**
   * The host to connect to: the chosen one, or the first that will do once one does. Throws
   * NoDatabaseHostError when none does before `deadline` (a request then answers 503).
   */
  async current(deadline: number): Promise<DatabaseHost> {
    for (;;) {
      if (this.chosen) return this.chosen;
      const found = await this.lookOnce();
      if (found) return found;
      if (Date.now() + this.retryDelayMs > deadline) {
        throw new NoDatabaseHostError(`no host of the database URL takes ${this.url.targetSessionAttrs} sessions now (${this.url.hosts.map(hostLabel).join(', ')})`);
      }
      await new Promise((resolve) => setTimeout(resolve, this.retryDelayMs));
    }
  }

  /** `host` failed: look again on the next connection (other hosts may have taken over). */
  invalidate(host: DatabaseHost | null, reason: string): void {
    if (!this.chosen || (host && !sameHost(host, this.chosen))) return;
    this.log('warn', `database host ${hostLabel(this.chosen)} failed (${reason}): looking for the ${this.url.targetSessionAttrs} host again`);
    this.chosen = null;
    // Look now, so connections to the old host are dropped as soon as another will do.
    void this.lookOnce().catch(() => undefined);
  }

  /** An error met anywhere with a connection of this URL: look again if it says the host is lost. */
  notice(error: unknown, host: DatabaseHost | null = this.chosen): void {
    const kind = connectionFailureOf(error);
    if (failureMovesPrimary(kind)) this.invalidate(host, kind!);
  }

  /** One round: every host asked at once, the first in the URL's order that will do kept. */
  private lookOnce(): Promise<DatabaseHost | null> {
    this.round ??= (async () => {
      try {
        const states = await Promise.all(this.url.hosts.map((host) => this.ask(host)));
        const index = chooseHost(this.url.targetSessionAttrs, states);
        if (index === null) return null;
        const found = this.url.hosts[index]!;
        this.chosen = found;
        if (!sameHost(found, this.last)) {
          const previous = this.last;
          this.last = found;
          if (previous) {
            this.moves++;
            this.log('warn', `database host is now ${hostLabel(found)} (was ${hostLabel(previous)})`);
          } else this.log('info', `database host ${hostLabel(found)} (${this.url.targetSessionAttrs})`);
          this.emit('move', found, previous);
        }
        return found;
      } finally {
        this.round = null;
      }
    })();
    return this.round;
  }

  private async ask(host: DatabaseHost): Promise<HostState | null> {
    const client = new pg.Client({ connectionString: this.url.withHost(host), connectionTimeoutMillis: this.probeTimeoutMs, query_timeout: this.probeTimeoutMs, application_name: 'caucus-locator' });
    client.on('error', () => undefined);
    try {
      await client.connect();
      const { rows } = await client.query<{ in_recovery: boolean; read_only: boolean }>(STATE_QUERY);
      return { inRecovery: rows[0]!.in_recovery, readOnly: rows[0]!.read_only };
    } catch {
      return null;
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

/** Private parts of pg.Client this file reads (stable since pg 8.0). */
interface ClientInternals {
  connectionParameters: { host: string; port: number };
  connection?: { stream?: { destroy(): void } };
}

/**
 * A pg.Client class whose connections go to the locator's host and are checked before use; a
 * pool made with it (`Client` option) follows the primary. `connectTimeoutMs` bounds how long a
 * new connection waits for a host that will do (a failover takes 2-10 s).
 */
export function followingClient(locator: HostLocator, connectTimeoutMs: number): typeof pg.Client {
  const attrs = locator.url.targetSessionAttrs;
  const live = new Set<FollowingClient>();

  class FollowingClient extends pg.Client {
    target: DatabaseHost | null = null;
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      // An error on a connection in use must not crash the process (pg-pool listens only while
      // idle); it tells the locator the host may be gone.
      this.on('error', (e) => {
        if (!(e instanceof StaleHostSignal)) locator.notice(e, this.target);
      });
      this.on('end', () => live.delete(this));
    }

    override connect(): Promise<pg.Client>;
    override connect(callback: (err: Error) => void): void;
    override connect(callback?: (err: Error) => void): Promise<pg.Client> | void {
      const opening = this.open();
      if (!callback) return opening;
      // pg's own callback gets (null, client) on success; pg-pool reads only the error.
      opening.then(() => (callback as (err: Error | null, client: pg.Client) => void)(null, this), callback);
    }

    private async open(): Promise<pg.Client> {
      const host = await locator.current(Date.now() + connectTimeoutMs);
      this.target = host;
      this.host = host.host;
      this.port = host.port;
      const internals = this as unknown as ClientInternals;
      internals.connectionParameters.host = host.host;
      internals.connectionParameters.port = host.port;
      try {
        await super.connect();
        if (attrs !== 'any') {
          const { rows } = await super.query<{ in_recovery: boolean; read_only: boolean }>(STATE_QUERY);
          const state = { inRecovery: rows[0]!.in_recovery, readOnly: rows[0]!.read_only };
          if (chooseHost(attrs, [state]) === null) {
            locator.invalidate(host, state.inRecovery ? 'it is a standby now' : 'it is read-only now');
            throw new NoDatabaseHostError(`${hostLabel(host)} does not take ${attrs} sessions now`);
          }
        }
      } catch (e) {
        locator.notice(e, host);
        await super.end().catch(() => undefined);
        throw e;
      }
      live.add(this);
      return this;
    }

    override query(...args: unknown[]): never {
      const watch = (e: unknown) => {
        const kind = connectionFailureOf(e);
        locator.notice(e, this.target);
        // A statement that timed out leaves the connection mid-answer, and one on a host that no
        // longer takes writes will keep failing: close it, the pool drops it and opens another.
        if (kind === 'timeout' || kind === 'read-only') (this as unknown as ClientInternals).connection?.stream?.destroy();
      };
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === 'function') {
        // pg-pool's pool.query passes a callback.
        args[last] = (e: unknown, ...rest: unknown[]) => {
          if (e) watch(e);
          return (callback as (...a: unknown[]) => unknown)(e, ...rest);
        };
      }
      const result = (super.query as (...a: unknown[]) => unknown)(...args);
      if (result && typeof (result as Promise<unknown>).then === 'function') (result as Promise<unknown>).then(undefined, watch);
      return result as never;
    }
  }

  // When the host changes, idle connections to the old one go (pg-pool drops an idle client that
  // emits 'error'); busy ones fail on their own, or go when released.
  const checkedOut = new WeakSet<pg.Client>();
  locator.on('move', (now) => {
    for (const client of live) {
      if (!client.target || sameHost(client.target, now)) continue;
      live.delete(client);
      // Busy ones fail on their own, or go when released (below).
      if (!checkedOut.has(client)) client.emit('error', new StaleHostSignal());
    }
  });
  (FollowingClient as unknown as { track: (pool: pg.Pool) => void }).track = (pool: pg.Pool) => {
    pool.on('acquire', (client) => checkedOut.add(client as unknown as pg.Client));
    pool.on('release', (_err, client) => {
      checkedOut.delete(client as unknown as pg.Client);
      const following = client as unknown as FollowingClient;
      if (following.target && locator.host && !sameHost(following.target, locator.host)) {
        // After pg-pool has put it back among the idle ones.
        setImmediate(() => following.emit('error', new StaleHostSignal()));
      }
    });
  };
  return FollowingClient;
}

/** Tells pg-pool to drop an idle connection to a host that is no longer the one. */
class StaleHostSignal extends Error {
  constructor() {
    super('the database host changed');
  }
}

/** Lets a pool made with a following Client drop idle connections to an old host. */
export function trackPool(ClientClass: unknown, pool: pg.Pool): void {
  const track = (ClientClass as { track?: (pool: pg.Pool) => void } | undefined)?.track;
  track?.(pool);
}

export interface UrlConnection {
  /** What node-postgres takes: a pool or a client made from it follows the primary when there is a choice. */
  config: pg.PoolConfig;
  /** The locator when the URL leaves a choice of host (several hosts, or a session kind to check). */
  locator: HostLocator | null;
}

/**
 * The connection for a postgres:// URL with one host or several. With a choice of host, the
 * config's `Client` follows the host that will do; `queryTimeoutMs` (0: none) bounds a statement.
 */
export function connectionForUrl(url: string, options: { queryTimeoutMs?: number; connectTimeoutMs?: number; log?: LocatorOptions['log'] } = {}): UrlConnection {
  const parsed = parseDatabaseUrl(url);
  const timeout = options.queryTimeoutMs ? { query_timeout: options.queryTimeoutMs } : {};
  if (!needsHostChoice(parsed)) return { config: { connectionString: url, ...timeout }, locator: null };
  const locator = new HostLocator({ url: parsed, log: options.log });
  const Client = followingClient(locator, options.connectTimeoutMs ?? 5000);
  return { config: { connectionString: parsed.withHost(parsed.hosts[0]!), Client, keepAlive: true, ...timeout }, locator };
}
