// The server speaks the visitor's language (issue 15): refusals, the words of successful
// answers, notifications, mail and the pages it sends; a person's language and theme are kept
// with their account, and a sign-up keeps the language it was made in.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/auth';
import { mailOutbox } from '../db/schema/platform';
import { activities } from '../db/schema/points';
import type { Database } from '../db/client';
import { notify } from '../features/notifications/notifications.service';
import { createUser } from '../test/factories';
import { createTestApp, TEST_ORIGIN } from '../test/test-app';
import { createTestDatabase } from '../test/test-database';
import type { OwnProfile } from '../../domain/profiles/profile-types';
import type { NotificationPage } from '../../domain/notifications/notifications';

let database: Database;
let t: ReturnType<typeof createTestApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  t = createTestApp(database.db);
});

type ErrorBody = { error: { code: string; message: string } };

describe('refusals in the visitor’s language', () => {
  it('answers in Spanish to a Spanish browser, in English otherwise, and a chosen language wins', async () => {
    const write = (headers: Record<string, string>) => t.request('/api/friends/requests', { method: 'POST', json: {}, headers });
    const spanish = await write({ 'accept-language': 'es-MX,es;q=0.9' });
    expect(spanish.status).toBe(401);
    expect(spanish.headers.get('content-language')).toBe('es');
    const spanishBody = (await spanish.json()) as ErrorBody;
    const english = (await (await write({ 'accept-language': 'en-US' })).json()) as ErrorBody;
    expect(spanishBody.error.code).toBe(english.error.code);
    expect(spanishBody.error.message).not.toBe(english.error.message);
    expect(spanishBody.error.message).toMatch(/sesión/);
    const chosen = (await (await write({ 'accept-language': 'es-MX', cookie: 'caucus_lang=en' })).json()) as ErrorBody;
    expect(chosen.error.message).toBe(english.error.message);
  });

  it('translates a validation error of a shared schema, and leaves the code alone', async () => {
    const user = await createUser(database.db);
    const cookie = await t.cookieFor(user);
    const res = await t.request('/api/me/preferences', { method: 'PATCH', cookie: `${cookie}; caucus_lang=es`, json: { language: 'fr' } });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.code).toBe('invalid_input');
    expect(body.error.message).toBe('Elige inglés o español');
  });
});

describe('a person’s language and theme', () => {
  it('are kept with the account, set the cookies, and come back with the session', async () => {
    const user = await createUser(database.db);
    const cookie = await t.cookieFor(user);
    const res = await t.request('/api/me/preferences', { method: 'PATCH', cookie, json: { language: 'es', theme: 'dark' } });
    expect(res.status).toBe(200);
    const profile = (await res.json()) as OwnProfile;
    expect(profile).toMatchObject({ language: 'es', theme: 'dark' });
    const setCookies = res.headers.getSetCookie().join('\n');
    expect(setCookies).toMatch(/caucus_lang=es;.*SameSite=Lax/);
    expect(setCookies).toMatch(/caucus_theme=dark/);
    const [row] = await database.db.select({ language: users.language, theme: users.theme }).from(users).where(eq(users.id, user.id));
    expect(row).toEqual({ language: 'es', theme: 'dark' });
    const session = (await (await t.request('/api/session', { cookie })).json()) as { user: OwnProfile };
    expect(session.user).toMatchObject({ language: 'es', theme: 'dark' });
  });

  it('refuses an empty change, an unknown theme and extra fields, changing nothing', async () => {
    const user = await createUser(database.db);
    const cookie = await t.cookieFor(user);
    for (const json of [{}, { theme: 'sepia' }, { language: 'es', admin: true }, { language: null }]) {
      const res = await t.request('/api/me/preferences', { method: 'PATCH', cookie, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
    }
    const [row] = await database.db.select({ language: users.language, theme: users.theme }).from(users).where(eq(users.id, user.id));
    expect(row).toEqual({ language: 'en', theme: 'system' });
  });

  it('the database refuses a language or theme the app does not have', async () => {
    const user = await createUser(database.db);
    await expect(database.db.update(users).set({ language: 'fr' }).where(eq(users.id, user.id))).rejects.toThrow();
    await expect(database.db.update(users).set({ theme: 'sepia' }).where(eq(users.id, user.id))).rejects.toThrow();
  });
});

describe('a sign-up in Spanish', () => {
  it('keeps Spanish as the newcomer’s language and mails the confirmation in Spanish', async () => {
    const email = `nuevo-${Date.now()}@example.test`;
    const res = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { 'accept-language': 'es-US,es;q=0.9', origin: TEST_ORIGIN },
      json: { name: 'Nueva Persona', email, password: 'una contraseña larga', politicalAlignment: 'Independent', state: 'CA', district: 12 },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const [row] = await database.db.select({ language: users.language }).from(users).where(eq(users.email, email));
    expect(row?.language).toBe('es');
    const [mail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(mail?.subject).toBe('Confirma tu correo electrónico para la Asamblea Unánime Escalonada');
    expect(mail?.textBody).toContain('Hola, Nueva Persona:');
    expect(mail?.htmlBody).toContain('lang="es"');
  });

  it('a body cannot choose the language: the request decides', async () => {
    const email = `elige-${Date.now()}@example.test`;
    await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { 'accept-language': 'en-US' },
      json: { name: 'Body Chooser', email, password: 'a long enough password', politicalAlignment: 'Independent', state: 'CA', district: 12, language: 'es' },
    });
    const [row] = await database.db.select({ language: users.language }).from(users).where(eq(users.email, email));
    expect(row?.language ?? 'en').toBe('en');
  });
});

describe('notifications and activities in the reader’s language', () => {
  it('lists a notification in Spanish for a Spanish reader and in English for an English one', async () => {
    const reader = await createUser(database.db, { name: 'Rosa Lectora' });
    const friend = await createUser(database.db, { name: 'Pablo Amigo' });
    await database.db.transaction((tx) => notify(tx, new Date(), [{ userId: reader.id, kind: 'friend_request', data: { fromId: friend.id, fromName: friend.name } }]));
    const cookie = await t.cookieFor(reader);
    const es = (await (await t.request('/api/notifications', { cookie: `${cookie}; caucus_lang=es` })).json()) as NotificationPage;
    const en = (await (await t.request('/api/notifications', { cookie: `${cookie}; caucus_lang=en` })).json()) as NotificationPage;
    expect(es.items[0]).toMatchObject({ title: 'Solicitud de amistad', body: 'Pablo Amigo quiere ser tu amigo.' });
    expect(en.items[0]).toMatchObject({ title: 'Friend request', body: 'Pablo Amigo wants to be your friend.' });
  });

  it('names a person who has left as a former member in the reader’s language', async () => {
    const reader = await createUser(database.db);
    const gone = await createUser(database.db, { name: 'Ido Ido' });
    await database.db.transaction((tx) => notify(tx, new Date(), [{ userId: reader.id, kind: 'friend_request', data: { fromId: gone.id, fromName: gone.name } }]));
    await database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    const cookie = await t.cookieFor(reader);
    const es = (await (await t.request('/api/notifications', { cookie: `${cookie}; caucus_lang=es` })).json()) as NotificationPage;
    expect(es.items[0]?.body).toBe('Exmiembro quiere ser tu amigo.');
  });

  it('shows a profile’s activities in the reader’s language', async () => {
    const person = await createUser(database.db);
    await database.db.insert(activities).values({ userId: person.id, activityType: 'caucus_joined', description: 'Joined the caucus "Main Street"' });
    const es = (await (await t.request(`/api/profiles/${person.id}/activities`, { headers: { 'accept-language': 'es' } })).json()) as Array<{ description: string }>;
    expect(es[0]?.description).toBe('Se unió a la asamblea "Main Street"');
    const en = (await (await t.request(`/api/profiles/${person.id}/activities`)).json()) as Array<{ description: string }>;
    expect(en[0]?.description).toBe('Joined the caucus "Main Street"');
  });
});
