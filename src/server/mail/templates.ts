import type { OutgoingMail } from './outbox';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }, after = ''): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1e3a8a;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
       <p style="margin:0 0 16px;color:#475569;font-size:13px">Or open this link: <a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a></p>`
    : '';
  return `<div style="font-family:system-ui,sans-serif;max-width:560px;margin:0 auto;color:#0f172a">
  <h1 style="font-size:20px;color:#1e3a8a">${escapeHtml(title)}</h1>${body}${button}${after}
  <p style="color:#64748b;font-size:12px">Graduated Unanimous Caucus</p></div>`;
}

export function confirmEmailMail(to: string, name: string, url: string): OutgoingMail {
  const title = 'Confirm your email';
  const lines = [`Hello ${name},`, 'Welcome to the Graduated Unanimous Caucus. Please confirm your email address to finish registering.'];
  return {
    to,
    subject: 'Confirm your email for the Graduated Unanimous Caucus',
    text: `${lines.join('\n\n')}\n\nConfirm your email: ${url}\n`,
    html: layout(title, lines, { label: 'Confirm Email', url }),
  };
}

export function resetPasswordMail(to: string, name: string, url: string): OutgoingMail {
  const lines = [`Hello ${name},`, 'Someone asked to reset the password of your account. If it was you, choose a new password below. If not, ignore this message.'];
  return {
    to,
    subject: 'Reset your password',
    text: `${lines.join('\n\n')}\n\nReset your password: ${url}\n`,
    html: layout('Reset your password', lines, { label: 'Reset Password', url }),
  };
}

export function existingAccountMail(to: string, name: string, loginUrl: string): OutgoingMail {
  const lines = [`Hello ${name},`, 'Someone tried to register with your email address, which already has an account. If it was you, log in or reset your password.'];
  return {
    to,
    subject: 'You already have an account',
    text: `${lines.join('\n\n')}\n\nLog in: ${loginUrl}\n`,
    html: layout('You already have an account', lines, { label: 'Log In', url: loginUrl }),
  };
}

export interface RewardCertificate {
  /** 'Welcome Voucher' or the badge's name. */
  rewardTitle: string;
  prize: string;
  voucherCode: string;
  rewardsUrl: string;
}

/** The certificate of a claimed reward: the reward, its unique voucher code, and how to redeem it by email. */
export function rewardCertificateMail(to: string, name: string, certificate: RewardCertificate): OutgoingMail {
  const { rewardTitle, prize, voucherCode, rewardsUrl } = certificate;
  const title = `Your reward certificate: ${prize}`;
  const lines = [
    `Hello ${name},`,
    `Thank you for helping to build the movement. This is your certificate for the ${rewardTitle} reward: ${prize}.`,
    `Voucher code: ${voucherCode}`,
    `How to redeem: reply to this email with your voucher code and the name on your account. Our rewards team will answer by email with how to use your ${prize} with our partners. Each voucher code can be redeemed once.`,
    'Please note: rewards may incur taxes and processing fees.',
  ];
  return {
    to,
    subject: title,
    text: `${lines.join('\n\n')}\n\nYour rewards: ${rewardsUrl}\n`,
    html: layout(title, lines, { label: 'View Your Rewards', url: rewardsUrl }),
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

function footer(unsubscribe: MailUnsubscribe): { text: string; html: string } {
  const line = `You get this email because of your notification settings. To stop ${unsubscribe.what}`;
  return {
    text: `\n--\n${line}, open ${unsubscribe.url}\nAll notification settings: ${unsubscribe.settingsUrl}\n`,
    html: `<p style="color:#64748b;font-size:12px;margin-top:24px">${escapeHtml(line)}, <a href="${escapeHtml(unsubscribe.url)}">unsubscribe</a>. <a href="${escapeHtml(unsubscribe.settingsUrl)}">All notification settings</a>.</p>`,
  };
}

/** One notification by email: its words, a button into the app, and how to stop such mail. */
export function notificationMail(to: string, name: string, words: { title: string; body: string; url: string }, unsubscribe: MailUnsubscribe): OutgoingMail {
  const lines = [`Hello ${name},`, words.body];
  const end = footer(unsubscribe);
  return {
    to,
    subject: words.title,
    text: `${lines.join('\n\n')}\n\nOpen it in the app: ${words.url}\n${end.text}`,
    html: layout(words.title, lines, { label: 'Open in the App', url: words.url }, end.html),
    headers: unsubscribeHeaders(unsubscribe),
  };
}

/** A daily or weekly digest: the notifications that waited for it, newest first. */
export function digestMail(
  to: string,
  name: string,
  digest: { cadence: 'daily' | 'weekly'; items: ReadonlyArray<{ title: string; body: string; url: string }>; notificationsUrl: string },
  unsubscribe: MailUnsubscribe,
): OutgoingMail {
  const title = digest.cadence === 'daily' ? 'Your daily digest' : 'Your weekly digest';
  const count = digest.items.length;
  const intro = `Hello ${name},`;
  const summary = `${count} ${count === 1 ? 'thing' : 'things'} happened in the Graduated Unanimous Caucus since your last digest:`;
  const end = footer(unsubscribe);
  const textItems = digest.items.map((i) => `* ${i.title}: ${i.body}\n  ${i.url}`).join('\n');
  const htmlItems = digest.items
    .map((i) => `<li style="margin:0 0 12px"><a href="${escapeHtml(i.url)}" style="color:#1e3a8a;font-weight:600">${escapeHtml(i.title)}</a><br />${escapeHtml(i.body)}</li>`)
    .join('');
  return {
    to,
    subject: `${title}: ${count} ${count === 1 ? 'notification' : 'notifications'}`,
    text: `${intro}\n\n${summary}\n\n${textItems}\n\nAll notifications: ${digest.notificationsUrl}\n${end.text}`,
    html: layout(title, [intro, summary], { label: 'All Notifications', url: digest.notificationsUrl }, `<ul style="padding-left:20px">${htmlItems}</ul>${end.html}`),
    headers: unsubscribeHeaders(unsubscribe),
  };
}

/** An invitation to someone without an account: who invited them, to what, and the sign-up link. */
export function emailInvitationMail(
  to: string,
  invitation: { inviterName: string; caucusName: string; role: 'voting_member' | 'organizer'; signUpUrl: string },
): OutgoingMail {
  const { inviterName, caucusName, role, signUpUrl } = invitation;
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
    html: layout(title, lines, { label: 'Sign Up', url: signUpUrl }),
  };
}
