import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../logger';
import type { HubListener, NotificationHub } from '../realtime/notification-hub';
import { DELIVERY_CHANNEL, DELIVERY_LATER_KEY, DELIVERY_WAKE_KEY } from '../features/notifications/notifications.service';
import { JOBS, wakeJobsOnWrites } from './app-jobs';
import type { JobQueue } from './job-queue';

/** A hub whose NOTIFYs the test fires by hand, and a queue that counts what it was sent. */
function fakes() {
  const listeners = new Map<string, HubListener>();
  const hub: NotificationHub = {
    subscribe: async (channel, key, listener) => {
      listeners.set(`${channel}:${key}`, listener);
      return () => listeners.delete(`${channel}:${key}`);
    },
    subscriberCount: () => listeners.size,
    close: async () => undefined,
  };
  const sent: string[] = [];
  const options: Array<{ startAfterSeconds?: number; singletonKey?: string } | undefined> = [];
  const queue: JobQueue = {
    send: async (name, _data, sendOptions) => {
      sent.push(name);
      options.push(sendOptions);
    },
    stop: async () => undefined,
  };
  const written = () => listeners.get(`${DELIVERY_CHANNEL}:${DELIVERY_WAKE_KEY}`)!({ type: 'notification', data: null });
  /** A notification that falls due at `at` (a private message's), or the hub's resync. */
  const writtenForLater = (at: string | null) =>
    listeners.get(`${DELIVERY_CHANNEL}:${DELIVERY_LATER_KEY}`)!(at === null ? { type: 'resync' } : { type: 'notification', data: at });
  return { hub, queue, sent, options, written, writtenForLater };
}

/** Lets the queue's send promises settle (no timers involved). */
const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

afterEach(() => vi.useRealTimers());

describe('waking the delivery job on writes', () => {
  it('sends one wake at once, then at most one per interval however many writes arrive', async () => {
    vi.useFakeTimers();
    const { hub, queue, sent, written } = fakes();
    const stop = await wakeJobsOnWrites(hub, queue, createLogger('silent'), { mail: false, minIntervalMs: 200 });
    for (let i = 0; i < 100; i++) written();
    await settle();
    expect(sent).toEqual([JOBS.deliverNotifications]); // the first write is not kept waiting
    await vi.advanceTimersByTimeAsync(199);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(2); // the 99 others, gathered into one wake
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toHaveLength(2); // nothing was written since: no more wakes
    stop();
  });

  it('wakes at once for writes further apart than the interval', async () => {
    vi.useFakeTimers();
    const { hub, queue, sent, written } = fakes();
    const stop = await wakeJobsOnWrites(hub, queue, createLogger('silent'), { mail: false, minIntervalMs: 200 });
    for (let i = 1; i <= 3; i++) {
      written();
      await settle();
      expect(sent).toHaveLength(i);
      await vi.advanceTimersByTimeAsync(250);
    }
    stop();
  });

  it('sends nothing after it is stopped, not even a wake it was holding back', async () => {
    vi.useFakeTimers();
    const { hub, queue, sent, written } = fakes();
    const stop = await wakeJobsOnWrites(hub, queue, createLogger('silent'), { mail: false, minIntervalMs: 200 });
    written();
    await settle();
    written();
    await settle();
    stop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toHaveLength(1);
  });
});

describe('setting the delivery of what falls due later (a private message’s wait)', () => {
  it('asks for one run at each slot, however many notifications fall due in it, and none at once', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2030-01-01T10:00:00.000Z'));
    const { hub, queue, sent, options, writtenForLater } = fakes();
    const stop = await wakeJobsOnWrites(hub, queue, createLogger('silent'), { mail: false, minIntervalMs: 200 });
    // 300 messages in the same second, all due 20 s later, in one slot (10:00:20 to 10:00:25).
    for (let i = 0; i < 300; i++) writtenForLater(new Date(Date.parse('2030-01-01T10:00:20.000Z') + i * 3).toISOString());
    await settle();
    expect(sent).toEqual([JOBS.deliverNotificationsLater, JOBS.deliverNotificationsLater]);
    expect(options).toEqual([
      { startAfterSeconds: 20, singletonKey: '2030-01-01T10:00:20' }, // the first, due on the mark
      { startAfterSeconds: 25, singletonKey: '2030-01-01T10:00:25' }, // the 299 others
    ]);
    // A later one in a slot already asked for asks nothing more; one in the next slot asks for it.
    writtenForLater('2030-01-01T10:00:24.000Z');
    writtenForLater('2030-01-01T10:00:26.000Z');
    await settle();
    expect(options.at(-1)).toEqual({ startAfterSeconds: 30, singletonKey: '2030-01-01T10:00:30' });
    expect(sent).toHaveLength(3);
    expect(sent).not.toContain(JOBS.deliverNotifications);
    stop();
  });

  it('asks for a slot again once it has passed, and wakes delivery at once on a resync (what was missed is unknown)', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2030-01-01T10:00:00.000Z'));
    const { hub, queue, sent, options, writtenForLater } = fakes();
    const stop = await wakeJobsOnWrites(hub, queue, createLogger('silent'), { mail: false, minIntervalMs: 200 });
    writtenForLater('2030-01-01T10:00:02.000Z');
    await settle();
    await vi.advanceTimersByTimeAsync(6_000);
    writtenForLater('2030-01-01T10:00:04.000Z'); // late: its slot passed, so it is asked for again (at least 1 s on)
    await settle();
    expect(options).toEqual([
      { startAfterSeconds: 5, singletonKey: '2030-01-01T10:00:05' },
      { startAfterSeconds: 1, singletonKey: '2030-01-01T10:00:05' },
    ]);
    writtenForLater(null);
    writtenForLater('not a time');
    await settle();
    expect(sent.slice(2)).toEqual([JOBS.deliverNotifications]); // two wakes at once, gathered into one
    stop();
    expect(hub.subscriberCount()).toBe(0); // nothing is heard after it is stopped
  });
});
