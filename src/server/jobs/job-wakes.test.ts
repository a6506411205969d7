import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../logger';
import type { NotificationHub } from '../realtime/notification-hub';
import { DELIVERY_CHANNEL, DELIVERY_WAKE_KEY } from '../features/notifications/notifications.service';
import { JOBS, wakeJobsOnWrites } from './app-jobs';
import type { JobQueue } from './job-queue';

/** A hub whose NOTIFYs the test fires by hand, and a queue that counts what it was sent. */
function fakes() {
  const listeners = new Map<string, () => void>();
  const hub: NotificationHub = {
    subscribe: async (channel, key, listener) => {
      listeners.set(`${channel}:${key}`, () => listener(null as never));
      return () => listeners.delete(`${channel}:${key}`);
    },
    subscriberCount: () => listeners.size,
    close: async () => undefined,
  };
  const sent: string[] = [];
  const queue: JobQueue = {
    send: async (name) => void sent.push(name),
    stop: async () => undefined,
  };
  const written = () => listeners.get(`${DELIVERY_CHANNEL}:${DELIVERY_WAKE_KEY}`)!();
  return { hub, queue, sent, written };
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
