import type { Testimonial } from '../../../../../contracts/moderation';
import { apiRequest, type ApiResult } from '../../../lib/api-client';

/** GET /api/testimonials → {response: the quotes an operator chose, in order; [] until then} */
export async function getTestimonials(signal?: AbortSignal): Promise<ApiResult<Testimonial[]>> {
  const result = await apiRequest<{ response: Testimonial[] }>('/api/testimonials', { signal });
  return result.ok ? { ok: true, data: result.data.response } : result;
}
