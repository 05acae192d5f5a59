import { expect } from 'vitest';
import type { PublicationDetails } from '../../../contracts/publications';
import { request, type ApiContext, type TestUser } from './harness';

/** A team publication owned by `owner`, made through the API. */
export async function createPublication(ctx: ApiContext, owner: TestUser, slug: string) {
  const created = await request<{ response: PublicationDetails }>(ctx, {
    method: 'POST',
    url: '/api/publications',
    token: owner.token,
    payload: { slug, name: `Team ${slug}`, description: 'Letters' },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.response;
}

/** `who` invited into the publication with `role`, and accepting. */
export async function addMember(
  ctx: ApiContext,
  owner: TestUser,
  slug: string,
  who: TestUser,
  role: 'editor' | 'writer',
) {
  const invited = await request<{ response: { id: string } }>(ctx, {
    method: 'POST',
    url: `/api/publications/${slug}/invitations`,
    token: owner.token,
    payload: { who: who.username, role },
  });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  const accepted = await request(ctx, {
    method: 'POST',
    url: `/api/user/invitations/${invited.body.response.id}/accept`,
    token: who.token,
  });
  expect(accepted.status).toBe(200);
}
