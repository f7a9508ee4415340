import {
  NEW_SIGN_IN_MAIL_SUBJECT,
  formatSgDateTime,
  RESET_LINK_VALIDITY,
  VERIFICATION_CODE_VALIDITY,
  sessionPlaceLabels,
  type SessionPlace,
} from '@kujiya/shared';
import { renderMail } from '../mail/service.ts';
import type { MailMessage } from '../mail/service.ts';

/** The verification code mail (sign-up, or password recovery by code). */
export async function codeMail(to: string, code: string, process: 'signup' | 'forgetPassword'): Promise<MailMessage> {
  const forSignup = process === 'signup';
  const subject = forSignup ? `Your Kujiya verification code: ${code}` : `Your Kujiya password reset code: ${code}`;
  const content = await renderMail({
    title: forSignup ? 'Verify your e-mail' : 'Reset your password',
    intro: [
      'Hi there,',
      forSignup
        ? 'Enter this verification code on Kujiya to continue creating your account:'
        : 'Enter this verification code on Kujiya to choose a new password:',
    ],
    code,
    outro: [
      `The code is valid for ${VERIFICATION_CODE_VALIDITY} and can be used once.`,
      'If you did not ask for this code, you can ignore this e-mail; nothing changes on your account.',
    ],
  });
  return { to, subject, ...content };
}

/** The password reset link mail. */
export async function resetLinkMail(to: string, username: string, link: string): Promise<MailMessage> {
  const content = await renderMail({
    title: 'Reset your password',
    intro: [`Hi ${username},`, 'We received a request to reset the password of your Kujiya account.'],
    action: { label: 'Reset password', url: link },
    outro: [
      `This link is valid for ${RESET_LINK_VALIDITY} and can be used once.`,
      'If you did not ask for a password reset, you can ignore this e-mail; your password stays the same.',
    ],
  });
  return { to, subject: 'Reset your Kujiya password', ...content };
}

/** A login from a device the account has never used (docs/rules/accounts.md, "Sessions and devices"). */
export async function newSignInMail(
  to: string,
  username: string,
  signIn: { device: string; place: SessionPlace; at: Date },
  devicesLink: string,
): Promise<MailMessage> {
  const when = formatSgDateTime(signIn.at);
  const content = await renderMail({
    title: 'New sign-in to your account',
    intro: [
      `Hi ${username},`,
      `Your Kujiya account was just signed in to from a device it had not used before: ${signIn.device} (${sessionPlaceLabels[signIn.place]}), on ${when} Singapore time.`,
      'If this was you, there is nothing to do. If not, log that device out and reset your password:',
    ],
    action: { label: 'See your devices', url: devicesLink },
    outro: ['A password reset also signs every device out.'],
  });
  return { to, subject: NEW_SIGN_IN_MAIL_SUBJECT, ...content };
}
