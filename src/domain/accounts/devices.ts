import { z } from 'zod';
import type { Language } from '../i18n/languages';

/**
 * A person's devices (issue 32): their live sessions, each described in words from its user
 * agent. No place and no address: the app knows none worth showing.
 */
export const DEVICE_MESSAGES = {
  sessionNotFound: 'This session was not found. It may have ended already.',
} as const;

/** What a user agent says: the browser and the system (or the device, for an iPhone or iPad). */
export const deviceSchema = z.object({ browser: z.string().nullable(), system: z.string().nullable() });
export type Device = z.infer<typeof deviceSchema>;

export const deviceSessionSchema = z.object({
  id: z.uuid(),
  device: deviceSchema,
  signedInAt: z.iso.datetime({ offset: true }),
  /** When the session was last extended (better-auth refreshes it at most once a day). */
  lastSeenAt: z.iso.datetime({ offset: true }),
  /** The session of the browser asking. */
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof deviceSessionSchema>;

export const signedOutSchema = z.object({ signedOut: z.number().int().min(0) });

const WORDS = {
  en: { on: (browser: string, system: string) => `${browser} on ${system}`, unknown: 'Unknown device' },
  es: { on: (browser: string, system: string) => `${browser} en ${system}`, unknown: 'Dispositivo desconocido' },
} as const;

/** "Chrome on Android", "Safari on iPhone", "Firefox", "Windows"; else "Unknown device". */
export function deviceInWords(device: Device, language: Language): string {
  const words = WORDS[language];
  const { browser, system } = device;
  if (browser && system) return words.on(browser, system);
  return browser || system || words.unknown;
}

/** A moment as the reader's language writes it in `timeZone` ("November 27, 2026 at 3:20:00 PM EST"): mails. */
export function momentInWords(at: Date, language: Language, timeZone: string): string {
  return new Intl.DateTimeFormat(language === 'es' ? 'es-US' : 'en-US', { dateStyle: 'long', timeStyle: 'long', timeZone }).format(at);
}

/** What a mail about the account says happened: when, on which device, and the page that helps. */
export interface AccountEvent {
  at: Date;
  device: Device;
  url: string;
  timeZone: string;
}
