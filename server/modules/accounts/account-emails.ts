import { ACCOUNT_LINK_TTL_MINUTES, UNDO_LINK_TTL_DAYS } from '../../../contracts/auth';
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

/**
 * The notice of a password change, to the account's address: if the change was not its owner's
 * (a borrowed browser, a read mailbox), the link puts the previous password back.
 */
export function passwordChangedMessage(to: string, undoLink: string): MailMessage {
  return {
    to,
    subject: 'Your Inkwell password was changed',
    text: [
      'The password of the Inkwell account that uses this address has just been changed, and the',
      'account was signed out on every other device.',
      '',
      'If you did this, there is nothing more to do.',
      '',
      `If you did not, open this link within ${UNDO_LINK_TTL_DAYS} days to put your previous password back`,
      'and sign out every device:',
      undoLink,
    ].join('\n'),
  };
}

/** The notice of an email change, to the address the account used before. */
export function emailChangedMessage(to: string, newEmail: string, undoLink: string): MailMessage {
  return {
    to,
    subject: 'Your Inkwell email address was changed',
    text: [
      `The Inkwell account that used this address now uses ${newEmail}, and it was signed out on`,
      'every device.',
      '',
      'If you did this, there is nothing more to do.',
      '',
      `If you did not, open this link within ${UNDO_LINK_TTL_DAYS} days to put this address back`,
      'and sign out every device:',
      undoLink,
    ].join('\n'),
  };
}
