import { randomBytes } from 'node:crypto';
import { invitationCodeFrom } from '../../domain/caucuses/caucus-schemas';
import type { DbOrTx } from '../db/client';
import { caucusMembers, caucuses } from '../db/schema/caucuses';
import { createUser } from './factories';

type NewCaucus = typeof caucuses.$inferInsert;

/** A caucus row (no members) for tests; OH-3 level 1 open by default. */
export async function createCaucusRow(db: DbOrTx, overrides: Partial<NewCaucus> = {}) {
  const [row] = await db
    .insert(caucuses)
    .values({ name: 'Test Caucus', state: 'OH', district: 3, level: 1, invitationCode: invitationCodeFrom(randomBytes(6)), ...overrides })
    .returning();
  return row!;
}

/** `n` users of the caucus's district, joined as voting members. */
export async function addVotingMembers(db: DbOrTx, caucus: { id: string; state: string; district: number }, n: number, options: { verified?: boolean } = {}) {
  const members = [];
  for (let i = 0; i < n; i++) {
    const user = await createUser(db, { state: caucus.state, district: caucus.district, verified: options.verified ?? true });
    await db.insert(caucusMembers).values({ caucusId: caucus.id, userId: user.id, isVotingMember: true });
    members.push(user);
  }
  return members;
}

export async function addOrganizer(db: DbOrTx, caucusId: string, userId: string) {
  await db.insert(caucusMembers).values({ caucusId, userId, isVotingMember: false, isOrganizer: true });
}
