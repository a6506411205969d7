// The email-change links' pages without JavaScript (decisions 051 and 035): the one button posts
// the form to the page's own address; the server sends the page's JSON request through the app
// and draws the page again with how it went. A GET changes nothing.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_CHANGE_MESSAGES } from '../../../domain/accounts/email-change';
import { EMAIL_CHANGE_FORMS } from '../../../domain/accounts/email-change-form';
import type { Database } from '../../db/client';
import { emailChanges, sessions, users } from '../../db/schema/auth';
import { emailChangeTokenIn } from '../../test/email-change-links';
import { createUser } from '../../test/factories';
import { formResultIn, formResultPages, postForm } from '../../test/form-pages';
import { createTestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';

let database: Database;
let t: ReturnType<typeof createTestApp>;
const pages = formResultPages();

beforeAll(async () => {
  database = await createTestDatabase();
  t = createTestApp(database.db, { webDist: pages.webDist, ssrDist: pages.ssrDist });
});
afterAll(() => pages.remove());

let n = 0;
const freshAddress = () => `form-moved${++n}-${Date.now()}@example.test`;
const emailOf = async (id: string) => (await database.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]!.email;
const sessionsOf = (id: string) => database.db.select().from(sessions).where(eq(sessions.userId, id));

/** A person signed in who asked to move to a new address: their links' tokens. */
async function changeRequested() {
  const who = await createUser(database.db);
  const newEmail = freshAddress();
  const cookie = await t.signIn(who.email, who.password);
  expect((await t.request('/api/me/email', { method: 'POST', cookie, json: { newEmail } })).status).toBe(202);
  return {
    who,
    cookie,
    newEmail,
    confirmToken: await emailChangeTokenIn(database.db, newEmail, 'confirm'),
    undoToken: await emailChangeTokenIn(database.db, who.email, 'undo'),
  };
}

const pressConfirm = (token: string, init: Parameters<typeof postForm>[3] = {}) => postForm(t, `/email-change/confirm/${token}`, { form: EMAIL_CHANGE_FORMS.confirm }, init);
const pressUndo = (token: string, init: Parameters<typeof postForm>[3] = {}) => postForm(t, `/email-change/undo/${token}`, { form: EMAIL_CHANGE_FORMS.undo }, init);
const usedLink = (form: string) => ({ form, outcome: 'refused', refusal: { status: 400, message: EMAIL_CHANGE_MESSAGES.badLink } });

describe('the confirmation link’s button without JavaScript', () => {
  it('moves the account to the new address once, and draws the page with it; a second press says the link was used', async () => {
    const { who, newEmail, confirmToken } = await changeRequested();
    const res = await pressConfirm(confirmToken);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(formResultIn(await res.text())).toEqual({ form: EMAIL_CHANGE_FORMS.confirm, outcome: 'done', email: newEmail });
    expect(await emailOf(who.id)).toBe(newEmail);

    const again = await pressConfirm(confirmToken);
    expect(again.status).toBe(400);
    expect(formResultIn(await again.text())).toMatchObject(usedLink(EMAIL_CHANGE_FORMS.confirm));
    expect(await emailOf(who.id)).toBe(newEmail);
  });

  it('keeps the session of the browser that pressed it', async () => {
    const { who, cookie, confirmToken } = await changeRequested();
    expect((await pressConfirm(confirmToken, { cookie })).status).toBe(200);
    expect(await sessionsOf(who.id)).toHaveLength(1);
  });

  it.each([
    ['a made-up token', 'A'.repeat(43)],
    ['a malformed one', 'not-a-valid-link'],
  ])('draws %s with the page’s error text (400), changing nothing', async (_, token) => {
    const res = await pressConfirm(token);
    expect(res.status).toBe(400);
    expect(formResultIn(await res.text())).toMatchObject(usedLink(EMAIL_CHANGE_FORMS.confirm));
  });
});

describe('“This wasn’t me” without JavaScript', () => {
  it('puts the old address back and signs every device out, once; a second press says the link was used', async () => {
    const { who, confirmToken, undoToken } = await changeRequested();
    expect((await pressConfirm(confirmToken)).status).toBe(200);
    expect(await sessionsOf(who.id)).not.toEqual([]);

    const res = await pressUndo(undoToken);
    expect(res.status).toBe(200);
    expect(formResultIn(await res.text())).toEqual({ form: EMAIL_CHANGE_FORMS.undo, outcome: 'done', email: who.email });
    expect(await emailOf(who.id)).toBe(who.email);
    expect(await sessionsOf(who.id)).toEqual([]);

    const again = await pressUndo(undoToken);
    expect(again.status).toBe(400);
    expect(formResultIn(await again.text())).toMatchObject(usedLink(EMAIL_CHANGE_FORMS.undo));
  });

  it('draws a bad token with the page’s error text (400)', async () => {
    const res = await pressUndo('B'.repeat(43));
    expect(res.status).toBe(400);
    expect(formResultIn(await res.text())).toMatchObject(usedLink(EMAIL_CHANGE_FORMS.undo));
  });
});

describe('what the links’ pages refuse (never a 500, nothing changed)', () => {
  it('opening a link (GET) only draws the page: the address stays, the link still works', async () => {
    const { who, newEmail, confirmToken, undoToken } = await changeRequested();
    for (const path of [`/email-change/confirm/${confirmToken}`, `/email-change/undo/${undoToken}`]) {
      const res = await t.request(path);
      expect(res.status).toBe(200);
      expect(formResultIn(await res.text())).toBeNull();
    }
    expect(await emailOf(who.id)).toBe(who.email);
    const [row] = await database.db.select().from(emailChanges).where(eq(emailChanges.userId, who.id));
    expect(row).toMatchObject({ confirmedAt: null, undoneAt: null, cancelledAt: null });
    expect((await pressConfirm(confirmToken)).status).toBe(200);
    expect(await emailOf(who.id)).toBe(newEmail);
  });

  it('a press from another site, or without an Origin: 403', async () => {
    const { who, confirmToken, undoToken } = await changeRequested();
    for (const origin of ['https://evil.example', 'null']) {
      expect((await pressConfirm(confirmToken, { headers: { origin } })).status).toBe(403);
      expect((await pressUndo(undoToken, { headers: { origin } })).status).toBe(403);
    }
    const bare = await t.app.request(`/email-change/confirm/${confirmToken}`, {
      method: 'POST',
      body: `form=${EMAIL_CHANGE_FORMS.confirm}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(bare.status).toBe(403);
    expect(await emailOf(who.id)).toBe(who.email);
    expect(await sessionsOf(who.id)).toHaveLength(1);
  });

  it('a body that is not form-encoded: 415; a huge one: 413; another form or none: 400', async () => {
    const { who, confirmToken, undoToken } = await changeRequested();
    const path = `/email-change/confirm/${confirmToken}`;
    const json = await t.request(path, { method: 'POST', json: { form: EMAIL_CHANGE_FORMS.confirm } });
    expect(json.status).toBe(415);
    expect((await postForm(t, path, { form: EMAIL_CHANGE_FORMS.confirm, pad: 'x'.repeat(20_000) })).status).toBe(413);
    expect((await postForm(t, path, { form: EMAIL_CHANGE_FORMS.undo })).status).toBe(400);
    expect((await postForm(t, `/email-change/undo/${undoToken}`, { form: EMAIL_CHANGE_FORMS.confirm })).status).toBe(400);
    expect((await postForm(t, path, '')).status).toBe(400);
    expect(await emailOf(who.id)).toBe(who.email);
  });

  it.each(['/email-change/confirm', '/email-change/undo/', `/email-change/confirm/${'A'.repeat(43)}/more`, '/email-change/other/x'])(
    'POST %s (not a link’s page): 405, as every other page',
    async (path) => {
      const res = await postForm(t, path, { form: EMAIL_CHANGE_FORMS.confirm });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD');
    },
  );
});
