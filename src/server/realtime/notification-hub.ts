import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import type { ConnectionConfig } from '../db/client';
import type { Logger } from '../logger';

/**
 * Realtime fan-out through PostgreSQL LISTEN/NOTIFY (DESIGN: realtime).
 *
 * A writer publishes with `notifyQuery(channel, key, data)` inside its transaction, so the
 * notification goes out only if the write commits. Every server process keeps ONE dedicated
 * connection that LISTENs on the channels its subscribers need, and hands each payload to the
 * in-process subscribers of its key (for the chat: the caucus id). Payloads travel as
 * `{"key": …, "data": …}` and must stay under PostgreSQL's 8000-byte limit: send ids, let
 * the subscriber read the row.
 *
 * When the connection drops the hub reconnects (with backoff), LISTENs again, and tells every
 * subscriber to `resync` (notifications sent while it was away are lost; the subscriber reloads).
 */

export type HubEvent = { type: 'notification'; data: unknown } | { type: 'resync' };
export type HubListener = (event: HubEvent) => void;
export type Unsubscribe = () => void;

export interface NotificationHub {
  /**
   * Adds a listener for `key` on `channel`; resolves once this process LISTENs on the channel
   * (so anything committed afterwards reaches the listener). Rejects if the hub is closed or
   * cannot listen within `timeoutMs`.
   */
  subscribe(channel: string, key: string, listener: HubListener, options?: { timeoutMs?: number }): Promise<Unsubscribe>;
  /** How many listeners this process has (for a channel, or a channel's key). */
  subscriberCount(channel?: string, key?: string): number;
  /** Stops listening and closes the connection. Safe to call twice. */
  close(): Promise<void>;
}

export interface NotificationHubOptions {
  connection: ConnectionConfig;
  logger?: Logger;
  /** Shown in pg_stat_activity (default `caucus-notifications`). */
  applicationName?: string;
  /** First delay before reconnecting; it doubles up to `maxReconnectDelayMs` (defaults 250 ms, 5 s). */
  reconnectDelayMs?: number;
  maxReconnectDelayMs?: number;
  /** A `select 1` on the listening connection this often finds a dead connection (default 30 s). */
  pingIntervalMs?: number;
  /** How long `subscribe` waits for the LISTEN by default (default 15 s). */
  subscribeTimeoutMs?: number;
  /** Told when a key gains its first listener in this process (`true`) or loses its last (`false`). */
  onKeyActivity?: (channel: string, key: string, active: boolean) => void;
}

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
export const MAX_NOTIFY_PAYLOAD_BYTES = 7999;
const CHANNEL_PATTERN = /^[a-z_][a-z0-9_]{0,62}$/;

export class HubClosedError extends Error {
  constructor() {
    super('The notification hub is closed');
  }
}

function checkChannel(channel: string): void {
  if (!CHANNEL_PATTERN.test(channel)) throw new Error(`Invalid notification channel name: ${channel}`);
}

function payloadOf(key: string, data: unknown): string {
  const payload = JSON.stringify({ key, data });
  const bytes = Buffer.byteLength(payload, 'utf8');
  if (bytes > MAX_NOTIFY_PAYLOAD_BYTES) {
    throw new Error(`Notification payload of ${bytes} bytes exceeds ${MAX_NOTIFY_PAYLOAD_BYTES}: send ids, not rows`);
  }
  return payload;
}

/** The checked payload of one event (the channel's name, the payload's size): what `publish` sends. */
export function eventPayload(channel: string, key: string, data: unknown): string {
  checkChannel(channel);
  return payloadOf(key, data);
}

/** The statement that publishes `data` to the subscribers of `key` (run it inside the writing transaction). */
export function notifyQuery(channel: string, key: string, data: unknown): SQL {
  checkChannel(channel);
  return sql`select pg_notify(${channel}, ${payloadOf(key, data)})`;
}

/** One statement that publishes `data` to the subscribers of each of `keys` (one round trip for many). */
export function notifyEachQuery(channel: string, keys: readonly string[], data: unknown): SQL {
  checkChannel(channel);
  if (keys.length === 0) throw new Error('notifyEachQuery needs at least one key');
  const rows = sql.join(
    keys.map((key) => sql`(${payloadOf(key, data)})`),
    sql`, `,
  );
  return sql`select pg_notify(${channel}, v.payload) from (values ${rows}) as v(payload)`;
}

export function createNotificationHub(options: NotificationHubOptions): NotificationHub {
  return new PgNotificationHub(options);
}

class PgNotificationHub implements NotificationHub {
  private readonly config: pg.ClientConfig;
  private readonly logger: Logger | undefined;
  private readonly reconnectDelayMs: number;
  private readonly maxReconnectDelayMs: number;
  private readonly pingIntervalMs: number;
  private readonly subscribeTimeoutMs: number;
  private readonly onKeyActivity: NotificationHubOptions['onKeyActivity'];

  /** channel → key → listeners */
  private readonly subscribers = new Map<string, Map<string, Set<HubListener>>>();
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  /** LISTENs issued on the current connection. */
  private readonly listening = new Map<string, Promise<void>>();
  private pingTimer: NodeJS.Timeout | null = null;
  private closed = false;
  private closing: Promise<void> | null = null;
  private wakeSleepers = new Set<() => void>();

  constructor(options: NotificationHubOptions) {
    const base: pg.ClientConfig = typeof options.connection === 'string' ? { connectionString: options.connection } : { ...options.connection };
    this.config = { ...base, keepAlive: true, application_name: options.applicationName ?? 'caucus-notifications' };
    this.logger = options.logger;
    this.reconnectDelayMs = options.reconnectDelayMs ?? 250;
    this.maxReconnectDelayMs = options.maxReconnectDelayMs ?? 5000;
    this.pingIntervalMs = options.pingIntervalMs ?? 30_000;
    this.subscribeTimeoutMs = options.subscribeTimeoutMs ?? 15_000;
    this.onKeyActivity = options.onKeyActivity;
  }

  async subscribe(channel: string, key: string, listener: HubListener, options: { timeoutMs?: number } = {}): Promise<Unsubscribe> {
    checkChannel(channel);
    if (this.closed) throw new HubClosedError();
    let byKey = this.subscribers.get(channel);
    if (!byKey) this.subscribers.set(channel, (byKey = new Map()));
    let listeners = byKey.get(key);
    if (!listeners) byKey.set(key, (listeners = new Set()));
    // A wrapper, so the same function subscribed twice needs two unsubscribes.
    const entry: HubListener = (event) => listener(event);
    listeners.add(entry);
    if (listeners.size === 1) this.keyActivity(channel, key, true);

    let done = false;
    const unsubscribe: Unsubscribe = () => {
      if (done) return;
      done = true;
      const set = this.subscribers.get(channel)?.get(key);
      if (!set) return;
      set.delete(entry);
      if (set.size === 0) {
        this.subscribers.get(channel)?.delete(key);
        this.keyActivity(channel, key, false);
      }
    };

    let timer: NodeJS.Timeout | undefined;
    const timeoutMs = options.timeoutMs ?? this.subscribeTimeoutMs;
    try {
      await Promise.race([
        this.ensureListening(channel),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`Could not LISTEN on ${channel} within ${timeoutMs} ms`)), timeoutMs);
          timer.unref();
        }),
      ]);
    } catch (e) {
      unsubscribe();
      throw e;
    } finally {
      clearTimeout(timer);
    }
    return unsubscribe;
  }

  private keyActivity(channel: string, key: string, active: boolean): void {
    try {
      this.onKeyActivity?.(channel, key, active);
    } catch (e) {
      this.logger?.error({ err: errorMessage(e) }, 'notification key activity listener failed');
    }
  }

  subscriberCount(channel?: string, key?: string): number {
    let n = 0;
    for (const [ch, byKey] of this.subscribers) {
      if (channel !== undefined && ch !== channel) continue;
      for (const [k, set] of byKey) if (key === undefined || k === key) n += set.size;
    }
    return n;
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      this.closed = true;
      for (const wake of this.wakeSleepers) wake();
      this.stopPing();
      this.subscribers.clear();
      this.listening.clear();
      const pending = this.connecting;
      const client = this.client;
      this.client = null;
      this.connecting = null;
      if (client) await client.end().catch(() => undefined);
      // A connection attempt in flight ends its own client when it sees `closed`.
      if (pending) await pending.catch(() => undefined);
    })();
    return this.closing;
  }

  /** Resolves once the current connection LISTENs on `channel`; retries across reconnects. */
  private async ensureListening(channel: string): Promise<void> {
    for (;;) {
      if (this.closed) throw new HubClosedError();
      const client = await this.connection();
      let ready = this.listening.get(channel);
      if (!ready) {
        ready = client.query(`LISTEN "${channel}"`).then(() => undefined);
        this.listening.set(channel, ready);
        const issued = ready;
        issued.catch(() => {
          if (this.listening.get(channel) === issued) this.listening.delete(channel);
        });
      }
      try {
        await ready;
        if (this.client === client) return;
      } catch (e) {
        if (this.closed) throw new HubClosedError();
        this.logger?.warn({ channel, err: errorMessage(e) }, 'LISTEN failed; retrying');
        // The connection is probably gone: `dropped` resets it, and the loop connects again.
        if (this.client === client) this.dropped(client, e);
      }
    }
  }

  private connection(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.connectWithRetry().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async connectWithRetry(): Promise<pg.Client> {
    let delay = this.reconnectDelayMs;
    for (;;) {
      if (this.closed) throw new HubClosedError();
      // With several hosts, the connection's own Client class follows the primary (decision 046).
      const ClientClass = (this.config as pg.PoolConfig).Client as unknown as typeof pg.Client | undefined;
      const client = new (ClientClass ?? pg.Client)(this.config);
      client.on('error', (e) => this.dropped(client, e));
      client.on('end', () => this.dropped(client));
      client.on('notification', (message) => this.dispatch(message));
      try {
        await client.connect();
      } catch (e) {
        await client.end().catch(() => undefined);
        if (this.closed) throw new HubClosedError();
        this.logger?.warn({ err: errorMessage(e), retryInMs: delay }, 'notification connection failed; retrying');
        await this.sleep(delay);
        delay = Math.min(delay * 2, this.maxReconnectDelayMs);
        continue;
      }
      if (this.closed) {
        await client.end().catch(() => undefined);
        throw new HubClosedError();
      }
      this.client = client;
      this.listening.clear();
      this.startPing(client);
      return client;
    }
  }

  /** The listening connection is gone: forget it, and if anyone listens, reconnect and resync them. */
  private dropped(client: pg.Client, error?: unknown): void {
    if (client !== this.client) return;
    this.client = null;
    this.listening.clear();
    this.stopPing();
    client.end().catch(() => undefined);
    if (this.closed) return;
    this.logger?.warn({ err: error === undefined ? 'connection ended' : errorMessage(error) }, 'notification connection lost; reconnecting');
    void this.restore();
  }

  private async restore(): Promise<void> {
    const channels = [...this.subscribers].filter(([, byKey]) => byKey.size > 0).map(([channel]) => channel);
    try {
      await Promise.all(channels.map((channel) => this.ensureListening(channel)));
    } catch {
      return; // closed meanwhile
    }
    this.logger?.info({ channels }, 'notification connection restored');
    for (const channel of channels) {
      for (const listeners of this.subscribers.get(channel)?.values() ?? []) {
        for (const listener of [...listeners]) this.deliver(listener, { type: 'resync' });
      }
    }
  }

  private dispatch(message: pg.Notification): void {
    let parsed: { key?: unknown; data?: unknown };
    try {
      parsed = JSON.parse(message.payload ?? '') as { key?: unknown; data?: unknown };
    } catch {
      this.logger?.warn({ channel: message.channel }, 'ignored a notification that is not JSON');
      return;
    }
    if (typeof parsed?.key !== 'string') return;
    const listeners = this.subscribers.get(message.channel)?.get(parsed.key);
    if (!listeners) return;
    for (const listener of [...listeners]) this.deliver(listener, { type: 'notification', data: parsed.data });
  }

  private deliver(listener: HubListener, event: HubEvent): void {
    try {
      listener(event);
    } catch (e) {
      this.logger?.error({ err: errorMessage(e) }, 'notification listener failed');
    }
  }

  private startPing(client: pg.Client): void {
    this.stopPing();
    this.pingTimer = setInterval(() => {
      let answered = false;
      const timeout = setTimeout(() => {
        if (!answered) this.dropped(client, new Error('ping timed out'));
      }, this.pingIntervalMs);
      timeout.unref();
      client
        .query('select 1')
        .then(() => {
          answered = true;
          clearTimeout(timeout);
        })
        .catch((e: unknown) => {
          answered = true;
          clearTimeout(timeout);
          this.dropped(client, e);
        });
    }, this.pingIntervalMs);
    this.pingTimer.unref();
  }

  private stopPing(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.wakeSleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      timer.unref();
      this.wakeSleepers.add(wake);
    });
  }
}

function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
