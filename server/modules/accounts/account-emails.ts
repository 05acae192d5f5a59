import { ACCOUNT_LINK_TTL_MINUTES } from '../../../contracts/auth';
import type { MailMessage } from '../../lib/mail';

/** The account emails' words, plain text: every mail client shows them, and links stay visible. */
export function resetPasswordMessage(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Choose a new Inkwell password',
    text: [
      'Someone asked to reset the password of the Inkwell account that uses this address.',
      '',
      `To choose a new password, open this link within ${ACCOUNT_LINK_TTL_MINUTES} minutes:`,
      link,
      '',
      'The link works once. Choosing a new password signs the account out on every device.',
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ].join('\n'),
  };
}

export function confirmEmailMessage(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Confirm your new Inkwell email address',
    text: [
      'Someone asked to use this address for their Inkwell account.',
      '',
      `To confirm it, open this link within ${ACCOUNT_LINK_TTL_MINUTES} minutes:`,
      link,
      '',
      'If you did not ask for this, ignore this email: nothing changes.',
    ].join('\n'),
  };
}
