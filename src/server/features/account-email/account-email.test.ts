import { and, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_CHANGE_MESSAGES, type EmailChangeRequested, type OwnEmail } from '../../../domain/accounts/email-change';
import { RECENT_PROOF_REQUIRED } from '../../../domain/accounts/recent-proof';
import type { Database } from '../../db/client';
import { emailChanges, sessions, users } from '../../db/schema/auth';
import { emailInvitations, votingMemberInvitations } from '../../db/schema/caucuses';
import { mailOutbox, newsletterSubscriptions, rateLimits } from '../../db/schema/platform';
import { signInKey } from '../../http/account-throttle';
import { createCaucusRow } from '../../test/caucus-factories';
import { emailChangeTokenIn } from '../../test/email-change-links';
import { createUser } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { hashEmailChangeToken } from './account-email.service';

let database: Database;
let t: ReturnType<typeof createTestApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  t = createTestApp(database.db);
});

type Person = Awaited<ReturnType<typeof createUser>>;
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;
let n = 0;
const freshAddress = () => `new${++n}-${Date.now()}@example.test`;

async function mailsTo(address: string) {
  return database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address)).orderBy(desc(mailOutbox.createdAt));
}
const tokenIn = (address: string, kind: 'confirm' | 'undo') => emailChangeTokenIn(database.db, address, kind);
const userRow = async (id: string) => (await database.db.select().from(users).where(eq(users.id, id)))[0]!;

/** A person signed in (a fresh session: a fresh proof) who asked to move to a new address. */
async function requested(person?: Person, newEmail = freshAddress()) {
  const who = person ?? (await createUser(database.db));
  const cookie = await t.signIn(who.email, who.password);
  const res = await t.request('/api/me/email', { method: 'POST', cookie, json: { newEmail: `  ${newEmail.toUpperCase()} ` } });
  expect(res.status).toBe(202);
  return { who, cookie, newEmail, answer: (await res.json()) as EmailChangeRequested };
}
const confirm = (token: string) => t.request('/api/email-change/confirm', { method: 'POST', json: { token } });
const undo = (token: string) => t.request('/api/email-change/undo', { method: 'POST', json: { token } });

describe('asking for a change (issue 32)', () => {
  it('mails a confirmation link to the new address and "This wasn\'t me" to the old one; stores the tokens only as hashes', async () => {
    const { who, cookie, newEmail, answer } = await requested();
    expect(answer).toMatchObject({ message: EMAIL_CHANGE_MESSAGES.requested, pending: { newEmail } });
    const confirmToken = await tokenIn(newEmail, 'confirm');
    const undoToken = await tokenIn(who.email, 'undo');
    const [row] = await database.db.select().from(emailChanges).where(eq(emailChanges.userId, who.id));
    expect(row).toMatchObject({ oldEmail: who.email, newEmail, confirmTokenHash: hashEmailChangeToken(confirmToken), undoTokenHash: hashEmailChangeToken(undoToken) });
    expect(JSON.stringify(row)).not.toContain(confirmToken);
    expect((await mailsTo(who.email))[0]!.textBody).toContain(newEmail);
    // Nothing changes until the new address confirms it.
    expect((await userRow(who.id)).email).toBe(who.email);
    const own = (await (await t.request('/api/me/email', { cookie })).json()) as OwnEmail;
    expect(own).toEqual({ email: who.email, pending: answer.pending });
  });

  it('answers the same when the address belongs to someone else, and sends it no link', async () => {
    const owner = await createUser(database.db);
    const { who, answer } = await requested(undefined, owner.email);
    expect(answer.message).toBe(EMAIL_CHANGE_MESSAGES.requested);
    expect(await mailsTo(owner.email)).toEqual([]);
    expect(await mailsTo(who.email)).toHaveLength(1);
  });

  it.each([
    ['not an address', 'nobody', EMAIL_CHANGE_MESSAGES.invalidEmail],
    ['too long', `${'a'.repeat(250)}@example.test`, EMAIL_CHANGE_MESSAGES.invalidEmail],
    ['missing', undefined, EMAIL_CHANGE_MESSAGES.invalidEmail],
  ])('refuses an address %s with the message people read, changing nothing', async (_name, newEmail, message) => {
    const who = await createUser(database.db);
    const res = await t.request('/api/me/email', { method: 'POST', cookie: await t.cookieFor(who), json: { newEmail } });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(message);
    expect(await database.db.select().from(emailChanges).where(eq(emailChanges.userId, who.id))).toEqual([]);
  });

  it('refuses the address one already has (in any letter case)', async () => {
    const who = await createUser(database.db);
    const res = await t.request('/api/me/email', { method: 'POST', cookie: await t.cookieFor(who), json: { newEmail: who.email.toUpperCase() } });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(EMAIL_CHANGE_MESSAGES.sameEmail);
  });

  it('asks the person to confirm it is them when their last proof is older than the setting', async () => {
    const who = await createUser(database.db);
    const cookie = await t.signIn(who.email, who.password);
    await database.db.update(sessions).set({ provenAt: sql`now() - interval '11 minutes'` }).where(eq(sessions.userId, who.id));
    const res = await t.request('/api/me/email', { method: 'POST', cookie, json: { newEmail: freshAddress() } });
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toMatchObject({ code: RECENT_PROOF_REQUIRED.code, message: RECENT_PROOF_REQUIRED.message });
    expect(await database.db.select().from(emailChanges).where(eq(emailChanges.userId, who.id))).toEqual([]);
  });

  it('replaces a pending change with a newer one: the first link stops working', async () => {
    const { who, cookie, newEmail: first } = await requested();
    const second = freshAddress();
    expect((await t.request('/api/me/email', { method: 'POST', cookie, json: { newEmail: second } })).status).toBe(202);
    const stale = await confirm(await tokenIn(first, 'confirm'));
    expect(stale.status).toBe(400);
    expect((await errorOf(stale)).message).toBe(EMAIL_CHANGE_MESSAGES.badLink);
    expect((await confirm(await tokenIn(second, 'confirm'))).status).toBe(200);
    expect((await userRow(who.id)).email).toBe(second);
  });

  it('cancels the pending change on request', async () => {
    const { cookie, newEmail } = await requested();
    const res = await t.request('/api/me/email/pending', { method: 'DELETE', cookie });
    expect(res.status).toBe(200);
    expect(((await (await t.request('/api/me/email', { cookie })).json()) as OwnEmail).pending).toBeNull();
    expect((await confirm(await tokenIn(newEmail, 'confirm'))).status).toBe(400);
    expect((await t.request('/api/me/email/pending', { method: 'DELETE', cookie })).status).toBe(409);
  });

  it('limits the requests per person (a setting), counting refusals of no one', async () => {
    const limited = createTestApp(database.db, { settings: { EMAIL_CHANGES_PER_USER_MAX: 2 } });
    const who = await createUser(database.db);
    const cookie = await limited.signIn(who.email, who.password);
    const ask = () => limited.request('/api/me/email', { method: 'POST', cookie, json: { newEmail: freshAddress() } });
    expect((await ask()).status).toBe(202);
    expect((await ask()).status).toBe(202);
    const third = await ask();
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('limits the mails per recipient address, whoever asks', async () => {
    const limited = createTestApp(database.db, { settings: { AUTH_MAILS_PER_RECIPIENT_MAX: 1 } });
    const target = freshAddress();
    const [a, b] = [await createUser(database.db), await createUser(database.db)];
    const first = await limited.request('/api/me/email', { method: 'POST', cookie: await limited.signIn(a.email, a.password), json: { newEmail: target } });
    expect(first.status).toBe(202);
    const second = await limited.request('/api/me/email', { method: 'POST', cookie: await limited.signIn(b.email, b.password), json: { newEmail: target } });
    expect(second.status).toBe(429);
    expect(await database.db.select().from(emailChanges).where(eq(emailChanges.userId, b.id))).toEqual([]);
  });
});

describe('confirming from the new address', () => {
  it('moves the account, its newsletter subscription and its sign-in back-off to the new address; the link works once', async () => {
    const who = await createUser(database.db);
    await database.db.insert(newsletterSubscriptions).values({ email: who.email, userId: who.id });
    const { newEmail } = await requested(who);
    // (after the sign-in of requested(), which forgets failures)
    await database.db.insert(rateLimits).values({ key: signInKey(who.email), windowStart: new Date(), count: 3 });
    const token = await tokenIn(newEmail, 'confirm');
    const res = await confirm(token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ email: newEmail });
    expect(await userRow(who.id)).toMatchObject({ email: newEmail, emailVerified: true });
    expect(await database.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.userId, who.id))).toMatchObject([{ email: newEmail }]);
    expect((await database.db.select().from(rateLimits).where(eq(rateLimits.key, signInKey(newEmail))))[0]?.count).toBe(3);
    // Signs in with the new address, not the old one.
    expect((await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: newEmail, password: who.password } })).status).toBe(200);
    expect((await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: who.email, password: who.password } })).status).toBe(401);
    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect((await errorOf(again)).message).toBe(EMAIL_CHANGE_MESSAGES.badLink);
  });

  it('turns the invitations sent by email to the new address into the person\'s own', async () => {
    const newEmail = freshAddress();
    const caucus = await createCaucusRow(database.db);
    const inviter = await createUser(database.db);
    await database.db.insert(emailInvitations).values({ caucusId: caucus.id, inviterId: inviter.id, email: newEmail, role: 'voting_member' });
    const { who } = await requested(undefined, newEmail);
    expect((await confirm(await tokenIn(newEmail, 'confirm'))).status).toBe(200);
    expect(await database.db.select().from(votingMemberInvitations).where(eq(votingMemberInvitations.inviteeId, who.id))).toHaveLength(1);
  });

  it('refuses an expired link, a made-up one and a malformed one with one clear message', async () => {
    const { who, newEmail } = await requested();
    await database.db.update(emailChanges).set({ confirmExpiresAt: new Date(Date.now() - 1000) }).where(eq(emailChanges.userId, who.id));
    for (const token of [await tokenIn(newEmail, 'confirm'), 'A'.repeat(43), 'short', 42]) {
      const res = await t.request('/api/email-change/confirm', { method: 'POST', json: { token } });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).message).toBe(EMAIL_CHANGE_MESSAGES.badLink);
    }
    expect((await userRow(who.id)).email).toBe(who.email);
  });

  it('answers 409 when the new address was taken meanwhile, changing nothing', async () => {
    const { who, newEmail } = await requested();
    await createUser(database.db, { email: newEmail });
    const res = await confirm(await tokenIn(newEmail, 'confirm'));
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe(EMAIL_CHANGE_MESSAGES.addressTaken);
    expect((await userRow(who.id)).email).toBe(who.email);
  });

  it('lets one of two simultaneous confirmations win', async () => {
    const { who, newEmail } = await requested();
    const token = await tokenIn(newEmail, 'confirm');
    const answers = await Promise.all(Array.from({ length: 4 }, () => confirm(token)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400, 400, 400]);
    expect((await userRow(who.id)).email).toBe(newEmail);
  });
});

describe('"This wasn\'t me" from the old address', () => {
  it('puts the old address back and signs every device out; works once', async () => {
    const { who, cookie, newEmail } = await requested();
    const other = await t.signIn(who.email, who.password);
    expect((await confirm(await tokenIn(newEmail, 'confirm'))).status).toBe(200);
    const token = await tokenIn(who.email, 'undo');
    const res = await undo(token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ email: who.email, signedOut: true });
    expect((await userRow(who.id)).email).toBe(who.email);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, who.id))).toEqual([]);
    for (const c of [cookie, other]) expect(await (await t.request('/api/session', { cookie: c })).json()).toEqual({ user: null });
    expect((await undo(token)).status).toBe(400);
  });

  it('works from a browser signed in to a suspended account (the token is the authority)', async () => {
    const { who, cookie, newEmail } = await requested();
    expect((await confirm(await tokenIn(newEmail, 'confirm'))).status).toBe(200);
    await database.db.update(users).set({ suspendedUntil: new Date(Date.now() + 86_400_000), suspensionReason: 'Spam' }).where(eq(users.id, who.id));
    const res = await t.request('/api/email-change/undo', { method: 'POST', cookie, json: { token: await tokenIn(who.email, 'undo') } });
    expect(res.status).toBe(200);
    expect((await userRow(who.id)).email).toBe(who.email);
  });

  it('cancels a change not yet confirmed, so its link no longer works', async () => {
    const { who, newEmail } = await requested();
    expect((await undo(await tokenIn(who.email, 'undo'))).status).toBe(200);
    expect((await confirm(await tokenIn(newEmail, 'confirm'))).status).toBe(400);
    expect((await userRow(who.id)).email).toBe(who.email);
  });

  it('stops a later change\'s "This wasn\'t me", so it cannot move the address away again', async () => {
    const original = await requested();
    const first = original.newEmail;
    expect((await confirm(await tokenIn(first, 'confirm'))).status).toBe(200);
    const second = await requested({ ...original.who, email: first });
    expect((await confirm(await tokenIn(second.newEmail, 'confirm'))).status).toBe(200);
    expect((await undo(await tokenIn(original.who.email, 'undo'))).status).toBe(200);
    expect((await userRow(original.who.id)).email).toBe(original.who.email);
    expect((await undo(await tokenIn(first, 'undo'))).status).toBe(400);
    expect((await userRow(original.who.id)).email).toBe(original.who.email);
  });

  it('expires (a setting, 72 hours by default)', async () => {
    const { who } = await requested();
    const [row] = await database.db.select().from(emailChanges).where(eq(emailChanges.userId, who.id));
    expect(row!.undoExpiresAt!.getTime() - row!.requestedAt.getTime()).toBe(72 * 3_600_000);
    await database.db.update(emailChanges).set({ undoExpiresAt: new Date(Date.now() - 1000) }).where(eq(emailChanges.userId, who.id));
    const res = await undo(await tokenIn(who.email, 'undo'));
    expect(res.status).toBe(400);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, who.id))).not.toEqual([]);
  });

  it('refuses with 409, changing nothing, when someone took the old address meanwhile', async () => {
    const { who, newEmail } = await requested();
    expect((await confirm(await tokenIn(newEmail, 'confirm'))).status).toBe(200);
    await createUser(database.db, { email: who.email });
    const res = await undo(await tokenIn(who.email, 'undo'));
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe(EMAIL_CHANGE_MESSAGES.oldAddressTaken);
    expect((await userRow(who.id)).email).toBe(newEmail);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, who.id))).not.toEqual([]);
  });

  it('ends consistent when confirmation and undo race: the old address, no session, nothing pending', async () => {
    for (let round = 0; round < 3; round++) {
      const { who, newEmail } = await requested();
      const [c, u] = await Promise.all([confirm(await tokenIn(newEmail, 'confirm')), undo(await tokenIn(who.email, 'undo'))]);
      expect(u.status).toBe(200);
      expect([200, 400]).toContain(c.status);
      expect((await userRow(who.id)).email).toBe(who.email);
      expect(await database.db.select().from(sessions).where(eq(sessions.userId, who.id))).toEqual([]);
      const pending = await database.db.select().from(emailChanges).where(and(eq(emailChanges.userId, who.id), sql`confirmed_at is null and cancelled_at is null`));
      expect(pending).toEqual([]);
    }
  });
});
