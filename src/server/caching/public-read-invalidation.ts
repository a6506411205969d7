import type { Logger } from '../logger';
import type { NotificationHub, Unsubscribe } from '../realtime/notification-hub';
import { publicReadTags, type PublicReadCache } from './public-read-cache';

/**
 * The channel PostgreSQL's triggers notify when something every reader sees changed (migration
 * 0029: a person's name, photo, tagline, alignment, home, hidden or deleted state; a photo
 * removed). The payload's key is always `changed`, its data the tag to forget
 * (`person:<id>`, `photo:<id>`): the triggers fire in every writing transaction, whatever code
 * wrote, and the notification leaves at its commit, to every process of every server.
 */
export const PUBLIC_READS_CHANNEL = 'public_reads';
export const PUBLIC_READS_KEY = 'changed';

/**
 * Makes this process's cache forget what the database says changed. If the listening
 * connection was lost (notifications missed), everything is forgotten.
 */
export async function forgetOnChanges(hub: NotificationHub, cache: PublicReadCache, logger?: Logger): Promise<Unsubscribe> {
  return hub.subscribe(PUBLIC_READS_CHANNEL, PUBLIC_READS_KEY, (event) => {
    if (event.type === 'resync') {
      cache.clear();
      return;
    }
    const tag = event.data;
    if (typeof tag !== 'string') {
      logger?.warn({ tag }, 'public reads: an invalidation without a tag; forgetting everything');
      cache.clear();
      return;
    }
    cache.forget(tag);
    // A person's change also drops the lists that show people (leaderboards, Delegates).
    if (tag.startsWith('person:')) cache.forget(publicReadTags.people);
  });
}
