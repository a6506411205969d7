import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createTestDatabase } from '../../test/test-database';
import { createTestApp } from '../../test/test-app';
import { createUser } from '../../test/factories';
import { grantAdministrators, listAdministrators, setAdministrator } from './admin.service';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});

describe('administrators come only from the server side', () => {
  it('grants and revokes by email, case-insensitively; unknown emails change nothing', async () => {
    const u = await createUser(database.db);
    expect(await setAdministrator(database, u.email.toUpperCase(), true)).toBe(true);
    expect(await listAdministrators(database)).toContain(u.email);
    expect(await setAdministrator(database, u.email, false)).toBe(true);
    expect(await listAdministrators(database)).not.toContain(u.email);
    expect(await setAdministrator(database, 'nobody@example.test', true)).toBe(false);
  });

  it('ADMIN_EMAILS grants at start-up', async () => {
    const a = await createUser(database.db);
    const b = await createUser(database.db);
    expect(await grantAdministrators(database, [a.email, 'missing@example.test'])).toBe(1);
    const admins = await listAdministrators(database);
    expect(admins).toContain(a.email);
    expect(admins).not.toContain(b.email);
  });

  it('a browser cannot make itself administrator through the profile API', async () => {
    const u = await createUser(database.db);
    const t = createTestApp(database.db);
    const cookie = await t.signIn(u.email, u.password);
    for (const path of ['/api/me/tagline', '/api/me/bio']) {
      await t.request(path, { method: 'PATCH', cookie, json: { tagline: 'x', bio: 'x', isAdministrator: true, is_administrator: true } });
    }
    const me = (await (await t.request('/api/me', { cookie })).json()) as { isAdministrator: boolean };
    expect(me.isAdministrator).toBe(false);
  });
});
