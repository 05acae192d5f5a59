import { formatPostDate } from '../../../../contracts/dates';
import { useHydrated } from '../../lib/use-hydrated';

/**
 * SPEC §9's date ('Jun 27, 2024'). The server does not know the reader's time zone, so the page is
 * rendered, and hydrated, with the UTC date, and shows the reader's own date from then on.
 */
export function LocalDate({ iso, className }: { iso: string; className?: string }) {
  const hydrated = useHydrated();
  return (
    <time className={className} dateTime={iso}>
      {formatPostDate(iso, hydrated ? undefined : 'UTC')}
    </time>
  );
}
