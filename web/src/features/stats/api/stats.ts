import {
  canonicalTimeZone,
  type PostStats,
  type PublicationStats,
  type WriterStats,
} from '../../../../../contracts/stats';
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

/** GET /api/stats/post?id=&days=&tz= (bearer): one post's figures, sources and email. */
export function getPostStats(
  postId: string,
  days: number,
  signal?: AbortSignal,
): Promise<ApiResult<PostStats>> {
  return apiRequest<PostStats>('/api/stats/post', {
    query: { id: postId, days, tz: browserTimeZone() },
    auth: true,
    signal,
  });
}

/** Whose figures a Stats page shows: the writer's own, a publication's, or one post's. */
export type StatsSubject =
  { kind: 'writer' } | { kind: 'publication'; id: string } | { kind: 'post'; id: string };

/** The same figures per page and day, as the CSV file the server names. */
export function downloadStats(subject: StatsSubject, days: number) {
  if (subject.kind === 'writer') return apiDownload('/api/stats/writer.csv', { query: { days }, auth: true });
  return apiDownload(`/api/stats/${subject.kind}.csv`, { query: { id: subject.id, days }, auth: true });
}
