import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

/** The app's VAPID key pair (RFC 8292): push services accept messages signed with it. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export const VAPID_KEYS_FILE = 'vapid-keys.json';

/**
 * The keys from the settings when both are given; otherwise the pair kept in the data folder,
 * made at the first start (every later start, and every process, uses the same pair: devices
 * subscribed to one key would stop receiving if it changed).
 */
export function loadOrCreateVapidKeys(options: { dataDir: string; publicKey?: string; privateKey?: string }): VapidKeys {
  if (options.publicKey && options.privateKey) return { publicKey: options.publicKey, privateKey: options.privateKey };
  if (options.publicKey || options.privateKey) throw new Error('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither (a pair is then kept in DATA_DIR).');
  const file = path.join(options.dataDir, VAPID_KEYS_FILE);
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (typeof kept.publicKey === 'string' && typeof kept.privateKey === 'string') return { publicKey: kept.publicKey, privateKey: kept.privateKey };
    throw new Error(`${file} is not a VAPID key pair: remove it to make a new one (devices will have to turn push on again).`);
  }
  const keys = webpush.generateVAPIDKeys();
  mkdirSync(options.dataDir, { recursive: true });
  // wx: two processes starting at once never overwrite each other's pair.
  try {
    writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return loadOrCreateVapidKeys(options);
    throw e;
  }
  return keys;
}
