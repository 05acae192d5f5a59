import { data, type LoaderFunctionArgs } from 'react-router';
import type { Series } from '../../../../../contracts/series';
import type { ApiResult } from '../../../lib/api-client';
import { logFailure, notFound, pageStatus } from '../../../lib/loader-helpers';
import type { Deferred } from '../../../lib/loaded';
import { pageDataOf } from '../../../lib/page-data';

export const SERIES_NOT_FOUND_TEXT = 'Error: Series not found';

export interface SeriesPageData {
  series: Deferred<ApiResult<Series>>;
}

/** /series?id=: a series and the parts readers can see, in order; an unknown one is a 404. */
export async function seriesLoader(args: LoaderFunctionArgs) {
  const { request } = args;
  const id = new URL(request.url).searchParams.get('id') ?? '';
  // No Zod here (the router is in every first load): the API answers a malformed id with its 404.
  if (!id) return data({ series: notFound(SERIES_NOT_FOUND_TEXT) } satisfies SeriesPageData, { status: 404 });
  const series = pageDataOf(args).series(id, request.signal).then(logFailure('Error fetching series'));
  if (!import.meta.env.SSR) return { series } satisfies SeriesPageData;
  const loaded = await series;
  return data({ series: loaded } satisfies SeriesPageData, { status: pageStatus(loaded) });
}
