import type { LoaderFunctionArgs } from 'react-router';
import type { Testimonial } from '../../../../../contracts/moderation';
import { logFailure } from '../../../lib/loader-helpers';
import { pageDataOf } from '../../../lib/page-data';

export interface LandingData {
  /** The wall of testimonials; empty, and the section left out, until chosen. */
  testimonials: Testimonial[];
}

/**
 * `/`: the operator-chosen quotes, rendered on the server with the page. The marketing page must
 * never fail for them: a failure to read them leaves the wall out, as if none were chosen.
 */
export async function landingLoader(args: LoaderFunctionArgs): Promise<LandingData> {
  const result = await pageDataOf(args)
    .testimonials(args.request.signal)
    .then(logFailure('Error fetching testimonials'));
  return { testimonials: result.ok ? result.data : [] };
}
