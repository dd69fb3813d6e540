import type { OutgoingMail } from '../../platform/mail/mailer.js';
import { actionMail } from '../../platform/mail/action-mail.js';
import { SECURITY_CLOSING } from './access.mails.js';

/** To the new address: the change takes effect when this link is opened. */
export function confirmEmailChangeMail(to: string, fullName: string, link: string): OutgoingMail {
  return actionMail(
    to,
    'Confirm your new e-mail address',
    `Hello ${fullName},`,
    [
      'Someone asked to use this address for your account. Open the link to confirm it; until then your account keeps its current address. The link is valid for 24 hours and works once.',
    ],
    [{ label: 'Confirm my new address', link }],
  );
}

/** To the current address, so that a change the person did not ask for does not go unseen. */
export function emailChangeNoticeMail(to: string, fullName: string): OutgoingMail {
  return actionMail(
    to,
    'Your e-mail address is being changed',
    `Hello ${fullName},`,
    [
      'Someone asked to change the e-mail address of your account. The change takes effect only when the link we sent to the new address is opened; until then you sign in with this one.',
    ],
    [],
    SECURITY_CLOSING,
  );
}

/**
 * To the holder of an address another business's member tried to take: the update answered as
 * for a free address (it must not tell who has an account), so the holder hears it here.
 */
export function emailChangeTakenMail(to: string, fullName: string): OutgoingMail {
  return actionMail(
    to,
    'Someone tried to use your e-mail address',
    `Hello ${fullName},`,
    [
      'Someone tried to change the address of another account to this one, but it already belongs to your account. Nothing has changed on your account.',
    ],
    [],
  );
}
