import { CONFIRMATION_TTL_DAYS } from '../../../contracts/newsletters';
import type { MailMessage } from '../../lib/mail';

/**
 * The confirmation of a subscription, plain text like the account emails. The link opens a page
 * with one button: opening it (as a mail scanner does) confirms nothing.
 */
export function confirmSubscriptionMessage(to: string, listName: string, link: string): MailMessage {
  return {
    to,
    subject: `Confirm your subscription to ${listName}`,
    text: [
      `Someone asked to receive ${listName}'s new posts by email at this address.`,
      '',
      `To confirm, open this link within ${CONFIRMATION_TTL_DAYS} days and press the button on the page:`,
      link,
      '',
      'If you did not ask for this, ignore this email: nothing more will be sent, and the address',
      `is forgotten after ${CONFIRMATION_TTL_DAYS} days.`,
    ].join('\n'),
  };
}
