import { useState } from 'react';
import { NEWSLETTER_PAGE_PATHS } from '../../../../../contracts/newsletters';
import { useViewer } from '../../auth';
import { subscribeWithAccount } from '../api/subscribe-newsletter';

export interface NewsletterFormProps {
  /** The list: a publication's slug or id; a writer's own blog is named by the writer's id. */
  list: string;
  /** Whose posts the emails bring: the writer's or the publication's name. */
  name: string;
  /** Where more than one form could be on a page, this one's heading id. */
  titleId?: string;
}

/**
 * A writer's or a publication's newsletter, on the profile and under each post. Rendered by the
 * server as a plain form that posts to the server's page (it works without script, and answers
 * "check your inbox"); a signed-in reader gets one button instead, which subscribes their
 * account's address. Either way the address confirms.
 */
export function NewsletterForm({ list, name, titleId = 'newsletter-form-title' }: NewsletterFormProps) {
  const viewer = useViewer();
  const [state, setState] = useState<{ pending: boolean; message: string | null; error: string | null }>({
    pending: false,
    message: null,
    error: null,
  });
  const emailId = `${titleId}-email`;

  async function subscribe() {
    setState({ pending: true, message: null, error: null });
    const result = await subscribeWithAccount(list);
    setState(
      result.ok
        ? { pending: false, message: result.data.message, error: null }
        : { pending: false, message: null, error: result.error.message },
    );
  }

  // One button: the signed-in reader's account address is used.
  const withAccount = (className: string | undefined) => (
    <div className={className}>
      <p className="newsletter-form__hint">Sent to your account&rsquo;s address, once you confirm.</p>
      <button
        className="button button--primary"
        type="button"
        disabled={state.pending || !viewer.known}
        onClick={() => void subscribe()}
      >
        Subscribe
      </button>
      {state.error ? (
        <p className="field__error" role="alert">
          {state.error}
        </p>
      ) : null}
    </div>
  );
  // A plain form: it works without script, and without an account.
  const withAddress = (className: string | undefined) => (
    <form className={className} method="post" action={NEWSLETTER_PAGE_PATHS.subscribe}>
      <p className="newsletter-form__hint">No account needed. Every email has a one-click unsubscribe.</p>
      <input type="hidden" name="publication" value={list} />
      <div className="newsletter-form__row">
        <div className="field">
          <label className="field__label" htmlFor={emailId}>
            Email address
          </label>
          <input
            className="field__input"
            id={emailId}
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
          />
        </div>
        <button className="button button--primary" type="submit">
          Subscribe
        </button>
      </div>
    </form>
  );

  return (
    <section className="newsletter-form" aria-labelledby={titleId}>
      <h2 className="newsletter-form__title" id={titleId}>
        Get new posts from {name} by email
      </h2>
      {state.message ? (
        <p className="newsletter-form__done" role="status">
          {state.message}
        </p>
      ) : !viewer.known ? (
        // The server cannot see the session: it sends both, and the signed-in hint (global.css)
        // shows the right one from the first paint, so nothing below moves when React knows.
        <>
          {withAccount('when-signed-in')}
          {withAddress('when-signed-out')}
        </>
      ) : viewer.status ? (
        withAccount(undefined)
      ) : (
        withAddress(undefined)
      )}
    </section>
  );
}
