import { friendshipPair } from '../../domain/social/friends';
import type { DbOrTx } from '../db/client';
import { friendships } from '../db/schema/social';

/** Makes two users friends directly (the friendships row, smaller id first), as accepting a request would. */
export async function makeFriends(db: DbOrTx, a: string, b: string): Promise<void> {
  await db.insert(friendships).values(friendshipPair(a, b)).onConflictDoNothing();
}
