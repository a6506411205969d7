import type { Language } from '../../../domain/i18n/languages';
import type { OutgoingMail } from '../../mail/outbox';
import { SHARED, layout } from '../../mail/templates';

// The two mails of an email change (issue 32, decision 051), in the person's language.

const WORDS = {
  en: {
    confirm: {
      subject: 'Confirm your new email address',
      heading: 'Confirm your new email address',
      line: (hours: number) =>
        `You asked to use this address for your Graduated Unanimous Caucus account. Confirm it within ${hours} hours; until then your account keeps its current address. If you did not ask for this, ignore this message.`,
      linkLine: 'Confirm this address:',
      button: 'Confirm New Email',
    },
    notice: {
      subject: 'Your email address is being changed',
      heading: 'Your email address is being changed',
      line: (newEmail: string) => `Someone signed in to your account asked to change its email address to ${newEmail}. If it was you, there is nothing to do.`,
      undo: (hours: number) =>
        `If it was not you, use the button below within ${hours} hours: it puts this address back, cancels the change and signs every device out of your account. Then reset your password.`,
      linkLine: 'This wasn’t me:',
      button: 'This Wasn’t Me',
    },
  },
  es: {
    confirm: {
      subject: 'Confirma tu nueva dirección de correo electrónico',
      heading: 'Confirma tu nueva dirección de correo electrónico',
      line: (hours: number) =>
        `Pediste usar esta dirección para tu cuenta de la Asamblea Unánime Escalonada. Confírmala en las próximas ${hours} horas; hasta entonces tu cuenta conserva su dirección actual. Si no lo pediste, ignora este mensaje.`,
      linkLine: 'Confirma esta dirección:',
      button: 'Confirmar correo nuevo',
    },
    notice: {
      subject: 'Se está cambiando tu dirección de correo electrónico',
      heading: 'Se está cambiando tu dirección de correo electrónico',
      line: (newEmail: string) => `Alguien con sesión iniciada en tu cuenta pidió cambiar su dirección de correo electrónico a ${newEmail}. Si fuiste tú, no tienes que hacer nada.`,
      undo: (hours: number) =>
        `Si no fuiste tú, usa el botón de abajo en las próximas ${hours} horas: vuelve a poner esta dirección, cancela el cambio y cierra la sesión en todos los dispositivos de tu cuenta. Después restablece tu contraseña.`,
      linkLine: 'No fui yo:',
      button: 'No fui yo',
    },
  },
} as const;

/** To the new address: the link that confirms it. */
export function confirmNewEmailMail(to: string, name: string, url: string, hours: number, language: Language): OutgoingMail {
  const words = WORDS[language].confirm;
  const lines = [SHARED[language].hello(name), words.line(hours)];
  return { to, subject: words.subject, text: `${lines.join('\n\n')}\n\n${words.linkLine} ${url}\n`, html: layout(language, words.heading, lines, { label: words.button, url }) };
}

/** To the old address: the notice, with "This wasn't me". */
export function emailChangeNoticeMail(to: string, name: string, newEmail: string, url: string, hours: number, language: Language): OutgoingMail {
  const words = WORDS[language].notice;
  const lines = [SHARED[language].hello(name), words.line(newEmail), words.undo(hours)];
  return { to, subject: words.subject, text: `${lines.join('\n\n')}\n\n${words.linkLine} ${url}\n`, html: layout(language, words.heading, lines, { label: words.button, url }) };
}
