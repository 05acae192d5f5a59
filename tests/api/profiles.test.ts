import sharp from 'sharp';
import { expect, it } from 'vitest';
import type { Account, Profile } from '../../contracts/auth';
import { MEDIA_UNSUPPORTED_MESSAGE } from '../../contracts/media';
import type { Post } from '../../contracts/posts';
import {
  DUPLICATE_LINK_MESSAGE,
  LINK_HTTPS_MESSAGE,
  PIN_EMAIL_ONLY_MESSAGE,
  PIN_NOT_PUBLISHED_MESSAGE,
  PIN_NOT_YOURS_MESSAGE,
  TOO_MANY_LINKS_MESSAGE,
  type ProfileLinks,
  type ProfilePicture,
} from '../../contracts/profile';
import { describeEachDatabase, request, signUpUser, type ApiContext, type TestUser } from './support/harness';
import { multipartBody, photo } from './support/media';
import { addComment } from './support/conversation';
import { createPost, deletePost } from './support/posts';

/** Profiles' pictures, links and pinned posts (decision 0068), on both databases. */

function putPicture(ctx: ApiContext, token: string | undefined, data: Buffer, contentType = 'image/jpeg') {
  const { payload, headers } = multipartBody(data, { contentType });
  return request<{ response: ProfilePicture; message?: string }>(ctx, {
    method: 'PUT',
    url: '/api/user/picture',
    payload,
    headers,
    ...(token ? { token } : {}),
  });
}

async function profileOf(ctx: ApiContext, userId: string): Promise<Profile> {
  const response = await request<{ response: Profile }>(ctx, {
    method: 'GET',
    url: `/api/user/profile?userId=${userId}`,
  });
  expect(response.status).toBe(200);
  return response.body.response;
}

function putLinks(ctx: ApiContext, user: TestUser, payload: unknown) {
  return request<{ response: ProfileLinks; message?: string; errors?: Record<string, string[]> }>(ctx, {
    method: 'PUT',
    url: '/api/user/links',
    token: user.token,
    payload: payload as Record<string, unknown>,
  });
}

function pin(ctx: ApiContext, user: TestUser | undefined, postId: unknown) {
  return request<{ response: Post; message?: string }>(ctx, {
    method: 'PUT',
    url: '/api/user/pinned',
    payload: { postId } as Record<string, unknown>,
    ...(user ? { token: user.token } : {}),
  });
}

describeEachDatabase('Profiles: pictures, links, pinned posts', (ctx) => {
  it('crops an uploaded picture square at 64, 128 and 256 px without its EXIF, and the profile, account and Conduit show it', async () => {
    const writer = await signUpUser(ctx);
    const original = await photo(900, 600, { withGps: true, orientation: 1 });
    const uploaded = await putPicture(ctx, writer.token, original);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const picture = uploaded.body.response;
    expect(picture.url).toBe(`/media/${picture.id}/256.webp`);
    expect(picture.srcset).toBe(
      [64, 128, 256].map((size) => `/media/${picture.id}/${size}.webp ${size}w`).join(', '),
    );
    for (const size of [64, 128, 256]) {
      const served = await ctx.app.inject({ method: 'GET', url: `/media/${picture.id}/${size}.webp` });
      expect(served.statusCode).toBe(200);
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width: size, height: size });
      expect(metadata.exif).toBeUndefined();
      expect(served.rawPayload.includes('Secret Owner')).toBe(false);
    }

    const profile = await profileOf(ctx, writer.id);
    expect(profile.picture).toEqual(picture);
    expect(profile.image).toMatch(new RegExp(`^https?://[^/]+/media/${picture.id}/256\\.webp$`));
    const me = await request<{ response: Account }>(ctx, {
      method: 'GET',
      url: '/api/user/me',
      token: writer.token,
    });
    expect(me.body.response.picture).toEqual(picture);

    // The RealWorld API's `image` is the uploaded picture's address (decision 0059 keeps its shape).
    const conduit = await request<{ user: { image: string | null } }>(ctx, {
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `Token ${writer.token}` },
    });
    expect(conduit.status).toBe(200);
    expect(conduit.body.user.image).toBe(profile.image);
  });

  it("shows an uploaded picture as the author's face on their posts, in lists, on comments and among writers to follow", async () => {
    const writer = await signUpUser(ctx, { username: 'Faced Writer' });
    const picture = (await putPicture(ctx, writer.token, await photo(300, 300))).body.response;
    const post = await createPost(ctx, writer);
    const read = await request<{ response: Post }>(ctx, {
      method: 'GET',
      url: `/api/post/blog?id=${post.id}`,
    });
    expect(read.body.response.author.picture).toEqual(picture);
    const list = await request<{ response: Post[] }>(ctx, { method: 'GET', url: '/api/post/blog/all' });
    expect(list.body.response.find((item) => item.id === post.id)?.author.picture).toEqual(picture);
    const comment = await addComment(ctx, writer, post.id, 'My own face beside it');
    expect(comment.author?.picture).toEqual(picture);
    const discover = await request<{
      response: { whoToFollow: { id: string; picture: ProfilePicture | null }[] };
    }>(ctx, { method: 'GET', url: '/api/discover' });
    expect(discover.body.response.whoToFollow.find((person) => person.id === writer.id)?.picture).toEqual(
      picture,
    );
  });

  it('replacing or removing the picture deletes the old files; a typed address replaces the upload', async () => {
    const writer = await signUpUser(ctx);
    const first = (await putPicture(ctx, writer.token, await photo(300, 300))).body.response;
    const second = (await putPicture(ctx, writer.token, await photo(200, 400))).body.response;
    expect(second.id).not.toBe(first.id);
    expect((await ctx.app.inject({ method: 'GET', url: first.url })).statusCode).toBe(404);
    expect((await profileOf(ctx, writer.id)).picture?.id).toBe(second.id);

    // The settings form sends the address back unchanged: the upload stays.
    const same = await request(ctx, {
      method: 'PUT',
      url: '/api/user/userupdate',
      token: writer.token,
      payload: { bio: 'Hello', image: (await profileOf(ctx, writer.id)).image },
    });
    expect(same.status).toBe(200);
    expect((await profileOf(ctx, writer.id)).picture?.id).toBe(second.id);

    const typed = await request(ctx, {
      method: 'PUT',
      url: '/api/user/userupdate',
      token: writer.token,
      payload: { image: 'https://example.com/me.png' },
    });
    expect(typed.status).toBe(200);
    const afterTyped = await profileOf(ctx, writer.id);
    expect(afterTyped.picture).toBeNull();
    expect(afterTyped.image).toBe('https://example.com/me.png');

    const third = (await putPicture(ctx, writer.token, await photo(100, 100))).body.response;
    const removed = await request(ctx, { method: 'DELETE', url: '/api/user/picture', token: writer.token });
    expect(removed.status).toBe(204);
    const afterRemove = await profileOf(ctx, writer.id);
    expect(afterRemove.picture).toBeNull();
    expect(afterRemove.image).toBeNull();
    expect((await ctx.app.inject({ method: 'GET', url: third.url })).statusCode).toBe(404);
  });

  it('refuses pictures that are not pictures, missing files and anonymous uploads with clear JSON', async () => {
    const writer = await signUpUser(ctx);
    const svg = await putPicture(
      ctx,
      writer.token,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'image/svg+xml',
    );
    expect(svg.status).toBe(415);
    expect(svg.body.message).toBe(MEDIA_UNSUPPORTED_MESSAGE);
    const notMultipart = await request(ctx, {
      method: 'PUT',
      url: '/api/user/picture',
      token: writer.token,
      payload: { file: 'x' },
    });
    expect(notMultipart.status).toBe(415);
    expect((await putPicture(ctx, undefined, await photo(100, 100))).status).toBe(401);
    expect((await request(ctx, { method: 'DELETE', url: '/api/user/picture' })).status).toBe(401);
    expect((await profileOf(ctx, writer.id)).picture).toBeNull();
  });

  it('keeps a website and up to five profiles elsewhere, labelled, in the profile and the account', async () => {
    const writer = await signUpUser(ctx);
    const saved = await putLinks(ctx, writer, {
      website: ' https://ada.example.com/ ',
      elsewhere: [
        'https://mastodon.social/@ada',
        'https://bsky.app/profile/ada.example.com',
        'https://github.com/ada',
        'https://www.linkedin.com/in/ada',
        'https://example.org/ada',
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const expected: ProfileLinks = {
      website: { url: 'https://ada.example.com/', label: 'ada.example.com' },
      elsewhere: [
        { url: 'https://mastodon.social/@ada', label: '@ada@mastodon.social' },
        { url: 'https://bsky.app/profile/ada.example.com', label: 'Bluesky' },
        { url: 'https://github.com/ada', label: 'GitHub' },
        { url: 'https://www.linkedin.com/in/ada', label: 'LinkedIn' },
        { url: 'https://example.org/ada', label: 'example.org' },
      ],
    };
    expect(saved.body.response).toEqual(expected);
    expect((await profileOf(ctx, writer.id)).links).toEqual(expected);
    const me = await request<{ response: Account }>(ctx, {
      method: 'GET',
      url: '/api/user/me',
      token: writer.token,
    });
    expect(me.body.response.links).toEqual(expected);

    const cleared = await putLinks(ctx, writer, { website: '', elsewhere: [] });
    expect(cleared.status).toBe(200);
    expect((await profileOf(ctx, writer.id)).links).toEqual({ website: null, elsewhere: [] });
  });

  it('refuses links that are not https, too many, repeated or malformed, by the field', async () => {
    const writer = await signUpUser(ctx);
    const cases: [unknown, string, string][] = [
      [{ website: 'http://ada.example.com', elsewhere: [] }, 'website', LINK_HTTPS_MESSAGE],
      [{ website: 'javascript:alert(1)', elsewhere: [] }, 'website', LINK_HTTPS_MESSAGE],
      [{ website: '', elsewhere: ['https://user:pw@example.com'] }, 'elsewhere.0', LINK_HTTPS_MESSAGE],
      [{ website: '', elsewhere: ['https://localhost/me'] }, 'elsewhere.0', LINK_HTTPS_MESSAGE],
      [
        { website: '', elsewhere: [`https://example.com/${'a'.repeat(300)}`] },
        'elsewhere.0',
        'Addresses can be at most 300 characters',
      ],
      [
        { website: '', elsewhere: Array.from({ length: 6 }, (_, i) => `https://example.com/${i}`) },
        'elsewhere',
        TOO_MANY_LINKS_MESSAGE,
      ],
      [
        { website: 'https://example.com/a', elsewhere: ['https://EXAMPLE.com/a/'] },
        'elsewhere.0',
        DUPLICATE_LINK_MESSAGE,
      ],
    ];
    for (const [payload, field, message] of cases) {
      const response = await putLinks(ctx, writer, payload);
      expect(response.status, JSON.stringify(payload)).toBe(400);
      expect(response.body.errors?.[field], JSON.stringify(response.body)).toContain(message);
    }
    for (const payload of [
      {},
      { website: '' },
      { website: '', elsewhere: 'https://example.com' },
      { website: 3, elsewhere: [] },
      { website: '', elsewhere: [], extra: 1 },
    ]) {
      const response = await putLinks(ctx, writer, payload);
      expect(response.status, JSON.stringify(payload)).toBe(400);
      expect(typeof response.body.message).toBe('string');
    }
    const anonymous = await request(ctx, {
      method: 'PUT',
      url: '/api/user/links',
      payload: { website: '', elsewhere: [] },
    });
    expect(anonymous.status).toBe(401);
    expect((await profileOf(ctx, writer.id)).links).toEqual({ website: null, elsewhere: [] });
  });

  it('pins one of the writer’s own published posts; only the author may, and only a published one', async () => {
    const writer = await signUpUser(ctx);
    const other = await signUpUser(ctx);
    const post = await createPost(ctx, writer, { title: 'Pinned one' });
    const theirs = await createPost(ctx, other, { title: 'Not yours' });
    const draft = await request<{ response: Post }>(ctx, {
      method: 'POST',
      url: '/api/post/blog',
      token: writer.token,
      payload: { title: 'Draft', content: 'Later', status: 'draft' },
    });
    expect(draft.status).toBe(201);

    expect((await pin(ctx, undefined, post.id)).status).toBe(401);
    const notYours = await pin(ctx, writer, theirs.id);
    expect(notYours.status).toBe(403);
    expect(notYours.body.message).toBe(PIN_NOT_YOURS_MESSAGE);
    const notPublished = await pin(ctx, writer, draft.body.response.id);
    expect(notPublished.status).toBe(400);
    expect(notPublished.body.message).toBe(PIN_NOT_PUBLISHED_MESSAGE);
    // Someone else's draft does not exist for the writer.
    const otherDraft = await request<{ response: Post }>(ctx, {
      method: 'POST',
      url: '/api/post/blog',
      token: other.token,
      payload: { title: 'Their draft', content: 'x', status: 'draft' },
    });
    expect((await pin(ctx, writer, otherDraft.body.response.id)).status).toBe(404);
    expect((await pin(ctx, writer, '019ab3c6-1b2c-7d3e-8f4a-5b6c7d8e9f0a')).status).toBe(404);
    expect((await pin(ctx, writer, 'not-an-id')).status).toBe(404);
    expect((await pin(ctx, writer, 42)).status).toBe(400);
    expect((await profileOf(ctx, writer.id)).pinnedPost).toBeNull();

    const pinned = await pin(ctx, writer, post.id);
    expect(pinned.status).toBe(200);
    expect(pinned.body.response.id).toBe(post.id);
    expect((await profileOf(ctx, writer.id)).pinnedPost?.id).toBe(post.id);
    expect((await profileOf(ctx, other.id)).pinnedPost).toBeNull();

    const unpinned = await request(ctx, { method: 'DELETE', url: '/api/user/pinned', token: writer.token });
    expect(unpinned.status).toBe(204);
    expect((await profileOf(ctx, writer.id)).pinnedPost).toBeNull();
    expect((await request(ctx, { method: 'DELETE', url: '/api/user/pinned' })).status).toBe(401);
  });

  it('an email-only post cannot be pinned: it is in no list, the profile’s included', async () => {
    const writer = await signUpUser(ctx);
    const letter = await request<{ response: Post }>(ctx, {
      method: 'POST',
      url: '/api/post/blog',
      token: writer.token,
      payload: { title: 'Only for subscribers', content: 'Dear reader', newsletter: 'email-only' },
    });
    expect(letter.status).toBe(201);
    const refused = await pin(ctx, writer, letter.body.response.id);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(PIN_EMAIL_ONLY_MESSAGE);
    expect((await profileOf(ctx, writer.id)).pinnedPost).toBeNull();

    // A pin stored before the post became email-only shows to nobody either.
    const post = await createPost(ctx, writer, { title: 'On the web' });
    expect((await pin(ctx, writer, post.id)).status).toBe(200);
    await ctx.database.db
      .updateTable('posts')
      .set({ newsletter: 'email-only' })
      .where('id', '=', post.id)
      .execute();
    expect((await profileOf(ctx, writer.id)).pinnedPost).toBeNull();
  });

  it('unpublishing or deleting the pinned post clears the pin for good', async () => {
    const writer = await signUpUser(ctx);
    const post = await createPost(ctx, writer, { title: 'To unpublish' });
    expect((await pin(ctx, writer, post.id)).status).toBe(200);
    const unpublished = await request(ctx, {
      method: 'PUT',
      url: `/api/post/blog?id=${post.id}`,
      token: writer.token,
      payload: { title: post.title, content: post.content, status: 'draft' },
    });
    expect(unpublished.status, JSON.stringify(unpublished.body)).toBe(200);
    expect((await profileOf(ctx, writer.id)).pinnedPost).toBeNull();
    // Published again, it is not pinned again by itself.
    const republished = await request(ctx, {
      method: 'PUT',
      url: `/api/post/blog?id=${post.id}`,
      token: writer.token,
      payload: { title: post.title, content: post.content, status: 'published' },
    });
    expect(republished.status).toBe(200);
    expect((await profileOf(ctx, writer.id)).pinnedPost).toBeNull();

    const doomed = await createPost(ctx, writer, { title: 'To delete' });
    expect((await pin(ctx, writer, doomed.id)).status).toBe(200);
    await deletePost(ctx, writer, doomed.id);
    expect((await profileOf(ctx, writer.id)).pinnedPost).toBeNull();
    const row = await ctx.database.db
      .selectFrom('users')
      .select('pinned_post_id')
      .where('id', '=', writer.id)
      .executeTakeFirstOrThrow();
    expect(row.pinned_post_id).toBeNull();
  });
});
