import { expect, it } from 'vitest';
import { notificationText, type NotificationGroup } from '../../contracts/notifications';
import type { Post } from '../../contracts/posts';
import type { Invitation, Membership, PublicationDetails } from '../../contracts/publications';
import {
  NOT_A_MEMBER_MESSAGE,
  OWNER_CANNOT_LEAVE_MESSAGE,
  PERSONAL_PUBLICATION_MESSAGE,
  SLUG_RESERVED_MESSAGE,
  SLUG_TAKEN_MESSAGE,
} from '../../contracts/publications';
import { describeEachDatabase, request, signUpUser, type ApiContext, type TestUser } from './support/harness';
import { createPost } from './support/posts';
import { TOO_MANY_PUBLICATIONS_MESSAGE } from '../../server/modules/publications/publications-service';

const createPublication = async (ctx: ApiContext, owner: TestUser, slug: string, name = `Team ${slug}`) => {
  const created = await request<{ response: PublicationDetails }>(ctx, {
    method: 'POST',
    url: '/api/publications',
    token: owner.token,
    payload: { slug, name, description: `What ${name} writes about` },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.response;
};

/** Invites `who` and has them accept: a member with `role`. */
async function addMember(
  ctx: ApiContext,
  by: TestUser,
  slug: string,
  who: TestUser,
  role: 'editor' | 'writer',
) {
  const invited = await request<{ response: Invitation }>(ctx, {
    method: 'POST',
    url: `/api/publications/${slug}/invitations`,
    token: by.token,
    payload: { who: who.username, role },
  });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  const accepted = await request<{ response: Membership }>(ctx, {
    method: 'POST',
    url: `/api/user/invitations/${invited.body.response.id}/accept`,
    token: who.token,
  });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  expect(accepted.body.response.role).toBe(role);
}

const writePost = (ctx: ApiContext, user: TestUser, payload: Record<string, unknown>) =>
  request<{ response: Post; message?: string }>(ctx, {
    method: 'POST',
    url: '/api/post/blog',
    token: user.token,
    payload: { title: 'Team notes', content: 'Written together.', ...payload },
  });

const editPost = (ctx: ApiContext, user: TestUser, id: string, payload: Record<string, unknown> = {}) =>
  request<{ response: Post; message?: string }>(ctx, {
    method: 'PUT',
    url: `/api/post/blog?id=${id}`,
    token: user.token,
    payload: { title: 'Edited', content: 'Edited text.', ...payload },
  });

const readPost = (ctx: ApiContext, id: string, token?: string) =>
  request<{ response: Post }>(ctx, {
    method: 'GET',
    url: `/api/post/blog?id=${id}`,
    ...(token ? { token } : {}),
  });

describeEachDatabase('publications: own blogs, teams and roles', (ctx) => {
  it('gives accounts signing up at once with names of one address a blog each', async () => {
    // Side by side, each sign-up reads the same free address before either has stored it.
    const names = ['Marie Curie', 'marie-curie', 'Marie_Curie'];
    const users = await Promise.all(names.map((username) => signUpUser(ctx, { username })));
    const slugs = await Promise.all(
      users.map(async (user) => {
        const mine = await request<{ response: Membership[] }>(ctx, {
          method: 'GET',
          url: '/api/user/publications',
          token: user.token,
        });
        return mine.body.response[0]?.publication.slug;
      }),
    );
    expect([...slugs].sort()).toEqual(['marie-curie', 'marie-curie-2', 'marie-curie-3']);
  });

  it('gives every account its own blog at sign-up, its address made from the name and unique', async () => {
    const first = await signUpUser(ctx, { username: 'Émile Zola' });
    const second = await signUpUser(ctx, { username: 'emile-zola' });
    const mine = await request<{ response: Membership[] }>(ctx, {
      method: 'GET',
      url: '/api/user/publications',
      token: first.token,
    });
    expect(mine.status).toBe(200);
    expect(mine.body.response).toEqual([
      expect.objectContaining({
        role: 'owner',
        publication: expect.objectContaining({
          slug: 'emile-zola',
          name: 'Émile Zola',
          personal: true,
          url: 'http://inkwell.test/pub/emile-zola',
        }),
      }),
    ]);
    const theirs = await request<{ response: Membership[] }>(ctx, {
      method: 'GET',
      url: '/api/user/publications',
      token: second.token,
    });
    expect(theirs.body.response[0]?.publication.slug).toBe('emile-zola-2');
    // A post without a publication goes to the writer's own blog.
    const post = await createPost(ctx, first);
    expect(post.publication).toEqual({
      slug: 'emile-zola',
      name: 'Émile Zola',
      personal: true,
      domain: null,
    });
  });

  it("renames a writer's own blog with the writer, on its site and feeds at once, unless they named it", async () => {
    const writer = await signUpUser(ctx, { username: 'Before Rename' });
    const post = await createPost(ctx, writer, { title: 'Written before the rename' });
    const slug = post.publication?.slug ?? '';
    const site = async (path = '') =>
      (await ctx.app.inject({ method: 'GET', url: `/pub/${slug}${path}` })).body;
    expect(await site()).toContain('<title>Before Rename</title>');

    const rename = (user: TestUser, username: string) =>
      request(ctx, { method: 'PUT', url: '/api/user/userupdate', token: user.token, payload: { username } });
    expect((await rename(writer, 'After Rename')).status).toBe(200);
    expect(await site()).toContain('<title>After Rename</title>');
    expect(await site()).not.toContain('Before Rename');
    expect(await site('/about')).toContain('About After Rename');
    expect(await site('/rss.xml')).toContain('<title>After Rename</title>');
    expect(await site('/rss.xml')).not.toContain('Before Rename');
    expect(await site('/atom.xml')).not.toContain('Before Rename');
    const shown = await request<{ response: PublicationDetails }>(ctx, {
      method: 'GET',
      url: `/api/publications/${slug}`,
    });
    expect(shown.body.response).toMatchObject({ slug, name: 'After Rename' });
    const read = await request<{ response: Post }>(ctx, {
      method: 'GET',
      url: `/api/post/blog?id=${post.id}`,
    });
    expect(read.body.response.publication).toMatchObject({ slug, name: 'After Rename' });

    // A name the writer gave their blog is theirs to keep.
    const named = await request(ctx, {
      method: 'PUT',
      url: `/api/publications/${slug}`,
      token: writer.token,
      payload: { name: 'Field Notes' },
    });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    expect((await rename(writer, 'Renamed Again')).status).toBe(200);
    expect(await site()).toContain('<title>Field Notes</title>');
    // The address never moves: links to the blog keep working.
    expect((await ctx.app.inject({ method: 'GET', url: `/pub/${slug}` })).statusCode).toBe(200);
  });

  it('creates a team publication with its creator as owner, refusing taken and reserved addresses', async () => {
    const owner = await signUpUser(ctx);
    const created = await createPublication(ctx, owner, 'engine-notes', 'Engine Notes');
    expect(created).toMatchObject({
      slug: 'engine-notes',
      name: 'Engine Notes',
      personal: false,
      members: [{ username: owner.username, role: 'owner' }],
    });
    const again = await request(ctx, {
      method: 'POST',
      url: '/api/publications',
      token: owner.token,
      payload: { slug: 'Engine-Notes', name: 'Copy' },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: SLUG_TAKEN_MESSAGE });
    for (const slug of ['www', 'api', 'admin', 'mail']) {
      const reserved = await request<{ errors: Record<string, string[]> }>(ctx, {
        method: 'POST',
        url: '/api/publications',
        token: owner.token,
        payload: { slug, name: 'Infrastructure' },
      });
      expect(reserved.status).toBe(400);
      expect(reserved.body.errors.slug).toEqual([SLUG_RESERVED_MESSAGE]);
    }
    const bad = await request<{ errors: Record<string, string[]> }>(ctx, {
      method: 'POST',
      url: '/api/publications',
      token: owner.token,
      payload: { slug: '-no-', name: '', accentColor: 'red' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['accentColor', 'name', 'slug']);
    const anonymous = await request(ctx, {
      method: 'POST',
      url: '/api/publications',
      payload: { slug: 'x1', name: 'X' },
    });
    expect(anonymous.status).toBe(401);
  });

  it('lets writers write in it, editors edit any post in it, and nobody else', async () => {
    const owner = await signUpUser(ctx);
    const editor = await signUpUser(ctx);
    const writer = await signUpUser(ctx);
    const otherWriter = await signUpUser(ctx);
    const outsider = await signUpUser(ctx);
    await createPublication(ctx, owner, 'the-loom');
    await addMember(ctx, owner, 'the-loom', editor, 'editor');
    await addMember(ctx, owner, 'the-loom', writer, 'writer');
    await addMember(ctx, editor, 'the-loom', otherWriter, 'writer');

    const written = await writePost(ctx, writer, { publication: 'the-loom' });
    expect(written.status).toBe(201);
    const post = written.body.response;
    expect(post.publication).toMatchObject({ slug: 'the-loom', personal: false });

    // A writer cannot edit another writer's post; an outsider neither; an editor and the owner can.
    expect((await editPost(ctx, otherWriter, post.id)).status).toBe(403);
    expect((await editPost(ctx, outsider, post.id)).status).toBe(403);
    const edited = await editPost(ctx, editor, post.id, { title: 'Edited by the editor' });
    expect(edited.status).toBe(200);
    expect(edited.body.response).toMatchObject({ title: 'Edited by the editor', authorId: writer.id });
    expect((await editPost(ctx, owner, post.id)).status).toBe(200);

    // An editor unpublishes and publishes it; the draft stays visible to them, not to outsiders.
    const unpublished = await editPost(ctx, editor, post.id, { status: 'draft' });
    expect(unpublished.body.response.status).toBe('draft');
    expect((await readPost(ctx, post.id, editor.token)).status).toBe(200);
    expect((await readPost(ctx, post.id, outsider.token)).status).toBe(404);
    expect((await readPost(ctx, post.id)).status).toBe(404);
    expect((await editPost(ctx, editor, post.id, { status: 'published' })).body.response.status).toBe(
      'published',
    );

    // Only its author moves it; an outsider cannot write into the publication.
    const moved = await editPost(ctx, editor, post.id, { publication: editor.username.toLowerCase() });
    expect(moved.status).toBe(403);
    const intruding = await writePost(ctx, outsider, { publication: 'the-loom' });
    expect(intruding.status).toBe(403);
    expect(intruding.body.message).toBe(NOT_A_MEMBER_MESSAGE);
    const unknown = await writePost(ctx, writer, { publication: 'no-such-publication' });
    expect(unknown.status).toBe(400);

    // Deleting: not an editor's, but the owner's and the author's.
    const byEditor = await request(ctx, {
      method: 'DELETE',
      url: `/api/post/blog/delete?id=${post.id}`,
      token: editor.token,
    });
    expect(byEditor.status).toBe(403);
    const byOwner = await request(ctx, {
      method: 'DELETE',
      url: `/api/post/blog/delete?id=${post.id}`,
      token: owner.token,
    });
    expect(byOwner.status).toBe(200);
  });

  it('ends a removed member’s access at once, with the token they already hold', async () => {
    const owner = await signUpUser(ctx);
    const writer = await signUpUser(ctx);
    await createPublication(ctx, owner, 'short-stay');
    await addMember(ctx, owner, 'short-stay', writer, 'writer');
    const post = (await writePost(ctx, writer, { publication: 'short-stay' })).body.response;

    const removed = await request(ctx, {
      method: 'DELETE',
      url: `/api/publications/short-stay/members/${writer.username}`,
      token: owner.token,
    });
    expect(removed.status).toBe(204);
    expect((await writePost(ctx, writer, { publication: 'short-stay' })).status).toBe(403);
    const edit = await editPost(ctx, writer, post.id);
    expect(edit.status).toBe(403);
    expect(edit.body.message).toBe(NOT_A_MEMBER_MESSAGE);
    // Their words stay theirs: they may move the post home, into their own blog.
    const own = (
      await request<{ response: Membership[] }>(ctx, {
        method: 'GET',
        url: '/api/user/publications',
        token: writer.token,
      })
    ).body.response[0]?.publication.slug;
    const home = await editPost(ctx, writer, post.id, { publication: own });
    expect(home.status).toBe(200);
    expect(home.body.response.publication).toMatchObject({ slug: own, personal: true });
    const invitations = await request(ctx, {
      method: 'GET',
      url: '/api/publications/short-stay/invitations',
      token: writer.token,
    });
    expect(invitations.status).toBe(403);
  });

  it('invites by name or email, accepts, declines, changes roles and hands ownership over', async () => {
    const owner = await signUpUser(ctx);
    const ada = await signUpUser(ctx);
    const charles = await signUpUser(ctx);
    await createPublication(ctx, owner, 'analytical');
    const byEmail = await request<{ response: Invitation }>(ctx, {
      method: 'POST',
      url: '/api/publications/analytical/invitations',
      token: owner.token,
      payload: { who: ada.email.toUpperCase(), role: 'editor' },
    });
    expect(byEmail.status).toBe(201);
    expect(byEmail.body.response).toMatchObject({
      username: ada.username,
      role: 'editor',
      invitedBy: owner.username,
    });
    const twice = await request(ctx, {
      method: 'POST',
      url: '/api/publications/analytical/invitations',
      token: owner.token,
      payload: { who: ada.username, role: 'writer' },
    });
    expect(twice.status).toBe(409);
    const nobody = await request(ctx, {
      method: 'POST',
      url: '/api/publications/analytical/invitations',
      token: owner.token,
      payload: { who: 'nobody-here@example.com', role: 'writer' },
    });
    expect(nobody.status).toBe(400);

    // The invitee hears of it in the bell, and the line leads to the publication's name.
    const bell = await request<{ response: NotificationGroup[] }>(ctx, {
      method: 'GET',
      url: '/api/notifications',
      token: ada.token,
    });
    const line = bell.body.response.find((group) => group.kind === 'invitation');
    expect(line && notificationText(line)).toBe(`${owner.username} invited you to join Team analytical`);

    const waiting = await request<{ response: Invitation[] }>(ctx, {
      method: 'GET',
      url: '/api/user/invitations',
      token: ada.token,
    });
    expect(waiting.body.response.map((invitation) => invitation.publication.slug)).toEqual(['analytical']);
    // Someone else's invitation is not found for another account.
    const stolen = await request(ctx, {
      method: 'POST',
      url: `/api/user/invitations/${byEmail.body.response.id}/accept`,
      token: charles.token,
    });
    expect(stolen.status).toBe(404);
    const accepted = await request(ctx, {
      method: 'POST',
      url: `/api/user/invitations/${byEmail.body.response.id}/accept`,
      token: ada.token,
    });
    expect(accepted.status).toBe(200);
    // Answered, the invitation asks nothing more of the bell.
    const after = await request<{ response: NotificationGroup[] }>(ctx, {
      method: 'GET',
      url: '/api/notifications',
      token: ada.token,
    });
    expect(after.body.response.filter((group) => group.kind === 'invitation')).toEqual([]);

    const declinedInvite = await request<{ response: Invitation }>(ctx, {
      method: 'POST',
      url: '/api/publications/analytical/invitations',
      token: ada.token,
      payload: { who: charles.username, role: 'writer' },
    });
    expect(declinedInvite.status).toBe(201);
    const declined = await request(ctx, {
      method: 'POST',
      url: `/api/user/invitations/${declinedInvite.body.response.id}/decline`,
      token: charles.token,
    });
    expect(declined.status).toBe(204);

    // The owner cannot leave before handing over; after it, they stay on as an editor.
    const leave = await request(ctx, {
      method: 'DELETE',
      url: `/api/publications/analytical/members/${owner.username}`,
      token: owner.token,
    });
    expect(leave.status).toBe(409);
    expect(leave.body).toMatchObject({ message: OWNER_CANNOT_LEAVE_MESSAGE });
    const demoted = await request<{ response: PublicationDetails }>(ctx, {
      method: 'PUT',
      url: `/api/publications/analytical/members/${ada.username}`,
      token: owner.token,
      payload: { role: 'writer' },
    });
    expect(demoted.body.response.members.find((m) => m.username === ada.username)?.role).toBe('writer');
    const handed = await request<{ response: PublicationDetails }>(ctx, {
      method: 'POST',
      url: '/api/publications/analytical/owner',
      token: owner.token,
      payload: { username: ada.username },
    });
    expect(handed.status).toBe(200);
    expect(handed.body.response.members.map((m) => [m.username, m.role])).toEqual([
      [ada.username, 'owner'],
      [owner.username, 'editor'],
    ]);
    const formerOwnerEdits = await request(ctx, {
      method: 'PUT',
      url: '/api/publications/analytical',
      token: owner.token,
      payload: { name: 'Mine again' },
    });
    expect(formerOwnerEdits.status).toBe(403);
  });

  it('deletes a team publication after a typed confirmation, its posts going back to their authors’ blogs', async () => {
    const owner = await signUpUser(ctx);
    const writer = await signUpUser(ctx);
    await createPublication(ctx, owner, 'closing-down');
    await addMember(ctx, owner, 'closing-down', writer, 'writer');
    const post = (await writePost(ctx, writer, { publication: 'closing-down' })).body.response;

    const unconfirmed = await request(ctx, {
      method: 'DELETE',
      url: '/api/publications/closing-down',
      token: owner.token,
      payload: { confirm: 'closing' },
    });
    expect(unconfirmed.status).toBe(400);
    const byWriter = await request(ctx, {
      method: 'DELETE',
      url: '/api/publications/closing-down',
      token: writer.token,
      payload: { confirm: 'closing-down' },
    });
    expect(byWriter.status).toBe(403);
    const deleted = await request(ctx, {
      method: 'DELETE',
      url: '/api/publications/closing-down',
      token: owner.token,
      payload: { confirm: 'closing-down' },
    });
    expect(deleted.status).toBe(200);
    expect((await request(ctx, { method: 'GET', url: '/api/publications/closing-down' })).status).toBe(404);
    const after = await readPost(ctx, post.id);
    expect(after.status).toBe(200);
    expect(after.body.response.publication).toMatchObject({ personal: true, name: writer.username });

    const own = await request<{ response: Membership[] }>(ctx, {
      method: 'GET',
      url: '/api/user/publications',
      token: owner.token,
    });
    const personal = own.body.response[0]?.publication.slug ?? '';
    const personalDelete = await request(ctx, {
      method: 'DELETE',
      url: `/api/publications/${personal}`,
      token: owner.token,
      payload: { confirm: personal },
    });
    expect(personalDelete.status).toBe(409);
    expect(personalDelete.body).toMatchObject({ message: PERSONAL_PUBLICATION_MESSAGE });
  });

  it('shows a publication and its members to anyone, and nothing that is not public', async () => {
    const owner = await signUpUser(ctx);
    await createPublication(ctx, owner, 'open-door');
    const shown = await request<{ response: PublicationDetails }>(ctx, {
      method: 'GET',
      url: '/api/publications/open-door',
    });
    expect(shown.status).toBe(200);
    expect(JSON.stringify(shown.body)).not.toContain(owner.email);
    expect((await request(ctx, { method: 'GET', url: '/api/publications/nope-nope' })).status).toBe(404);
    for (const url of ['/api/publications/open-door/invitations', '/api/publications/open-door/domain']) {
      expect((await request(ctx, { method: 'GET', url })).status).toBe(401);
    }
  });

  it('hands a deleted account’s publications on, and leaves nothing of the person in its own blog', async () => {
    const owner = await signUpUser(ctx, { username: 'Leaving Soon' });
    const editor = await signUpUser(ctx);
    const writer = await signUpUser(ctx);
    await createPublication(ctx, owner, 'handed-on');
    await addMember(ctx, owner, 'handed-on', writer, 'writer');
    await addMember(ctx, owner, 'handed-on', editor, 'editor');
    await createPublication(ctx, owner, 'alone-here');
    const ownPost = await createPost(ctx, owner, { title: 'Kept after leaving' });
    const deleted = await request(ctx, {
      method: 'POST',
      url: '/api/user/delete',
      token: owner.token,
      payload: { password: owner.password, content: 'keep' },
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);

    // The editor, before the longer-standing writer, inherits; a publication with nobody left goes.
    const handed = await request<{ response: PublicationDetails }>(ctx, {
      method: 'GET',
      url: '/api/publications/handed-on',
    });
    expect(handed.body.response.members.map((m) => [m.username, m.role])).toEqual([
      [editor.username, 'owner'],
      [writer.username, 'writer'],
    ]);
    expect((await request(ctx, { method: 'GET', url: '/api/publications/alone-here' })).status).toBe(404);
    expect((await request(ctx, { method: 'GET', url: '/api/publications/leaving-soon' })).status).toBe(404);
    const kept = await readPost(ctx, ownPost.id);
    expect(kept.status).toBe(200);
    expect(kept.body.response.publication).toMatchObject({ name: 'former member', personal: true });
    expect(JSON.stringify(kept.body)).not.toMatch(/leaving.soon/i);
  });
});

describeEachDatabase(
  'publications: per-user limits',
  (ctx) => {
    it('answers 429 past the publications one may start and the invitations one may send', async () => {
      const owner = await signUpUser(ctx);
      await createPublication(ctx, owner, 'limit-one');
      await createPublication(ctx, owner, 'limit-two');
      const third = await request(ctx, {
        method: 'POST',
        url: '/api/publications',
        token: owner.token,
        payload: { slug: 'limit-three', name: 'Third' },
      });
      expect(third.status).toBe(429);
      expect(third.body).toMatchObject({ message: TOO_MANY_PUBLICATIONS_MESSAGE });
      expect(third.headers['retry-after']).toBeDefined();

      const statuses: number[] = [];
      for (let index = 0; index < 3; index += 1) {
        const invitee = await signUpUser(ctx);
        const invited = await request(ctx, {
          method: 'POST',
          url: '/api/publications/limit-one/invitations',
          token: owner.token,
          payload: { who: invitee.username, role: 'writer' },
        });
        statuses.push(invited.status);
      }
      expect(statuses).toEqual([201, 201, 429]);
    });
  },
  {
    config: {
      rateLimits: {
        publicationsPerUser: { max: 2, windowMs: 60_000 },
        invitationsPerUser: { max: 2, windowMs: 60_000 },
      },
    },
  },
);
