import { deviceInWords, momentInWords, type AccountEvent } from '../../../domain/accounts/devices';
import type { Language } from '../../../domain/i18n/languages';
import type { OutgoingMail } from '../../mail/outbox';
import { layout, SHARED } from '../../mail/templates';

const PASSWORD_CHANGED = {
  en: {
    subject: 'Your password was changed',
    heading: 'Your password was changed',
    line: 'The password of your account was just changed, and every other device was signed out.',
    device: (words: string) => `Changed from: ${words}`,
    when: (time: string) => `When: ${time}`,
    ifNotYou: 'If this wasn’t you, reset your password now with the link below: someone else may know it.',
    button: 'This wasn’t me: reset my password',
  },
  es: {
    subject: 'Se cambió tu contraseña',
    heading: 'Se cambió tu contraseña',
    line: 'Se acaba de cambiar la contraseña de tu cuenta y se cerró la sesión en todos los demás dispositivos.',
    device: (words: string) => `Cambiada desde: ${words}`,
    when: (time: string) => `Cuándo: ${time}`,
    ifNotYou: 'Si no fuiste tú, restablece tu contraseña ahora con el enlace de abajo: puede que otra persona la conozca.',
    button: 'No fui yo: restablecer mi contraseña',
  },
} as const;

/** "Your password was changed" (issue 32): when, from which device, and "this wasn't me" → the reset. */
export function passwordChangedMail(to: string, name: string, event: AccountEvent, language: Language): OutgoingMail {
  const words = PASSWORD_CHANGED[language];
  const lines = [SHARED[language].hello(name), words.line, words.device(deviceInWords(event.device, language)), words.when(momentInWords(event.at, language, event.timeZone)), words.ifNotYou];
  return {
    to,
    subject: words.subject,
    text: `${lines.join('\n\n')}\n\n${words.button}: ${event.url}\n`,
    html: layout(language, words.heading, lines, { label: words.button, url: event.url }),
  };
}
