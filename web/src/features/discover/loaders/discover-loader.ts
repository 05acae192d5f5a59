import type { LoaderFunctionArgs } from 'react-router';
import type { PageData } from '../../../../../contracts/page-data';
import type { ApiResult } from '../../../lib/api-client';
import { logFailure, mapResult } from '../../../lib/loader-helpers';
import { pageDataOf } from '../../../lib/page-data';
import { toDiscoverView, type DiscoverView } from '../discover-view';

/** The side panel's data, as the reader (the server renders every page as a visitor). */
export function loadDiscover(pageData: PageData, signal?: AbortSignal): Promise<ApiResult<DiscoverView>> {
  return pageData
    .discover(signal)
    .then(logFailure('Error fetching the side panel'))
    .then((result) => mapResult(result, toDiscoverView));
}

/** The reader's own panel after hydration, for useFetcher (lib/data-routes.ts). */
export async function readerDiscoverLoader(args: LoaderFunctionArgs) {
  return loadDiscover(pageDataOf(args), args.request.signal);
}
