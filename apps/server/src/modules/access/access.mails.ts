import { actionMail } from '../../platform/mail/action-mail.js';
import type { OutgoingMail } from '../../platform/mail/mailer.js';

/** The closing line of a mail about the account's safety, which must not be ignored. */
export const SECURITY_CLOSING = 'If it was not you, choose a new password to keep your account safe.';

function linkMail(
  to: string,
  subject: string,
  greeting: string,
  lines: string[],
  action: string,
  link: string,
): OutgoingMail {
  return actionMail(to, subject, greeting, lines, [{ label: action, link }]);
}

export function verifyEmailMail(
  to: string,
  fullName: string,
  link: string,
  refusedUsername?: string,
): OutgoingMail {
  return linkMail(
    to,
    'Verify your e-mail address',
    `Hello ${fullName},`,
    [
      'Thank you for signing up. Please confirm your e-mail address; the link is valid for 24 hours.',
      ...(refusedUsername
        ? [
            `The username "${refusedUsername}" is already taken, so your account has none: sign in with your e-mail address.`,
          ]
        : []),
    ],
    'Verify my e-mail address',
    link,
  );
}

/**
 * To the owner of an address someone tried to register again. The sign-up answer is the same as
 * for a new address (it must not tell who has an account), so the owner hears it here instead.
 */
export function existingAccountMail(
  to: string,
  fullName: string,
  links: { signIn: string; resetPassword: string },
): OutgoingMail {
  return actionMail(
    to,
    'Someone tried to sign up with your address',
    `Hello ${fullName},`,
    [
      'Someone, perhaps you, tried to create an account with this e-mail address, but it already has one. Nothing has changed on your account.',
      'If it was you, sign in or reset your password if you do not remember it.',
    ],
    [
      { label: 'Sign in', link: links.signIn },
      { label: 'Reset your password', link: links.resetPassword },
    ],
    SECURITY_CLOSING,
  );
}

export function resetPasswordMail(to: string, fullName: string, link: string): OutgoingMail {
  return linkMail(
    to,
    'Reset your password',
    `Hello ${fullName},`,
    ['Someone asked to reset the password of your account. The link is valid for one hour and works once.'],
    'Choose a new password',
    link,
  );
}

export function inviteStaffMail(
  to: string,
  fullName: string,
  businessName: string,
  link: string,
): OutgoingMail {
  return linkMail(
    to,
    `You have been invited to ${businessName}`,
    `Hello ${fullName},`,
    [
      `An account has been created for you at ${businessName}. Set your password to sign in; the link is valid for 72 hours.`,
    ],
    'Set my password',
    link,
  );
}

export function accountLockedMail(
  to: string,
  fullName: string,
  lock: { minutes: number; resumesAt: Date; resetLink: string },
): OutgoingMail {
  const resumesAt = lock.resumesAt.toISOString().slice(11, 16);
  return actionMail(
    to,
    'Sign-ins to your account are paused',
    `Hello ${fullName},`,
    [
      `Someone entered a wrong password for your account too many times, so we paused sign-ins for ${lock.minutes} minutes (they resume at ${resumesAt} UTC).`,
      'If it was you, wait and try again, or choose a new password now with the link below: that lifts the pause at once. The link is valid for one hour and works once.',
    ],
    [{ label: 'Choose a new password', link: lock.resetLink }],
    SECURITY_CLOSING,
  );
}

/** To the holder of an address someone tried to add as staff of another business. */
export function inviteExistingAccountMail(to: string, fullName: string, businessName: string): OutgoingMail {
  return actionMail(
    to,
    `${businessName} tried to add you as staff`,
    `Hello ${fullName},`,
    [
      `Someone at ${businessName} tried to create a staff account with this e-mail address, but it already has an account with us, and an address belongs to one business only. Nothing has changed on your account.`,
      'If you expected this invitation, ask them to invite another address of yours.',
    ],
    [],
  );
}
