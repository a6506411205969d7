import { z } from 'zod';

/**
 * Passkeys (issue 32, decision 049): WebAuthn credentials a person registers while signed in,
 * then uses to sign in without a password (a passkey is itself two factors: something held,
 * unlocked by the device's fingerprint, face or PIN) or to confirm it's them before a sensitive
 * action. Verified on the server with SimpleWebAuthn; these are the rules around it.
 */

export const PASSKEY_NAME_MAX = 60;

/** What a ceremony is for: the purposes of webauthn_challenges. */
export const CEREMONIES = ['register', 'sign-in', 'confirm'] as const;
export type Ceremony = (typeof CEREMONIES)[number];

/** The HttpOnly cookie that binds a ceremony's challenge (its row id) to the browser that asked for it. */
export const challengeCookieName = (ceremony: Ceremony) => `passkey_${ceremony.replace('-', '_')}`;

export const PASSKEY_MESSAGES = {
  nameRequired: 'Please give the passkey a name.',
  nameTooLong: 'The name can be at most 60 characters.',
  tooMany: 'You hold as many passkeys as allowed. Remove one you no longer use first.',
  notFound: 'Passkey not found',
  /** No live challenge for this browser: it expired, was used, or was asked for elsewhere. */
  expired: 'This passkey request has expired. Please try again.',
  /** The authenticator's answer did not verify (signature, origin, challenge, counter …). */
  notVerified: 'This passkey could not be verified. Please try again.',
  /** Sign-in: no account holds this credential (it was removed, or belongs to another site's test). */
  unknown: 'This passkey is not registered here. Sign in with your password, or use another passkey.',
  /** Sign-in and confirm need the device's own check (fingerprint, face or PIN). */
  userVerificationRequired: 'Please unlock the passkey with your fingerprint, face or PIN.',
  alreadyRegistered: 'This passkey is already registered.',
  /** Confirm-it's-you with a passkey of someone else. */
  notYours: 'This passkey is not one of yours.',
  emailNotConfirmed: 'Please confirm your email address before signing in.',
} as const;

export const passkeyNameSchema = z
  .string({ error: PASSKEY_MESSAGES.nameRequired })
  .trim()
  .min(1, PASSKEY_MESSAGES.nameRequired)
  .max(PASSKEY_NAME_MAX, PASSKEY_MESSAGES.nameTooLong)
  .regex(/^[^\p{Cc}]*$/u, PASSKEY_MESSAGES.nameRequired);

/** base64url text of bounded length (WebAuthn's binary fields as JSON carries them). */
const b64url = (max: number) => z.string({ error: PASSKEY_MESSAGES.notVerified }).max(max, PASSKEY_MESSAGES.notVerified).regex(/^[A-Za-z0-9_-]+$/, PASSKEY_MESSAGES.notVerified);

const credentialBase = {
  id: b64url(1366),
  rawId: b64url(1366),
  type: z.literal('public-key', { error: PASSKEY_MESSAGES.notVerified }),
  clientExtensionResults: z.looseObject({}).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

/** A browser's answer to navigator.credentials.create() as @simplewebauthn/browser sends it. */
export const registrationResponseSchema = z.object(
  {
    ...credentialBase,
    response: z.looseObject({
      clientDataJSON: b64url(4096),
      attestationObject: b64url(16_384),
      transports: z.array(z.string().max(32)).max(8).optional(),
      authenticatorData: b64url(16_384).optional(),
      publicKey: b64url(4096).optional(),
      publicKeyAlgorithm: z.number().int().optional(),
    }),
  },
  { error: PASSKEY_MESSAGES.notVerified },
);

/** A browser's answer to navigator.credentials.get(). */
export const authenticationResponseSchema = z.object(
  {
    ...credentialBase,
    response: z.looseObject({
      clientDataJSON: b64url(4096),
      authenticatorData: b64url(4096),
      signature: b64url(1024),
      userHandle: b64url(128).optional(),
    }),
  },
  { error: PASSKEY_MESSAGES.notVerified },
);

export const addPasskeySchema = z.object({ name: passkeyNameSchema, response: registrationResponseSchema });
export const renamePasskeySchema = z.object({ name: passkeyNameSchema });
export const passkeyAssertionSchema = z.object({ response: authenticationResponseSchema });

/** A passkey as its owner's list shows it (never the key or the credential id). */
export const passkeySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    createdAt: z.iso.datetime({ offset: true }),
    lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
    /** Synced between the person's devices (a multi-device credential, backed up). */
    synced: z.boolean(),
  })
  .meta({ id: 'Passkey' });
export type Passkey = z.infer<typeof passkeySchema>;

/** Transports the WebAuthn spec knows; anything else an authenticator reports is dropped. */
const TRANSPORTS = new Set(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);

/** The transports column ('internal,hybrid') from what the browser reported. */
export function transportsColumn(transports: readonly string[] | undefined): string {
  return [...new Set((transports ?? []).filter((t) => TRANSPORTS.has(t)))].join(',');
}

/** The transports column back as a list. */
export function transportsList(column: string): string[] {
  return column ? column.split(',').filter((t) => TRANSPORTS.has(t)) : [];
}

/** The relying party of a BASE_URL: its hostname is the RP ID, its origin (and the other trusted ones) the expected origins. */
export function relyingParty(baseUrl: string, otherOrigins: readonly string[] = []): { rpId: string; origins: string[] } {
  const url = new URL(baseUrl);
  return { rpId: url.hostname, origins: [...new Set([url.origin, ...otherOrigins.map((o) => new URL(o).origin)])] };
}

/** The options of a ceremony as @simplewebauthn/browser takes them (PublicKeyCredential*OptionsJSON). */
export const ceremonyOptionsSchema = z.looseObject({ challenge: z.string(), timeout: z.number().optional(), rpId: z.string().optional() }).meta({ id: 'WebAuthnOptions' });

/** POST /api/auth/sign-in/passkey's answer (the session cookie comes with it). */
export const passkeySignInAnswerSchema = z.looseObject({ redirect: z.boolean(), token: z.string(), user: z.looseObject({ id: z.string(), email: z.string(), name: z.string() }) });
