import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { AppError } from '../http/app-error';
import { loggableError, type Logger } from '../logger';
import type { HubEvent, NotificationHub } from './notification-hub';

/** Writes one Server-Sent Event: `event` names it, `data` goes as JSON, `id` is optional. */
export type SendEvent = (event: string, data: unknown, id?: string) => Promise<void>;

export interface HubStreamOptions {
  /** The process's LISTEN/NOTIFY hub; without it the stream answers 503 with `unavailableMessage`. */
  hub: NotificationHub | undefined;
  unavailableMessage: string;
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
 * subscription and the timer end with the stream.
 */
export function streamHubEvents(c: Context, options: HubStreamOptions): Response | Promise<Response> {
  const { hub } = options;
  if (!hub) throw new AppError(503, 'realtime_unavailable', options.unavailableMessage);
  c.header('X-Accel-Buffering', 'no');

  return streamSSE(c, async (stream) => {
    const queue: HubEvent[] = [];
    let wake: (() => void) | null = null;
    const nudge = () => {
      const w = wake;
      wake = null;
      w?.();
    };
    stream.onAbort(nudge);
    const send: SendEvent = (event, data, id) => stream.writeSSE({ event, id, data: JSON.stringify(data) });

    let unsubscribe: (() => void) | null = null;
    let heartbeat: NodeJS.Timeout | null = null;
    try {
      unsubscribe = await hub.subscribe(options.channel, options.key, (event) => {
        queue.push(event);
        nudge();
      });
      if (stream.aborted) return;
      heartbeat = setInterval(() => void stream.write(': heartbeat\n\n'), options.heartbeatMs);
      await send('ready', options.readyData ?? {});

      while (!stream.aborted) {
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
    }
  });
}
