import type { Clock } from '../clock';

/**
 * A short shared cache for the public reads that are the same for everyone (issue 33, decision
 * 054): the movement's map and figures, the leaderboards, a public profile with its activities
 * and badges, a photo. One per server process; what it keeps is an answer's bytes, ready to send.
 *
 * - An entry lives `ttlSeconds` at most: the staleness any reader may see is bounded by it.
 * - `forget(tag)` drops every entry carrying the tag at once (a person's profile, their photos,
 *   every list that shows people). A read that started before a forget never stores its answer:
 *   each forget moves the generation on, and a load stores only under the generation it began in.
 * - Concurrent misses of one key share one load (no stampede on a popular page).
 * - At most `maxEntries` entries: past it, the oldest stored goes first.
 * - A load that answers `null` (not found) is not kept: made-up ids cost a read each, never memory.
 */
export interface CachedAnswer {
  /** The body as it is sent (JSON text or bytes). */
  body: string | Uint8Array;
  contentType: string;
  /** The answer's own Cache-Control, when its route sets one (photos, the movement's figures). */
  cacheControl?: string;
}

export interface PublicReadCache {
  /** The cached answer of `key`, or the one `load` makes (kept under `tags` unless null). */
  read(key: string, tags: readonly string[], load: () => Promise<CachedAnswer | null>): Promise<CachedAnswer | null>;
  /** Drops every entry carrying `tag`. */
  forget(tag: string): void;
  /** Drops everything (after missed invalidations: a reconnected listener). */
  clear(): void;
  /** How many entries are kept (tests, metrics). */
  readonly size: number;
  /** Whether the cache keeps anything now (a TTL of 0 turns it off for good). */
  readonly enabled: boolean;
  /**
   * Turns keeping on or off (off clears it): off until the process listens for changes, and
   * again if it cannot, so that nothing is kept that no one could make it forget.
   */
  setEnabled(on: boolean): void;
}

interface Entry {
  answer: CachedAnswer;
  expiresAt: number;
  tags: readonly string[];
}

export const PUBLIC_READ_CACHE_MAX_ENTRIES = 20_000;

/** Tags of the entries a change drops (the names the invalidation events carry). */
export const publicReadTags = {
  /** Everything drawn from one person's public columns, activities and badges. */
  person: (userId: string) => `person:${userId}`,
  /** One photo's bytes. */
  photo: (photoId: string) => `photo:${photoId}`,
  /** Lists that show people's names and photos (leaderboards, a district's Delegates). */
  people: 'people',
  /** The movement's aggregates (the map, a state's tiles, progress): forgotten at each refresh. */
  movement: 'movement',
} as const;

export function createPublicReadCache(options: { clock: Clock; ttlSeconds: number; maxEntries?: number; enabled?: boolean }): PublicReadCache {
  const ttlMs = Math.max(0, options.ttlSeconds) * 1000;
  let on = ttlMs > 0 && (options.enabled ?? true);
  const maxEntries = options.maxEntries ?? PUBLIC_READ_CACHE_MAX_ENTRIES;
  const entries = new Map<string, Entry>();
  const byTag = new Map<string, Set<string>>();
  const loading = new Map<string, Promise<CachedAnswer | null>>();
  let generation = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    for (const tag of entry.tags) {
      const keys = byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) byTag.delete(tag);
    }
  };

  const store = (key: string, tags: readonly string[], answer: CachedAnswer) => {
    drop(key);
    while (entries.size >= maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      drop(oldest);
    }
    entries.set(key, { answer, expiresAt: options.clock.now().getTime() + ttlMs, tags });
    for (const tag of tags) {
      let keys = byTag.get(tag);
      if (!keys) byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  };

  const cache: PublicReadCache = {
    get enabled() {
      return on;
    },
    setEnabled(value) {
      on = ttlMs > 0 && value;
      if (!on) cache.clear();
    },
    get size() {
      return entries.size;
    },
    async read(key, tags, load) {
      if (!on) return load();
      const entry = entries.get(key);
      if (entry) {
        if (entry.expiresAt > options.clock.now().getTime()) return entry.answer;
        drop(key);
      }
      const pending = loading.get(key);
      if (pending) return pending;
      const started = generation;
      const promise = load()
        .then((answer) => {
          if (answer && on && generation === started) store(key, tags, answer);
          return answer;
        })
        .finally(() => {
          if (loading.get(key) === promise) loading.delete(key);
        });
      loading.set(key, promise);
      return promise;
    },
    forget(tag) {
      generation += 1;
      // A load in flight may have read before the change: the next reader loads again.
      loading.clear();
      for (const key of [...(byTag.get(tag) ?? [])]) drop(key);
    },
    clear() {
      generation += 1;
      loading.clear();
      entries.clear();
      byTag.clear();
    },
  };
  return cache;
}
