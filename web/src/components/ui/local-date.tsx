import { formatPostDate } from '../../../../contracts/dates';
import { memoizeRecent } from '../../../../contracts/memo';
import { useHydrated } from '../../lib/use-hydrated';

// The server shows the same dates on page after page; each is formatted once while it is recent.
const utcDate = memoizeRecent(
  (iso: string) => formatPostDate(iso, 'UTC'),
  (iso) => iso,
  2_000,
);

/**
 * Specification §9's date ('Jun 27, 2024'). The server does not know the reader's time zone, so the page is
 * rendered, and hydrated, with the UTC date, and shows the reader's own date from then on.
 */
export function LocalDate({ iso, className }: { iso: string; className?: string }) {
  const hydrated = useHydrated();
  return (
    <time className={className} dateTime={iso}>
      {hydrated ? formatPostDate(iso) : utcDate(iso)}
    </time>
  );
}
