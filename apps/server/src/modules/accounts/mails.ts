import { RESET_LINK_VALIDITY, VERIFICATION_CODE_VALIDITY } from '@kujiya/shared';
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
