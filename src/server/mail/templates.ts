import { SPANISH_BADGE_NAMES, SPANISH_REWARD_WORDS } from '../../domain/i18n/catalogue-names-es';
import type { Language } from '../../domain/i18n/languages';
import type { OutgoingMail } from './outbox';

// Every mail in the reader's language (issue 15): their saved language, or for a sign-up the one
// they signed up in. Spanish follows docs/glossary-es.md.

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The words every mail shares. */
export const SHARED = {
  en: { appName: 'Graduated Unanimous Caucus', orOpen: 'Or open this link:', hello: (name: string) => `Hello ${name},` },
  es: { appName: 'Asamblea Unánime Escalonada', orOpen: 'O abre este enlace:', hello: (name: string) => `Hola, ${name}:` },
} as const;

export function layout(language: Language, title: string, paragraphs: string[], action?: { label: string; url: string }, after = ''): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1e3a8a;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
       <p style="margin:0 0 16px;color:#475569;font-size:13px">${SHARED[language].orOpen} <a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a></p>`
    : '';
  return `<div lang="${language}" style="font-family:system-ui,sans-serif;max-width:560px;margin:0 auto;color:#0f172a">
  <h1 style="font-size:20px;color:#1e3a8a">${escapeHtml(title)}</h1>${body}${button}${after}
  <p style="color:#64748b;font-size:12px">${SHARED[language].appName}</p></div>`;
}

const ACCOUNT_MAILS = {
  en: {
    confirm: {
      title: 'Confirm your email',
      subject: 'Confirm your email for the Graduated Unanimous Caucus',
      line: 'Welcome to the Graduated Unanimous Caucus. Please confirm your email address to finish registering.',
      linkLine: 'Confirm your email:',
      button: 'Confirm Email',
    },
    reset: {
      title: 'Reset your password',
      subject: 'Reset your password',
      line: 'Someone asked to reset the password of your account. If it was you, choose a new password below. If not, ignore this message.',
      linkLine: 'Reset your password:',
      button: 'Reset Password',
    },
    existing: {
      title: 'You already have an account',
      subject: 'You already have an account',
      line: 'Someone tried to register with your email address, which already has an account. If it was you, log in or reset your password.',
      linkLine: 'Log in:',
      button: 'Log In',
    },
  },
  es: {
    confirm: {
      title: 'Confirma tu correo electrónico',
      subject: 'Confirma tu correo electrónico para la Asamblea Unánime Escalonada',
      line: 'Te damos la bienvenida a la Asamblea Unánime Escalonada. Confirma tu dirección de correo electrónico para terminar tu registro.',
      linkLine: 'Confirma tu correo electrónico:',
      button: 'Confirmar correo',
    },
    reset: {
      title: 'Restablece tu contraseña',
      subject: 'Restablece tu contraseña',
      line: 'Alguien pidió restablecer la contraseña de tu cuenta. Si fuiste tú, elige una contraseña nueva abajo. Si no, ignora este mensaje.',
      linkLine: 'Restablece tu contraseña:',
      button: 'Restablecer contraseña',
    },
    existing: {
      title: 'Ya tienes una cuenta',
      subject: 'Ya tienes una cuenta',
      line: 'Alguien intentó registrarse con tu dirección de correo electrónico, que ya tiene una cuenta. Si fuiste tú, inicia sesión o restablece tu contraseña.',
      linkLine: 'Inicia sesión:',
      button: 'Iniciar sesión',
    },
  },
} as const;

function accountMail(to: string, name: string, url: string, which: 'confirm' | 'reset' | 'existing', language: Language): OutgoingMail {
  const words = ACCOUNT_MAILS[language][which];
  const lines = [SHARED[language].hello(name), words.line];
  return {
    to,
    subject: words.subject,
    text: `${lines.join('\n\n')}\n\n${words.linkLine} ${url}\n`,
    html: layout(language, words.title, lines, { label: words.button, url }),
  };
}

export function confirmEmailMail(to: string, name: string, url: string, language: Language = 'en'): OutgoingMail {
  return accountMail(to, name, url, 'confirm', language);
}

export function resetPasswordMail(to: string, name: string, url: string, language: Language = 'en'): OutgoingMail {
  return accountMail(to, name, url, 'reset', language);
}

export function existingAccountMail(to: string, name: string, loginUrl: string, language: Language = 'en'): OutgoingMail {
  return accountMail(to, name, loginUrl, 'existing', language);
}

export interface RewardCertificate {
  /** 'Welcome Voucher' or the badge's name. */
  rewardTitle: string;
  prize: string;
  voucherCode: string;
  rewardsUrl: string;
}

/** The certificate of a claimed reward: the reward, its unique voucher code, and how to redeem it by email. */
export function rewardCertificateMail(to: string, name: string, certificate: RewardCertificate, language: Language = 'en'): OutgoingMail {
  const es = language === 'es';
  const { voucherCode, rewardsUrl } = certificate;
  // The catalogue's words in the reader's language: a badge reward is named by its badge.
  const rewardTitle = es ? (SPANISH_BADGE_NAMES[certificate.rewardTitle] ?? SPANISH_REWARD_WORDS[certificate.rewardTitle] ?? certificate.rewardTitle) : certificate.rewardTitle;
  const prize = es ? (SPANISH_REWARD_WORDS[certificate.prize] ?? certificate.prize) : certificate.prize;
  const title = es ? `Tu certificado de recompensa: ${prize}` : `Your reward certificate: ${prize}`;
  const lines = es
    ? [
        SHARED.es.hello(name),
        `Gracias por ayudar a construir el movimiento. Este es tu certificado de la recompensa ${rewardTitle}: ${prize}.`,
        `Código del cupón: ${voucherCode}`,
        `Cómo canjearlo: responde a este correo con tu código de cupón y el nombre de tu cuenta. Nuestro equipo de recompensas te contestará por correo con cómo usar tu ${prize} con nuestros socios. Cada código de cupón se puede canjear una sola vez.`,
        'Ten en cuenta: las recompensas pueden generar impuestos y cargos de tramitación.',
      ]
    : [
        SHARED.en.hello(name),
        `Thank you for helping to build the movement. This is your certificate for the ${rewardTitle} reward: ${prize}.`,
        `Voucher code: ${voucherCode}`,
        `How to redeem: reply to this email with your voucher code and the name on your account. Our rewards team will answer by email with how to use your ${prize} with our partners. Each voucher code can be redeemed once.`,
        'Please note: rewards may incur taxes and processing fees.',
      ];
  return {
    to,
    subject: title,
    text: `${lines.join('\n\n')}\n\n${es ? 'Tus recompensas:' : 'Your rewards:'} ${rewardsUrl}\n`,
    html: layout(language, title, lines, { label: es ? 'Ver tus recompensas' : 'View Your Rewards', url: rewardsUrl }),
  };
}

/** The unsubscribe part of a notification mail: the one-click link (RFC 8058) and the settings page. */
export interface MailUnsubscribe {
  /** POSTed by mail clients (List-Unsubscribe-Post), opened by people: stops this kind of mail. */
  url: string;
  /** What stops: "emails about friend requests", "the weekly digest". */
  what: string;
  settingsUrl: string;
}

function unsubscribeHeaders(unsubscribe: MailUnsubscribe): Record<string, string> {
  return { 'List-Unsubscribe': `<${unsubscribe.url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

const FOOTER = {
  en: { line: (what: string) => `You get this email because of your notification settings. To stop ${what}`, open: 'open', unsubscribe: 'unsubscribe', settings: 'All notification settings' },
  es: { line: (what: string) => `Recibes este correo por tu configuración de notificaciones. Para dejar de recibir ${what}`, open: 'abre', unsubscribe: 'cancela la suscripción', settings: 'Toda la configuración de notificaciones' },
} as const;

function footer(unsubscribe: MailUnsubscribe, language: Language): { text: string; html: string } {
  const words = FOOTER[language];
  const line = words.line(unsubscribe.what);
  return {
    text: `\n--\n${line}, ${words.open} ${unsubscribe.url}\n${words.settings}: ${unsubscribe.settingsUrl}\n`,
    html: `<p style="color:#64748b;font-size:12px;margin-top:24px">${escapeHtml(line)}, <a href="${escapeHtml(unsubscribe.url)}">${words.unsubscribe}</a>. <a href="${escapeHtml(unsubscribe.settingsUrl)}">${words.settings}</a>.</p>`,
  };
}

/** One notification by email: its words, a button into the app, and how to stop such mail. */
export function notificationMail(
  to: string,
  name: string,
  words: { title: string; body: string; url: string },
  unsubscribe: MailUnsubscribe,
  language: Language = 'en',
): OutgoingMail {
  const lines = [SHARED[language].hello(name), words.body];
  const end = footer(unsubscribe, language);
  const es = language === 'es';
  return {
    to,
    subject: words.title,
    text: `${lines.join('\n\n')}\n\n${es ? 'Ábrelo en la app:' : 'Open it in the app:'} ${words.url}\n${end.text}`,
    html: layout(language, words.title, lines, { label: es ? 'Abrir en la app' : 'Open in the App', url: words.url }, end.html),
    headers: unsubscribeHeaders(unsubscribe),
  };
}

/** A daily or weekly digest: the notifications that waited for it, newest first. */
export function digestMail(
  to: string,
  name: string,
  digest: { cadence: 'daily' | 'weekly'; items: ReadonlyArray<{ title: string; body: string; url: string }>; notificationsUrl: string },
  unsubscribe: MailUnsubscribe,
  language: Language = 'en',
): OutgoingMail {
  const es = language === 'es';
  const count = digest.items.length;
  const title = es ? (digest.cadence === 'daily' ? 'Tu resumen diario' : 'Tu resumen semanal') : digest.cadence === 'daily' ? 'Your daily digest' : 'Your weekly digest';
  const intro = SHARED[language].hello(name);
  const summary = es
    ? `${count === 1 ? 'Pasó 1 cosa' : `Pasaron ${count} cosas`} en la Asamblea Unánime Escalonada desde tu último resumen:`
    : `${count} ${count === 1 ? 'thing' : 'things'} happened in the Graduated Unanimous Caucus since your last digest:`;
  const end = footer(unsubscribe, language);
  const textItems = digest.items.map((i) => `* ${i.title}: ${i.body}\n  ${i.url}`).join('\n');
  const htmlItems = digest.items
    .map((i) => `<li style="margin:0 0 12px"><a href="${escapeHtml(i.url)}" style="color:#1e3a8a;font-weight:600">${escapeHtml(i.title)}</a><br />${escapeHtml(i.body)}</li>`)
    .join('');
  return {
    to,
    subject: es ? `${title}: ${count} ${count === 1 ? 'notificación' : 'notificaciones'}` : `${title}: ${count} ${count === 1 ? 'notification' : 'notifications'}`,
    text: `${intro}\n\n${summary}\n\n${textItems}\n\n${es ? 'Todas las notificaciones:' : 'All notifications:'} ${digest.notificationsUrl}\n${end.text}`,
    html: layout(
      language,
      title,
      [intro, summary],
      { label: es ? 'Todas las notificaciones' : 'All Notifications', url: digest.notificationsUrl },
      `<ul style="padding-left:20px">${htmlItems}</ul>${end.html}`,
    ),
    headers: unsubscribeHeaders(unsubscribe),
  };
}

/** An invitation to someone without an account: who invited them, to what, and the sign-up link. */
export function emailInvitationMail(
  to: string,
  invitation: { inviterName: string; caucusName: string; role: 'voting_member' | 'organizer'; signUpUrl: string },
  language: Language = 'en',
): OutgoingMail {
  const { inviterName, caucusName, role, signUpUrl } = invitation;
  if (language === 'es') {
    const title = role === 'organizer' ? `${inviterName} te invitó a coorganizar ${caucusName}` : `${inviterName} te invitó a unirte a ${caucusName}`;
    const lines = [
      'Hola:',
      role === 'organizer'
        ? `${inviterName} te invitó a coorganizar ${caucusName}, una asamblea de la Asamblea Unánime Escalonada: diez votantes de un distrito electoral del Congreso que eligen juntos a un Delegado.`
        : `${inviterName} te invitó a unirte a ${caucusName}, una asamblea de la Asamblea Unánime Escalonada: diez votantes de tu distrito electoral del Congreso que eligen juntos a un Delegado.`,
      'Regístrate con esta dirección de correo electrónico para aceptar: la invitación te estará esperando cuando la confirmes.',
      'Si no conoces a esta persona, ignora este mensaje: no volveremos a escribirte a menos que alguien te invite.',
    ];
    return { to, subject: title, text: `${lines.join('\n\n')}\n\nRegístrate: ${signUpUrl}\n`, html: layout(language, title, lines, { label: 'Registrarme', url: signUpUrl }) };
  }
  const title = `${inviterName} invited you to ${role === 'organizer' ? 'co-organize' : 'join'} ${caucusName}`;
  const lines = [
    'Hello,',
    role === 'organizer'
      ? `${inviterName} invited you to co-organize ${caucusName}, a caucus of the Graduated Unanimous Caucus: ten voters of a congressional district who elect one Delegate together.`
      : `${inviterName} invited you to join ${caucusName}, a caucus of the Graduated Unanimous Caucus: ten voters of your congressional district who elect one Delegate together.`,
    'Sign up with this email address to accept: the invitation will be waiting for you once you confirm it.',
    'If you do not know this person, ignore this message: we will not write to you again unless someone invites you.',
  ];
  return {
    to,
    subject: title,
    text: `${lines.join('\n\n')}\n\nSign up: ${signUpUrl}\n`,
    html: layout(language, title, lines, { label: 'Sign Up', url: signUpUrl }),
  };
}
