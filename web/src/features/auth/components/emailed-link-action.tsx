import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHead } from '../../../lib/head/page-head';
import type { ApiResult } from '../../../lib/api-client';
import { FormError } from '../../../components/ui/form-error';
import { FormFooter } from '../../../components/ui/form-footer';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { useHydrated } from '../../../lib/use-hydrated';
import { AuthCard } from './auth-card';

/**
 * The page an emailed link opens (`?token=`): the token is used on a click rather than on load, so
 * a mail scanner that opens links cannot use it up. Then it says what happened and where to go.
 */
export function EmailedLinkAction<Data>({
  title,
  lead,
  act,
  actionLabel,
  pendingLabel,
  onDone,
  next,
}: {
  title: string;
  lead: string;
  act: (token: string) => Promise<ApiResult<Data>>;
  actionLabel: string;
  pendingLabel: string;
  /** What the page does after the API said yes; returns what to tell the reader. */
  onDone: (data: Data) => string;
  next: { text: string; linkText: string; to: string };
}) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // Before hydration a click would do nothing, so the button waits for the app.
  const hydrated = useHydrated();
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onClick = async () => {
    setPending(true);
    setError(null);
    const result = await act(token);
    setPending(false);
    if (!result.ok) {
      setError(result.error.message);
      return;
    }
    setDone(onDone(result.data));
  };

  return (
    <AuthCard title={title} lead={lead}>
      <PageHead title={title} noindex />
      {done ? (
        <>
          <Notice>{done}</Notice>
          <FormFooter text={next.text} linkText={next.linkText} to={next.to} />
        </>
      ) : (
        <>
          <button
            className="button button--primary button--block"
            type="button"
            disabled={!hydrated || pending}
            aria-busy={pending || undefined}
            onClick={() => void onClick()}
          >
            {pending ? <Spinner /> : null}
            <span>{pending ? pendingLabel : actionLabel}</span>
          </button>
          <FormError message={error} />
        </>
      )}
    </AuthCard>
  );
}
