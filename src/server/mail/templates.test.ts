import { describe, expect, it } from 'vitest';
import { confirmEmailMail, digestMail, emailInvitationMail, notificationMail, resetPasswordMail, rewardCertificateMail } from './templates';

const unsubscribe = { url: 'https://app.test/unsubscribe/t', what: 'el resumen semanal', settingsUrl: 'https://app.test/notification-settings' };
/** Words of the English mails that must never appear in a Spanish one. */
const ENGLISH = ['Hello', 'Confirm your email', 'Open it in the app', 'notification settings', 'Or open this link', 'Sign up', 'Graduated Unanimous Caucus', 'Voucher code'];

describe('mail in the reader’s language (issue 15)', () => {
  const spanish = [
    confirmEmailMail('a@x.test', 'Ana', 'https://app.test/c', 'es'),
    resetPasswordMail('a@x.test', 'Ana', 'https://app.test/r', 'es'),
    notificationMail('a@x.test', 'Ana', { title: 'Falta tu voto', body: 'La elección espera tu voto.', url: 'https://app.test/caucus/1' }, unsubscribe, 'es'),
    digestMail('a@x.test', 'Ana', { cadence: 'weekly', items: [{ title: 'Insignia ganada', body: 'Ganaste una insignia.', url: 'https://app.test/badges' }], notificationsUrl: 'https://app.test/notifications' }, unsubscribe, 'es'),
    emailInvitationMail('b@x.test', { inviterName: 'Ana', caucusName: 'Calle Mayor', role: 'voting_member', signUpUrl: 'https://app.test/auth' }, 'es'),
    rewardCertificateMail('a@x.test', 'Ana', { rewardTitle: 'Bienvenida', prize: 'una tarjeta', voucherCode: 'ABC', rewardsUrl: 'https://app.test/rewards' }, 'es'),
  ];

  it.each(spanish.map((mail) => [mail.subject, mail]))('“%s” is Spanish in its subject, text and HTML', (_subject, mail) => {
    for (const word of ENGLISH) {
      expect(mail.subject + mail.text, word).not.toContain(word);
      expect(mail.html, word).not.toContain(word);
    }
    expect(mail.html).toContain('lang="es"');
  });

  it('writes English by default, and the same mail in Spanish when asked', () => {
    expect(confirmEmailMail('a@x.test', 'Ana', 'https://app.test/c').text).toContain('Hello Ana,');
    expect(confirmEmailMail('a@x.test', 'Ana', 'https://app.test/c', 'es').text).toContain('Hola, Ana:');
    expect(digestMail('a@x.test', 'Ana', { cadence: 'daily', items: [], notificationsUrl: 'u' }, unsubscribe, 'es').subject).toBe('Tu resumen diario: 0 notificaciones');
    expect(notificationMail('a@x.test', 'Ana', { title: 'T', body: 'B', url: 'u' }, unsubscribe, 'es').headers).toMatchObject({ 'List-Unsubscribe': '<https://app.test/unsubscribe/t>' });
  });
});
