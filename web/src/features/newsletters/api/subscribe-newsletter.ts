import { apiRequest } from '../../../lib/api-client';

/** POST /api/newsletters/subscribe (bearer): the signed-in reader's account address is used. */
export function subscribeWithAccount(publication: string) {
  return apiRequest<{ message: string }>('/api/newsletters/subscribe', {
    method: 'POST',
    body: { publication },
    auth: true,
  });
}
