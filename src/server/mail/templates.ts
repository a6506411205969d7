import type { OutgoingMail } from './outbox';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1e3a8a;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
       <p style="margin:0 0 16px;color:#475569;font-size:13px">Or open this link: <a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a></p>`
    : '';
  return `<div style="font-family:system-ui,sans-serif;max-width:560px;margin:0 auto;color:#0f172a">
  <h1 style="font-size:20px;color:#1e3a8a">${escapeHtml(title)}</h1>${body}${button}
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
