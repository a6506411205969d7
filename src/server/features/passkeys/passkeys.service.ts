import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { passkeys, users, webauthnChallenges } from '../../db/schema/auth';
import { badRequest, conflict, notFound } from '../../http/app-error';
import { PASSKEY_MESSAGES, transportsColumn, transportsList, type Ceremony, type Passkey } from '../../../domain/accounts/passkeys';

export interface PasskeyDeps {
  db: Db;
  clock: Clock;
  /** The relying party: RP ID (BASE_URL's hostname), the origins a ceremony may come from, the name authenticators show. */
  rp: { id: string; origins: string[]; name: string };
  /** PASSKEYS_PER_USER_MAX and PASSKEY_CHALLENGE_SECONDS. */
  limits: { perUser: number; challengeSeconds: number };
}

type PasskeyRow = typeof passkeys.$inferSelect;

const view = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  synced: row.deviceType === 'multiDevice' && row.backedUp,
});

/** The WebAuthn user handle of a person: their id's 16 bytes (one credential per authenticator and person). */
const userHandle = (userId: string) => new Uint8Array(Buffer.from(userId.replace(/-/g, ''), 'hex'));

/**
 * Stores a ceremony's challenge and returns its row id (for the browser's HttpOnly cookie).
 * A signed-in person holds at most one per ceremony: a new one replaces the one they held, in
 * the same statement (an upsert on webauthn_challenges_user_purpose_key, which many requests at
 * once take in turn), under a new id, so the browser that asked before finds nothing and is told
 * to try again. A sign-in's challenge has no person: the per-address rate limit of
 * /api/auth/passkey/sign-in-options bounds those. Expired challenges are swept here, on the way
 * (an indexed delete of a small table). The expiry is on the wall clock, as a session's is.
 */
async function storeChallenge(deps: PasskeyDeps, ceremony: Ceremony, userId: string | null, challenge: string): Promise<string> {
  const now = new Date();
  const expiresAt = new Date(now.getTime() + deps.limits.challengeSeconds * 1000);
  await deps.db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  const [row] = await deps.db
    .insert(webauthnChallenges)
    .values({ purpose: ceremony, userId, challenge, expiresAt })
    .onConflictDoUpdate({
      target: [webauthnChallenges.userId, webauthnChallenges.purpose],
      targetWhere: sql`${webauthnChallenges.userId} is not null`,
      set: { id: sql`gen_random_uuid()`, challenge, expiresAt, createdAt: sql`now()` },
    })
    .returning({ id: webauthnChallenges.id });
  return row!.id;
}

/**
 * Takes a ceremony's challenge, once: the row is deleted as it is read, so two answers to one
 * challenge (a replay, or two tabs racing) get it at most once. Null when there is none for
 * this browser, ceremony and person, or it has expired.
 */
async function takeChallenge(deps: PasskeyDeps, challengeId: string | undefined, ceremony: Ceremony, userId: string | null): Promise<string | null> {
  if (!challengeId || !/^[0-9a-f-]{36}$/i.test(challengeId)) return null;
  const [row] = await deps.db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.id, challengeId),
        eq(webauthnChallenges.purpose, ceremony),
        userId ? eq(webauthnChallenges.userId, userId) : sql`${webauthnChallenges.userId} is null`,
        gt(webauthnChallenges.expiresAt, new Date()),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return row?.challenge ?? null;
}

/** The options of a new passkey's registration (navigator.credentials.create), and the challenge's id. */
export async function registrationOptions(deps: PasskeyDeps, user: { id: string; email: string; name: string }): Promise<{ options: PublicKeyCredentialCreationOptionsJSON; challengeId: string }> {
  const held = await deps.db.select({ credentialId: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, user.id));
  if (held.length >= deps.limits.perUser) throw conflict('too_many_passkeys', PASSKEY_MESSAGES.tooMany);
  const options = await generateRegistrationOptions({
    rpName: deps.rp.name,
    rpID: deps.rp.id,
    userName: user.email,
    userDisplayName: user.name,
    userID: userHandle(user.id),
    timeout: deps.limits.challengeSeconds * 1000,
    attestationType: 'none',
    // The authenticator already holding one of theirs says so instead of making a second.
    excludeCredentials: held.map((p) => ({ id: p.credentialId, transports: transportsList(p.transports) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  return { options, challengeId: await storeChallenge(deps, 'register', user.id, options.challenge) };
}

/** Verifies a registration against this browser's challenge and stores the passkey. */
export async function addPasskey(deps: PasskeyDeps, userId: string, challengeId: string | undefined, input: { name: string; response: RegistrationResponseJSON }): Promise<Passkey> {
  const challenge = await takeChallenge(deps, challengeId, 'register', userId);
  if (!challenge) throw badRequest('passkey_expired', PASSKEY_MESSAGES.expired);
  let info;
  try {
    const verified = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: deps.rp.origins,
      expectedRPID: deps.rp.id,
      requireUserVerification: false,
    });
    if (!verified.verified) throw new Error('not verified');
    info = verified.registrationInfo;
  } catch {
    throw badRequest('passkey_not_verified', PASSKEY_MESSAGES.notVerified);
  }
  return deps.db.transaction(async (tx) => {
    // One person's additions take turns, so the count below cannot be passed by a burst.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [held] = await tx.select({ count: sql<number>`count(*)::int` }).from(passkeys).where(eq(passkeys.userId, userId));
    if ((held?.count ?? 0) >= deps.limits.perUser) throw conflict('too_many_passkeys', PASSKEY_MESSAGES.tooMany);
    const [row] = await tx
      .insert(passkeys)
      .values({
        userId,
        name: input.name,
        credentialId: info.credential.id,
        publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
        counter: info.credential.counter,
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
        transports: transportsColumn(input.response.response.transports ?? info.credential.transports),
        aaguid: info.aaguid,
        createdAt: deps.clock.now(),
      })
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning();
    if (!row) throw conflict('passkey_already_registered', PASSKEY_MESSAGES.alreadyRegistered);
    return view(row);
  });
}

/** One's passkeys, oldest first (the order they were added). */
export async function listPasskeys(deps: Pick<PasskeyDeps, 'db'>, userId: string): Promise<Passkey[]> {
  const rows = await deps.db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return rows.map(view);
}

/** Renames one of one's own passkeys; someone else's is not found. */
export async function renamePasskey(deps: Pick<PasskeyDeps, 'db'>, userId: string, passkeyId: string, name: string): Promise<Passkey> {
  const [row] = await deps.db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)))
    .returning();
  if (!row) throw notFound(PASSKEY_MESSAGES.notFound);
  return view(row);
}

/** Removes one of one's own passkeys; someone else's is not found. The password and its reset by mail stay. */
export async function removePasskey(deps: Pick<PasskeyDeps, 'db'>, userId: string, passkeyId: string): Promise<void> {
  const removed = await deps.db
    .delete(passkeys)
    .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  if (removed.length === 0) throw notFound(PASSKEY_MESSAGES.notFound);
}

/**
 * The options of a sign-in (nobody signed in: no allowCredentials, so the browser offers the
 * passkeys it holds for this site, in its autofill too) or of a confirmation (the person's own).
 */
export async function assertionOptions(deps: PasskeyDeps, ceremony: 'sign-in' | 'confirm', userId: string | null): Promise<{ options: PublicKeyCredentialRequestOptionsJSON; challengeId: string }> {
  let allowCredentials: { id: string; transports: string[] }[] | undefined;
  if (ceremony === 'confirm') {
    const held = await deps.db.select({ credentialId: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, userId!)).orderBy(desc(passkeys.lastUsedAt));
    if (held.length === 0) throw notFound(PASSKEY_MESSAGES.notFound);
    allowCredentials = held.map((p) => ({ id: p.credentialId, transports: transportsList(p.transports) }));
  }
  const options = await generateAuthenticationOptions({
    rpID: deps.rp.id,
    allowCredentials,
    userVerification: 'required',
    timeout: deps.limits.challengeSeconds * 1000,
  });
  return { options, challengeId: await storeChallenge(deps, ceremony, userId, options.challenge) };
}

/**
 * Verifies an assertion against this browser's challenge: the credential must be known (and,
 * to confirm, the person's own), signed over this challenge from an expected origin with the
 * device's own check, and its signature counter must move forward (a clone stays behind).
 * Records the use (counter, last used) and returns whose passkey it is.
 */
export async function verifyAssertion(
  deps: PasskeyDeps,
  ceremony: 'sign-in' | 'confirm',
  challengeId: string | undefined,
  response: AuthenticationResponseJSON,
  userId: string | null,
): Promise<{ userId: string; passkeyId: string }> {
  const challenge = await takeChallenge(deps, challengeId, ceremony, userId);
  if (!challenge) throw badRequest('passkey_expired', PASSKEY_MESSAGES.expired);
  const [row] = await deps.db.select().from(passkeys).where(eq(passkeys.credentialId, response.id));
  if (!row) throw badRequest('passkey_unknown', PASSKEY_MESSAGES.unknown);
  if (userId && row.userId !== userId) throw badRequest('passkey_not_yours', PASSKEY_MESSAGES.notYours);
  // A discoverable credential names its person; it must be the one holding it here.
  if (response.response.userHandle && response.response.userHandle !== isoBase64URL.fromBuffer(userHandle(row.userId))) {
    throw badRequest('passkey_unknown', PASSKEY_MESSAGES.unknown);
  }
  let newCounter: number;
  try {
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: deps.rp.origins,
      expectedRPID: deps.rp.id,
      credential: { id: row.credentialId, publicKey: isoBase64URL.toBuffer(row.publicKey), counter: row.counter, transports: transportsList(row.transports) },
      requireUserVerification: true,
    });
    if (!verified.verified) throw new Error('not verified');
    newCounter = verified.authenticationInfo.newCounter;
  } catch (error) {
    if (error instanceof Error && /user could not be verified/i.test(error.message)) {
      throw badRequest('passkey_user_not_verified', PASSKEY_MESSAGES.userVerificationRequired);
    }
    throw badRequest('passkey_not_verified', PASSKEY_MESSAGES.notVerified);
  }
  // The counter only moves forward, even between two assertions verified at once.
  const [used] = await deps.db
    .update(passkeys)
    .set({ counter: sql`greatest(${passkeys.counter}, ${newCounter})`, lastUsedAt: deps.clock.now() })
    .where(and(eq(passkeys.id, row.id), newCounter === 0 ? sql`true` : lt(passkeys.counter, newCounter)))
    .returning({ id: passkeys.id });
  if (!used) throw badRequest('passkey_not_verified', PASSKEY_MESSAGES.notVerified);
  return { userId: row.userId, passkeyId: row.id };
}

/** Whether the signed-in person holds a passkey (the "Confirm it's you" dialog offers it then). */
export async function holdsPasskey(deps: Pick<PasskeyDeps, 'db'>, userId: string): Promise<boolean> {
  const [row] = await deps.db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1);
  return !!row;
}

