import type { Context } from 'hono';
import { AppError } from '../http/app-error';
import { loggableError, type Logger } from '../logger';
import type { HubEvent, NotificationHub } from './notification-hub';
import { LIVE_STREAMS_UNAVAILABLE, STREAM_RETRY_AFTER_SECONDS, type StreamCap } from './stream-cap';

/** Writes one Server-Sent Event: `event` names it, `data` goes as JSON, `id` is optional. */
export type SendEvent = (event: string, data: unknown, id?: string) => Promise<void>;

export interface HubStreamOptions {
  /** The process's LISTEN/NOTIFY hub; without it the stream answers 503 with `unavailableMessage`. */
  hub: NotificationHub | undefined;
  unavailableMessage: string;
  /** The process's cap on open streams (shared by every stream route); past it, 503 with Retry-After. */
  cap?: StreamCap;
  channel: string;
  /** Only this key's notifications reach the stream (a caucus id, a user id, a challenge id). */
  key: string;
  /** A comment line this often keeps proxies from closing an idle stream. */
  heartbeatMs: number;
  /** The data of the `ready` event sent once subscribed (the client reloads then, so nothing falls between). */
  readyData?: unknown;
  /**
   * Runs before each event is written (e.g. access checked again): throwing ends the stream
   * quietly when it is an AppError (the client's reconnect then gets the refusal).
   */
  beforeEvent?: () => Promise<void>;
  /** Turns one notification's payload into events (reading the row it names, checking who may see it). */
  onNotification: (data: unknown, send: SendEvent) => Promise<void>;
  logger?: Logger;
  /** What the warning logged when the stream ends by an unexpected error says. */
  logContext?: Record<string, unknown>;
}

/**
 * A live stream fed by the notification hub (decision 007): subscribes to `channel`/`key`,
 * sends `ready` once listening, hands each notification to `onNotification`, sends `resync`
 * when this process lost its LISTEN connection (the client reloads), and a heartbeat comment
 * every `heartbeatMs`. Events are written one at a time, in the order they arrived; the
 * subscription, the timer and the stream's place under `cap` end with the stream, however it
 * ends (the client gone, the server closing, an error).
 */
export function streamHubEvents(c: Context, options: HubStreamOptions): Response {
  const { hub } = options;
  if (!hub) throw new AppError(503, 'realtime_unavailable', options.unavailableMessage);
  const release = options.cap ? options.cap.tryTake() : () => undefined;
  if (!release) {
    // Answered here rather than thrown: the refusal needs its Retry-After header.
    return c.json({ error: { code: 'too_many_streams', message: LIVE_STREAMS_UNAVAILABLE } }, 503, {
      'Retry-After': String(STREAM_RETRY_AFTER_SECONDS),
    });
  }
  try {
    return openStream(c, hub, options, release);
  } catch (e) {
    release();
    throw e;
  }
}

const encoder = new TextEncoder();
/** A comment line, the same bytes for every stream (nothing writes into them). */
const HEARTBEAT = encoder.encode(': heartbeat\n\n');

/**
 * After the stream drops (the server restarting, a network change) the browser reconnects after
 * this long plus a random part of RECONNECT_SPREAD_MS (the `retry` field of `ready`): 10,000 pages
 * coming back after a restart arrive spread over seconds rather than in one burst.
 */
const RECONNECT_MS = 2000;
const RECONNECT_SPREAD_MS = 8000;

/** One event in the text/event-stream format; `data` is JSON (one line, so one `data:` field). */
function formatEvent(event: string, data: unknown, id?: string, retryMs?: number): string {
  if (/[\r\n]/.test(event) || (id !== undefined && /[\r\n]/.test(id))) throw new Error('An event name or id must not contain a line break');
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n${id === undefined ? '' : `id: ${id}\n`}${retryMs === undefined ? '' : `retry: ${retryMs}\n`}\n`;
}

/**
 * The stream's body is one ReadableStream the loop below pushes into, rather than Hono's
 * streamSSE (a TransformStream behind another ReadableStream): about 10 kB less memory a stream and
 * fewer promise hops per write, which matters at 10,000 open streams (docs/benchmarks.md,
 * "Live streams"). Pushing never waits for the client: a heartbeat is skipped while anything is
 * still queued for it, so a client that stops reading does not pile them up.
 */
function openStream(c: Context, hub: NotificationHub, options: HubStreamOptions, release: () => void): Response {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let cancelled = false;
  let wake: (() => void) | null = null;
  const nudge = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  const body = new ReadableStream<Uint8Array>({
    start: (k) => {
      controller = k;
    },
    // The client went away: the server cancels the body when the socket closes.
    cancel: () => {
      cancelled = true;
      nudge();
    },
  });
  const push = (bytes: Uint8Array) => {
    if (cancelled) return;
    try {
      controller.enqueue(bytes);
    } catch {
      // The body is already closed: nothing reads it any more, so the stream is over.
      cancelled = true;
      nudge();
    }
  };
  const write = (text: string) => push(encoder.encode(text));
  const send: SendEvent = async (event, data, id) => write(formatEvent(event, data, id));

  const run = async () => {
    const queue: HubEvent[] = [];
    let unsubscribe: (() => void) | null = null;
    let heartbeat: NodeJS.Timeout | null = null;
    try {
      unsubscribe = await hub.subscribe(options.channel, options.key, (event) => {
        queue.push(event);
        nudge();
      });
      if (cancelled) return;
      heartbeat = setInterval(() => {
        if ((controller.desiredSize ?? 0) > 0) push(HEARTBEAT);
      }, options.heartbeatMs);
      write(formatEvent('ready', options.readyData ?? {}, undefined, RECONNECT_MS + Math.floor(Math.random() * RECONNECT_SPREAD_MS)));

      while (!cancelled) {
        const event = queue.shift();
        if (!event) {
          await new Promise<void>((resolve) => (wake = resolve));
          continue;
        }
        await options.beforeEvent?.();
        if (event.type === 'resync') {
          await send('resync', {});
          continue;
        }
        await options.onNotification(event.data, send);
      }
    } catch (e) {
      if (!(e instanceof AppError)) {
        options.logger?.warn({ ...options.logContext, err: loggableError(e) }, 'live stream ended by an error');
      }
    } finally {
      if (heartbeat) clearInterval(heartbeat);
      unsubscribe?.();
      release();
      // Ended here (an error, a refusal, the hub closing): the client sees the end and reconnects.
      if (!cancelled) {
        try {
          controller.close();
        } catch {
          /* already closed */
        }
      }
    }
  };
  void run();

  return c.newResponse(body, 200, {
    'Content-Type': 'text/event-stream',
    'Cache-Control': 'no-cache',
    Connection: 'keep-alive',
    // No buffering by a proxy in front (nginx): each event goes out as it is written.
    'X-Accel-Buffering': 'no',
  });
}
