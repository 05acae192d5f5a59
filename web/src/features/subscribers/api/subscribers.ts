import {
  IMPORT_CONSENT_FIELD,
  IMPORT_FILE_FIELD,
  type GrowthPeriod,
  type ImportReport,
  type NewsletterSendReport,
  type Subscriber,
  type SubscribersSummary,
} from '../../../../../contracts/newsletter-subscribers';
import type { SubscriptionStatus } from '../../../../../contracts/newsletters';
import {
  apiRequest,
  failure,
  NO_RESPONSE_MESSAGE,
  serverErrorText,
  type ApiResult,
} from '../../../lib/api-client';
import { apiDownload } from '../../../lib/api-download';
import { appStorage, readToken } from '../../../lib/storage';

const listPath = (list: string) => `/api/newsletters/lists/${encodeURIComponent(list)}`;

async function unwrap<T>(pending: Promise<ApiResult<{ response: T }>>): Promise<ApiResult<T>> {
  const result = await pending;
  return result.ok ? { ok: true, data: result.data.response } : result;
}

/** GET …/summary?days= (bearer) → counts by state and growth per day. */
export function getSummary(list: string, days: GrowthPeriod, signal?: AbortSignal) {
  return unwrap(
    apiRequest<{ response: SubscribersSummary }>(`${listPath(list)}/summary`, {
      query: { days },
      auth: true,
      signal,
    }),
  );
}

export interface SubscriberPage {
  response: Subscriber[];
  nextCursor: string | null;
}

/** GET …/subscribers?status=&q=&cursor= (bearer) → 50 by address, and the next page's cursor. */
export function listSubscribers(
  list: string,
  filter: { status: SubscriptionStatus | ''; q: string; cursor: string | null },
  signal?: AbortSignal,
) {
  return apiRequest<SubscriberPage>(`${listPath(list)}/subscribers`, {
    query: { status: filter.status || null, q: filter.q.trim() || null, cursor: filter.cursor },
    auth: true,
    signal,
  });
}

export interface SendReportPage {
  response: NewsletterSendReport[];
  nextCursor: string | null;
}

/** GET …/sends?cursor= (bearer) → the posts emailed to the list, newest first, 20 a page. */
export function listSends(list: string, cursor: string | null, signal?: AbortSignal) {
  return apiRequest<SendReportPage>(`${listPath(list)}/sends`, { query: { cursor }, auth: true, signal });
}

/** DELETE …/subscribers/:id (bearer) → 204. */
export function removeSubscriber(list: string, id: string) {
  return apiRequest<undefined>(`${listPath(list)}/subscribers/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    auth: true,
  });
}

/** GET …/subscribers/export (bearer) → the CSV file. */
export function downloadSubscribers(list: string) {
  return apiDownload(`${listPath(list)}/subscribers/export`, { auth: true });
}

/**
 * POST …/subscribers/import (bearer, multipart `consent`, `file`) → the import's report. Not
 * through apiRequest, which speaks JSON only: the browser sets the multipart boundary itself.
 */
export async function importSubscribers(
  list: string,
  file: File,
  consent: boolean,
): Promise<ApiResult<ImportReport>> {
  const body = new FormData();
  body.append(IMPORT_CONSENT_FIELD, consent ? 'true' : 'false');
  body.append(IMPORT_FILE_FIELD, file, file.name || 'subscribers.csv');
  const token = readToken(appStorage);
  let response: Response;
  try {
    response = await fetch(`${import.meta.env.VITE_API_BASE ?? ''}${listPath(list)}/subscribers/import`, {
      method: 'POST',
      body,
      headers: token
        ? { Authorization: `Bearer ${token}`, Accept: 'application/json' }
        : { Accept: 'application/json' },
    });
  } catch {
    return failure('network', null, NO_RESPONSE_MESSAGE);
  }
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const errors = (answer as { errors?: Record<string, string[]> } | null)?.errors ?? {};
    return failure('http', response.status, serverErrorText(answer), errors);
  }
  const report = (answer as { response?: ImportReport } | null)?.response;
  if (!report) return failure('unexpected', response.status, serverErrorText(null));
  return { ok: true, data: report };
}
