import type { LoaderFunctionArgs } from 'react-router';
import type { ApiResult } from '../../../lib/api-client';
import { hasSession, logFailure, mapResult } from '../../../lib/loader-helpers';
import { getDiscover } from '../api/get-discover';
import { toDiscoverView, type DiscoverView } from '../discover-view';

/** The side panel's data; the server always asks as a visitor (its HTML is the same for all). */
export function loadDiscover(signal?: AbortSignal): Promise<ApiResult<DiscoverView>> {
  const auth = !import.meta.env.SSR && hasSession();
  return getDiscover(auth, signal)
    .then(logFailure('Error fetching the side panel'))
    .then((result) => mapResult(result, (body) => toDiscoverView(body.response)));
}

/** The reader's own panel after hydration, for useFetcher (app/data-routes.ts). */
export async function readerDiscoverLoader({ request }: LoaderFunctionArgs) {
  return loadDiscover(request.signal);
}
