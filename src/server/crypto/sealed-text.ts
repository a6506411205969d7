import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Text sealed at rest (issue 29): AES-256-GCM from node:crypto, a random 12-byte IV per value,
 * the 16-byte authentication tag checked on opening, and a versioned form
 * `v1:<iv>:<tag>:<ciphertext>` (each part base64url) that a reader can tell from plain text.
 * `purpose` is bound in as additional authenticated data, so a value sealed for one use does
 * not open as another. Nothing here is hand-made cryptography: it is the cipher's own API.
 */

export const SEALED_VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_BYTES = 32;

/** The sealed form, strictly: 16 characters of IV, 22 of tag, then the ciphertext. */
export const SEALED_PATTERN = /^v1:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]*$/;
/** The same test as a PostgreSQL regular expression (for finding rows not yet sealed). */
export const SEALED_SQL_PATTERN = '^v1:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]*$';

export class SealedTextError extends Error {}

export const isSealed = (value: string): boolean => SEALED_PATTERN.test(value);

function checkKey(key: Buffer): void {
  if (key.length !== KEY_BYTES) throw new SealedTextError(`An at-rest key is ${KEY_BYTES} bytes (got ${key.length})`);
}

/** Seals `plain` with `key` for `purpose`; every call gives a different value (fresh IV). */
export function sealText(key: Buffer, purpose: string, plain: string): string {
  checkKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(purpose, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [SEALED_VERSION, iv.toString('base64url'), tag.toString('base64url'), ciphertext.toString('base64url')].join(':');
}

/**
 * Opens a sealed value with `key`, or returns null when the key (or the purpose) is not the one
 * it was sealed with, or the value was changed: GCM's tag refuses every altered bit. A value not
 * in the sealed form is a SealedTextError.
 */
export function openText(key: Buffer, purpose: string, sealed: string): string | null {
  checkKey(key);
  if (!isSealed(sealed)) throw new SealedTextError('Not a sealed value');
  const [, iv, tag, ciphertext] = sealed.split(':') as [string, string, string, string];
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(purpose, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  try {
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** The first of `keys` that opens `sealed`, with its index, or null when none does. */
export function openWithAny(keys: readonly Buffer[], purpose: string, sealed: string): { plain: string; keyIndex: number } | null {
  for (const [keyIndex, key] of keys.entries()) {
    const plain = openText(key, purpose, sealed);
    if (plain !== null) return { plain, keyIndex };
  }
  return null;
}

/** A 32-byte key given in base64 or base64url (what `openssl rand -base64 32` prints), or an error naming the setting. */
export function parseKey(value: string, name: string): Buffer {
  const trimmed = value.trim();
  const key = /^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed) ? Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64') : Buffer.alloc(0);
  if (key.length !== KEY_BYTES) throw new SealedTextError(`${name} must be ${KEY_BYTES} bytes in base64 (openssl rand -base64 32)`);
  return key;
}

/** A 32-byte key derived from another secret with HKDF-SHA256, one per `info`. */
export function deriveKey(secret: string, info: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), Buffer.from(info, 'utf8'), KEY_BYTES));
}

/** Whether two texts are equal, in time that does not depend on where they differ (equal-length SHA-256 digests). */
export function sameText(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}
