import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A WebAuthn authenticator in software for the server's tests (issue 32): a real ES256 key pair
 * (node:crypto, P-256), real authenticator data, CBOR attestation ('none') and signatures, so
 * SimpleWebAuthn verifies its answers exactly as a browser's. Each answer can be bent (another
 * origin, no user verification, a counter that does not move) to see the server refuse it.
 */
export interface SoftwareAuthenticator {
  credentialId: string;
  /** The signature counter the next assertion reports (it adds one first). */
  counter: number;
  register(options: PublicKeyCredentialCreationOptionsJSON, bend?: Bend): RegistrationResponseJSON;
  authenticate(options: PublicKeyCredentialRequestOptionsJSON, bend?: Bend): AuthenticationResponseJSON;
}

export interface Bend {
  origin?: string;
  /** The device did not check who holds it (fingerprint, face, PIN). */
  noUserVerification?: boolean;
  /** Report this counter instead of the next one (a cloned authenticator). */
  counter?: number;
  /** Sign with another key than the registered one. */
  forgeSignature?: boolean;
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  const map = new Map<number, number | Uint8Array>([
    [1, 2], // kty: EC2
    [3, -7], // alg: ES256
    [-1, 1], // crv: P-256
    [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
    [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
  ]);
  return isoCBOR.encode(map);
}

export function createSoftwareAuthenticator(defaults: { origin: string; rpId: string; synced?: boolean }): SoftwareAuthenticator {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credentialBytes = randomBytes(16);
  const credentialId = credentialBytes.toString('base64url');
  let userHandle: string | undefined;
  const backup = defaults.synced ? FLAG_BE | FLAG_BS : 0;

  const clientData = (type: string, challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  const self: SoftwareAuthenticator = {
    credentialId,
    counter: 0,
    register(options, bend = {}) {
      userHandle = options.user.id;
      const flags = FLAG_UP | (bend.noUserVerification ? 0 : FLAG_UV) | FLAG_AT | backup;
      const credentialIdLength = Buffer.alloc(2);
      credentialIdLength.writeUInt16BE(credentialBytes.length);
      const authData = Buffer.concat([sha256(defaults.rpId), Buffer.from([flags]), u32(self.counter), Buffer.alloc(16), credentialIdLength, credentialBytes, coseKey(publicKey)]);
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Map<string, string> | Uint8Array>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, string>()],
          ['authData', new Uint8Array(authData)],
        ]),
      );
      return {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key',
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
        response: {
          clientDataJSON: isoBase64URL.fromBuffer(new Uint8Array(clientData('webauthn.create', options.challenge, bend.origin ?? defaults.origin))),
          attestationObject: isoBase64URL.fromBuffer(attestationObject),
          transports: ['internal', 'hybrid'],
        },
      };
    },
    authenticate(options, bend = {}) {
      self.counter += 1;
      const flags = FLAG_UP | (bend.noUserVerification ? 0 : FLAG_UV) | backup;
      const authData = Buffer.concat([sha256(defaults.rpId), Buffer.from([flags]), u32(bend.counter ?? self.counter)]);
      const clientDataJSON = clientData('webauthn.get', options.challenge, bend.origin ?? defaults.origin);
      const key = bend.forgeSignature ? generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey : privateKey;
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), key);
      return {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key',
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
        response: {
          clientDataJSON: clientDataJSON.toString('base64url'),
          authenticatorData: authData.toString('base64url'),
          signature: signature.toString('base64url'),
          ...(userHandle ? { userHandle } : {}),
        },
      };
    },
  };
  return self;
}
