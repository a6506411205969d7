import { describe, expect, it } from 'vitest';
import type { Clock } from '../clock';
import { createPublicReadCache, type CachedAnswer } from './public-read-cache';

/** A clock the test moves by hand. */
function manualClock(start = Date.parse('2026-11-28T00:00:00Z')) {
  let now = start;
  const clock: Clock = { now: () => new Date(now) };
  return { clock, advance: (ms: number) => (now += ms) };
}

const answer = (text: string): CachedAnswer => ({ body: text, contentType: 'application/json' });

/** A load that counts its calls and answers what `next` says. */
function counted(next: () => CachedAnswer | null) {
  const calls = { n: 0 };
  return { calls, load: async () => ((calls.n += 1), next()) };
}

/** A load that waits until the test lets it answer. */
function heldLoad(value: CachedAnswer) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { release, load: async () => (await gate, value) };
}

describe('the shared cache of public reads', () => {
  it('answers from memory within its life and reads again after it', async () => {
    const { clock, advance } = manualClock();
    const cache = createPublicReadCache({ clock, ttlSeconds: 10 });
    let version = 1;
    const { calls, load } = counted(() => answer(`v${version}`));
    expect((await cache.read('k', [], load))?.body).toBe('v1');
    version = 2;
    advance(9_999);
    expect((await cache.read('k', [], load))?.body).toBe('v1');
    expect(calls.n).toBe(1);
    advance(1);
    expect((await cache.read('k', [], load))?.body).toBe('v2');
    expect(calls.n).toBe(2);
  });

  it('forgets every entry of a tag at once, and only those', async () => {
    const { clock } = manualClock();
    const cache = createPublicReadCache({ clock, ttlSeconds: 60 });
    await cache.read('profile:a', ['person:a'], async () => answer('a'));
    await cache.read('badges:a', ['person:a'], async () => answer('a-badges'));
    await cache.read('profile:b', ['person:b'], async () => answer('b'));
    expect(cache.size).toBe(3);
    cache.forget('person:a');
    expect(cache.size).toBe(1);
    expect((await cache.read('profile:a', ['person:a'], async () => answer('a2')))?.body).toBe('a2');
    expect((await cache.read('profile:b', ['person:b'], async () => answer('b2')))?.body).toBe('b');
  });

  it('never keeps an answer read before a change it was told of', async () => {
    const { clock } = manualClock();
    const cache = createPublicReadCache({ clock, ttlSeconds: 60 });
    const held = heldLoad(answer('before the change'));
    const reading = cache.read('profile:a', ['person:a'], held.load);
    cache.forget('person:a'); // the change commits while the read is under way
    held.release();
    expect((await reading)?.body).toBe('before the change'); // that reader had asked first
    expect((await cache.read('profile:a', ['person:a'], async () => answer('after')))?.body).toBe('after');
  });

  it('shares one load among readers who miss together', async () => {
    const { clock } = manualClock();
    const cache = createPublicReadCache({ clock, ttlSeconds: 60 });
    const held = heldLoad(answer('x'));
    let loads = 0;
    const load = () => ((loads += 1), held.load());
    const readers = Array.from({ length: 50 }, () => cache.read('k', [], load));
    held.release();
    const answers = await Promise.all(readers);
    expect(loads).toBe(1);
    expect(new Set(answers.map((a) => a?.body))).toEqual(new Set(['x']));
  });

  it('keeps no "not found" (made-up ids cost a read, never memory)', async () => {
    const { clock } = manualClock();
    const cache = createPublicReadCache({ clock, ttlSeconds: 60 });
    const { calls, load } = counted(() => null);
    expect(await cache.read('profile:nobody', [], load)).toBeNull();
    expect(await cache.read('profile:nobody', [], load)).toBeNull();
    expect(calls.n).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('holds at most maxEntries, letting the oldest go first', async () => {
    const { clock } = manualClock();
    const cache = createPublicReadCache({ clock, ttlSeconds: 60, maxEntries: 3 });
    for (const key of ['a', 'b', 'c', 'd']) await cache.read(key, [`t:${key}`], async () => answer(key));
    expect(cache.size).toBe(3);
    const { calls, load } = counted(() => answer('a again'));
    expect((await cache.read('a', [], load))?.body).toBe('a again');
    expect(calls.n).toBe(1);
    cache.forget('t:a'); // the evicted entry's tag is gone with it
    expect(cache.size).toBe(3);
  });

  it('keeps nothing when off (a TTL of 0, or not listening for changes)', async () => {
    const { clock } = manualClock();
    for (const cache of [createPublicReadCache({ clock, ttlSeconds: 0 }), createPublicReadCache({ clock, ttlSeconds: 10, enabled: false })]) {
      const { calls, load } = counted(() => answer('x'));
      await cache.read('k', [], load);
      await cache.read('k', [], load);
      expect(calls.n).toBe(2);
      expect(cache.size).toBe(0);
    }
    const zero = createPublicReadCache({ clock, ttlSeconds: 0 });
    zero.setEnabled(true);
    expect(zero.enabled).toBe(false);
  });

  it('turned off, forgets what it kept', async () => {
    const { clock } = manualClock();
    const cache = createPublicReadCache({ clock, ttlSeconds: 10 });
    await cache.read('k', [], async () => answer('x'));
    cache.setEnabled(false);
    expect(cache.size).toBe(0);
  });
});
