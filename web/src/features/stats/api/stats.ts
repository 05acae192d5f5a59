import { canonicalTimeZone, type PublicationStats, type WriterStats } from '../../../../../contracts/stats';
import { apiRequest, type ApiResult } from '../../../lib/api-client';
import { apiDownload } from '../../../lib/api-download';

/** The browser's IANA time zone, which the writer's days are counted in; UTC if it names none. */
function browserTimeZone(): string {
  return canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone) ?? 'UTC';
}

/** GET /api/stats/writer?days=&tz= or /api/stats/publication?id=&days=&tz= (bearer). */
export function getStats(
  publication: string,
  days: number,
  signal?: AbortSignal,
): Promise<ApiResult<WriterStats | PublicationStats>> {
  return publication
    ? apiRequest<PublicationStats>('/api/stats/publication', {
        query: { id: publication, days, tz: browserTimeZone() },
        auth: true,
        signal,
      })
    : apiRequest<WriterStats>('/api/stats/writer', {
        query: { days, tz: browserTimeZone() },
        auth: true,
        signal,
      });
}

/** The same figures per page and day, as the CSV file the server names. */
export function downloadStats(publication: string, days: number) {
  return publication
    ? apiDownload('/api/stats/publication.csv', { query: { id: publication, days }, auth: true })
    : apiDownload('/api/stats/writer.csv', { query: { days }, auth: true });
}
