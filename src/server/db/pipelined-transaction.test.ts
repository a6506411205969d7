import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client';
import { users } from './schema/auth';
import { createTestDatabase } from '../test/test-database';
import { createUser } from '../test/factories';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});

describe("a transaction's relational queries (built when first asked for)", () => {
  it('reads through tx.query inside the transaction and inside a savepoint, and sees its own writes', async () => {
    const user = await createUser(database.db);
    const seen = await database.db.transaction(async (tx) => {
      await tx.update(users).set({ tagline: 'Written in the transaction' }).where(eq(users.id, user.id));
      const outer = await tx.query.users.findFirst({ where: eq(users.id, user.id), columns: { tagline: true } });
      const inner = await tx.transaction(async (sp) => (await sp.query.users.findFirst({ where: eq(users.id, user.id), columns: { id: true } }))?.id);
      return { outer: outer?.tagline, inner, same: tx.query === tx.query };
    });
    expect(seen).toEqual({ outer: 'Written in the transaction', inner: user.id, same: true });
  });

  it('rolls back what a failed savepoint wrote and keeps the rest, as drizzle does', async () => {
    const user = await createUser(database.db);
    await database.db.transaction(async (tx) => {
      await tx.update(users).set({ tagline: 'kept' }).where(eq(users.id, user.id));
      await expect(
        tx.transaction(async (sp) => {
          await sp.update(users).set({ bio: 'rolled back' }).where(eq(users.id, user.id));
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
    });
    const [row] = await database.db.select({ tagline: users.tagline, bio: users.bio }).from(users).where(eq(users.id, user.id));
    expect(row).toEqual({ tagline: 'kept', bio: '' });
  });
});
