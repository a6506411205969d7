// The unread-messages count of the navbar's badge: in a module of its own, free of schemas, as
// the navbar is in the first load of every page.

/** Unread counts stop at this number (shown as "99+"): counting a flood costs nothing more. */
export const UNREAD_COUNT_CAP = 100;

/** "3", or "99+" once the count reached the cap. */
export function unreadLabel(count: number): string {
  return count >= UNREAD_COUNT_CAP ? `${UNREAD_COUNT_CAP - 1}+` : String(count);
}
