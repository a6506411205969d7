import { deviceInWords, momentInWords, type AccountEvent } from '../../../domain/accounts/devices';
import type { Language } from '../../../domain/i18n/languages';
import type { OutgoingMail } from '../../mail/outbox';
import { layout, SHARED } from '../../mail/templates';

const NEW_DEVICE = {
  en: {
    subject: 'A new device signed in to your account',
    heading: 'A new device signed in',
    line: 'Your account was just signed in to from a device it had not seen before.',
    device: (words: string) => `Device: ${words}`,
    when: (time: string) => `When: ${time}`,
    ifYou: 'If it was you, there is nothing to do. If not, open your account’s security page, sign that device out and change your password.',
    button: 'Secure your account',
  },
  es: {
    subject: 'Un dispositivo nuevo inició sesión en tu cuenta',
    heading: 'Un dispositivo nuevo inició sesión',
    line: 'Acaban de iniciar sesión en tu cuenta desde un dispositivo que no conocíamos.',
    device: (words: string) => `Dispositivo: ${words}`,
    when: (time: string) => `Cuándo: ${time}`,
    ifYou: 'Si fuiste tú, no tienes que hacer nada. Si no, abre la página de seguridad de tu cuenta, cierra la sesión de ese dispositivo y cambia tu contraseña.',
    button: 'Protege tu cuenta',
  },
} as const;

/** "A new device signed in" (issue 32): the device in words, the time, and a link to /security. */
export function newDeviceMail(to: string, name: string, event: AccountEvent, language: Language): OutgoingMail {
  const words = NEW_DEVICE[language];
  const lines = [SHARED[language].hello(name), words.line, words.device(deviceInWords(event.device, language)), words.when(momentInWords(event.at, language, event.timeZone)), words.ifYou];
  return {
    to,
    subject: words.subject,
    text: `${lines.join('\n\n')}\n\n${words.button}: ${event.url}\n`,
    html: layout(language, words.heading, lines, { label: words.button, url: event.url }),
  };
}
