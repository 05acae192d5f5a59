import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { DESKTOP, expect, type NewPage, type PageOptions, PHONE, test } from './support/fixtures';
import { createPost, createUser, signInAs, type E2eUser } from './support/api';
import { axeViolations } from './support/axe';
import { atPath, expectFieldError, expectNoHorizontalScroll } from './support/screens';
import { collectProblems, hydrated } from './support/hydration';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

/** An address no other test run has taken. */
function freshSlug(prefix: string): string {
  return `${prefix}-${process.pid}-${Date.now().toString(36)}`;
}

/** A link's path: sites are linked from PUBLIC_URL, which names the test server another way. */
function sitePath(href: string | null): string {
  return new URL(href ?? '', 'http://unused.invalid').pathname;
}

async function signedIn(
  newPage: NewPage,
  user: E2eUser,
  path: string,
  options: PageOptions = {},
): Promise<Page> {
  // axe runs as an injected script, which the page's policy would refuse.
  const page = await newPage({ bypassCSP: true, ...options });
  await signInAs(page, user);
  await page.goto(path);
  return page;
}

async function createByApi(serverURL: string, owner: E2eUser, slug: string, name: string): Promise<void> {
  const response = await fetch(`${serverURL}/api/publications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
    body: JSON.stringify({ slug, name }),
  });
  expect(response.status).toBe(201);
}

/** Invites `writer` and has them accept, through the API. */
async function addWriter(serverURL: string, owner: E2eUser, slug: string, writer: E2eUser): Promise<void> {
  const invited = await fetch(`${serverURL}/api/publications/${slug}/invitations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
    body: JSON.stringify({ who: writer.username, role: 'writer' }),
  });
  const { response } = (await invited.json()) as { response: { id: string } };
  const accepted = await fetch(`${serverURL}/api/user/invitations/${response.id}/accept`, {
    method: 'POST',
    headers: { authorization: `Bearer ${writer.token}` },
  });
  expect(accepted.status).toBe(200);
}

test.describe('publications', () => {
  test('creates a publication, invites a writer who accepts and writes in it, and removes them', async ({
    newPage,
    serverURL,
  }) => {
    const owner = await createUser(serverURL, 'Founder');
    const writer = await createUser(serverURL, 'Columnist');
    const taken = freshSlug('taken');
    await createByApi(serverURL, owner, taken, 'Already here');
    const slug = freshSlug('field-notes');
    const name = `Field Notes ${Date.now().toString(36)}`;

    const page = await signedIn(newPage, owner, '/publications');
    await expect(page.getByRole('heading', { level: 1, name: 'Your publications' })).toBeVisible();
    const mine = page.getByRole('list', { name: 'Your publications' });
    // Their own blog comes first, with their role and its site.
    await expect(mine.getByRole('listitem').first()).toContainText('Your blog · Owner');

    // Each problem beside its field: the schema's first, then the server's (a taken address).
    const create = page.getByRole('button', { name: 'Create publication' });
    await create.click();
    await expectFieldError(page, 'Address', 'Address must be at least 2 characters');
    await expectFieldError(page, 'Name', 'Name is required');
    await page.getByLabel('Address', { exact: true }).fill(taken);
    await page.getByLabel('Name', { exact: true }).fill(name);
    await create.click();
    await expectFieldError(page, 'Address', 'This address is already taken');

    // The address's preview follows what is typed.
    await page.getByLabel('Address', { exact: true }).fill(slug);
    await expect(page.getByText(/Its site: /)).toContainText(`/pub/${slug}`);
    await page.getByLabel('Description', { exact: true }).fill('Notes from the field.');
    await page.getByLabel('Use an accent colour').check();
    await create.click();
    await atPath(page, '/publication', { slug });
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'is created' })).toContainText(name);
    expect(
      sitePath(
        await page
          .getByRole('link', { name: new RegExp(`/pub/${slug}$`) })
          .first()
          .getAttribute('href'),
      ),
    ).toBe(`/pub/${slug}`);

    const invitations = page.getByRole('region', { name: 'Invitations' });
    await invitations.getByLabel('Name or email').fill(writer.username);
    await invitations.getByRole('button', { name: 'Invite' }).click();
    const waiting = invitations.getByRole('list', { name: 'Invitations waiting for an answer' });
    await expect(waiting).toContainText(writer.username);
    expect(await axeViolations(page)).toEqual([]);

    // The writer accepts from their own page.
    const writerPage = await signedIn(newPage, writer, '/publications');
    const inbox = writerPage.getByRole('list', { name: 'Invitations' });
    await expect(inbox).toContainText(`${owner.username} invited you as a writer`);
    await inbox.getByRole('button', { name: `Accept the invitation to ${name}` }).click();
    await expect(inbox).toBeHidden();
    const joined = writerPage.getByRole('list', { name: 'Your publications' }).getByRole('listitem').filter({
      hasText: name,
    });
    await expect(joined).toContainText('Writer');

    // …and writes a post in it, choosing it in the editor.
    const title = `Dispatch ${Date.now().toString(36)}`;
    await writerPage.goto('/addblog');
    await expect(writerPage.locator('.block-editor__body[contenteditable="true"]')).toBeVisible();
    const publishIn = writerPage.getByLabel('Publish in', { exact: true });
    await expect(publishIn).not.toHaveValue(slug);
    expect(await publishIn.locator('option').first().textContent()).toBe('Your blog');
    await publishIn.selectOption({ label: name });
    await writerPage.getByLabel('Title', { exact: true }).fill(title);
    await writerPage
      .getByLabel('Content', { exact: true })
      .fill('From the field, in the team’s publication.');
    if (SHOTS)
      await writerPage.screenshot({ path: `${SHOTS}/editor-publish-in-1280-light.png`, fullPage: true });
    await writerPage.getByRole('button', { name: 'Publish', exact: true }).click();
    await atPath(writerPage, '/allblog');
    const card = writerPage.locator('article.post-card').filter({ hasText: title });
    const credit = card.getByRole('link', { name, exact: true });
    await expect(card.locator('.post-card__publication')).toHaveText(`in ${name}`);
    expect(sitePath(await credit.getAttribute('href'))).toBe(`/pub/${slug}`);

    // Editing the post starts from where it is.
    const readHref = (await card.locator('a.post-card__link').getAttribute('href')) ?? '';
    const postId = new URL(readHref, serverURL).searchParams.get('id') ?? '';
    await writerPage.goto(`/updateblog?id=${postId}`);
    await expect(publishIn).toBeVisible();
    expect(
      await publishIn.evaluate((select) => (select as HTMLSelectElement).selectedOptions[0]?.textContent),
    ).toBe(name);

    // The owner sees the writer with the controls an owner has.
    await page.reload();
    const row = page.getByRole('region', { name: 'Members' }).getByRole('listitem').filter({
      hasText: writer.username,
    });
    await expect(row.getByRole('combobox', { name: `Role of ${writer.username}` })).toHaveValue('writer');
    await expect(row.getByRole('button', { name: `Hand over ${writer.username}` })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/publication-members-1280-light.png`, fullPage: true });

    // The owner removes the writer, after saying yes.
    const members = page.getByRole('region', { name: 'Members' });
    await members.getByRole('button', { name: `Remove ${writer.username}` }).click();
    const dialog = page.getByRole('dialog', { name: `Remove ${writer.username}?` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(members.getByRole('status')).toHaveText(`${writer.username} was removed.`);
    await expect(members.getByRole('listitem').filter({ hasText: writer.username })).toHaveCount(0);
  });

  test('shows a writer only what their role allows, and a stranger that they are not a member', async ({
    newPage,
    serverURL,
  }) => {
    const owner = await createUser(serverURL, 'Keeper');
    const member = await createUser(serverURL, 'Member');
    const stranger = await createUser(serverURL, 'Passerby');
    const slug = freshSlug('closed');
    await createByApi(serverURL, owner, slug, 'Closed Circle');
    await addWriter(serverURL, owner, slug, member);

    // A writer sees the members and may leave; nothing else is offered.
    const writerPage = await signedIn(newPage, member, `/publication?slug=${slug}`);
    const members = writerPage.getByRole('region', { name: 'Members' });
    await expect(members.getByText(`${owner.username}`, { exact: true })).toBeVisible();
    for (const section of ['Details', 'Invitations', 'Custom domain', 'Delete publication'])
      await expect(writerPage.getByRole('region', { name: section }), section).toHaveCount(0);
    await expect(members.getByRole('button', { name: /^(Remove|Hand over)/ })).toHaveCount(0);
    await members.getByRole('button', { name: 'Leave Closed Circle' }).click();
    const dialog = writerPage.getByRole('dialog', { name: 'Leave Closed Circle?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Leave', exact: true }).click();
    await atPath(writerPage, '/publications');
    await expect(writerPage.getByRole('status').filter({ hasText: 'You left Closed Circle.' })).toBeVisible();

    // One's own profile links to one's own blog; nobody else's does.
    const ownBlog = (await (
      await fetch(`${serverURL}/api/user/publications`, {
        headers: { authorization: `Bearer ${stranger.token}` },
      })
    ).json()) as { response: { publication: { url: string } }[] };
    const page = await signedIn(newPage, stranger, `/profile?userId=${stranger.id}`);
    const blog = page.getByRole('link', { name: 'Blog', exact: true });
    await expect(blog).toBeVisible();
    await expect(blog).toHaveAttribute('href', ownBlog.response[0]?.publication.url ?? '');
    await page.goto(`/profile?userId=${owner.id}`);
    await expect(page.getByRole('heading', { level: 1, name: owner.username })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Blog', exact: true })).toHaveCount(0);

    await page.goto(`/publication?slug=${slug}`);
    await expect(page.getByRole('alert')).toContainText('You are not a member of this publication');
    await expect(page.getByRole('region', { name: 'Members' })).toHaveCount(0);

    await page.goto('/publication?slug=no-such-publication-here');
    await expect(page.getByRole('heading', { level: 1, name: 'Publication not found' })).toBeVisible();
  });

  test("lets the owner edit a writer's post in the publication, and nobody outside it", async ({
    newPage,
    serverURL,
  }) => {
    const owner = await createUser(serverURL, 'Chief');
    const writer = await createUser(serverURL, 'Scribe');
    const stranger = await createUser(serverURL, 'Outsider');
    const slug = freshSlug('edited');
    await createByApi(serverURL, owner, slug, 'Edited Together');
    await addWriter(serverURL, owner, slug, writer);
    const written = await fetch(`${serverURL}/api/post/blog`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${writer.token}` },
      body: JSON.stringify({
        title: 'A first draft of record',
        content: 'Words to polish.',
        publication: slug,
      }),
    });
    const { response: post } = (await written.json()) as { response: { id: string } };

    const page = await signedIn(newPage, owner, `/updateblog?id=${post.id}`);
    await expect(
      page.getByText(`${writer.username}’s post in Edited Together: you edit it as its owner.`),
    ).toBeVisible();
    // Only the author moves a post elsewhere.
    await expect(page.getByLabel('Publish in')).toHaveCount(0);
    const title = page.getByLabel('Title', { exact: true });
    await title.fill('A polished draft of record');
    await page.getByRole('button', { name: 'Update' }).click();
    await atPath(page, '/readblog');
    await expect(page.getByRole('heading', { level: 1, name: 'A polished draft of record' })).toBeVisible();

    const outsider = await signedIn(newPage, stranger, `/updateblog?id=${post.id}`);
    await expect(
      outsider.getByRole('heading', { level: 1, name: 'You can only edit your own posts' }),
    ).toBeVisible();
  });

  test("credits a team's publication on a post's read page, linking to its site, and not the author's own blog", async ({
    newPage,
    serverURL,
  }) => {
    const owner = await createUser(serverURL, 'Masthead');
    const slug = freshSlug('credited');
    const name = `Credited Desk ${Date.now().toString(36)}`;
    await createByApi(serverURL, owner, slug, name);
    const written = await fetch(`${serverURL}/api/post/blog`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
      body: JSON.stringify({ title: 'Filed with the desk', content: 'Team words.', publication: slug }),
    });
    expect(written.status).toBe(201);
    const { response: teamPost } = (await written.json()) as { response: { id: string } };
    const ownPost = await createPost(serverURL, owner, {
      title: 'Kept in my own blog',
      content: 'My words.',
    });

    const page = await newPage({ viewport: PHONE });
    await page.goto(`/readblog?id=${ownPost.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Kept in my own blog' })).toBeVisible();
    await expect(
      page.locator('.post__byline').getByRole('link', { name: owner.username, exact: true }),
    ).toBeVisible();
    await expect(page.locator('.post__publication')).toHaveCount(0);

    await page.goto(`/readblog?id=${teamPost.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Filed with the desk' })).toBeVisible();
    const credit = page.locator('.post__byline .post__publication');
    await expect(credit).toHaveText(`in ${name}`);
    const link = credit.getByRole('link', { name, exact: true });
    expect(sitePath(await link.getAttribute('href'))).toBe(`/pub/${slug}`);
    await link.click();
    await atPath(page, `/pub/${slug}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  test('gives a publication a logo the owner uploads, shown on its site, and takes it away', async ({
    newPage,
    serverURL,
  }) => {
    const owner = await createUser(serverURL, 'Logo Maker');
    const slug = freshSlug('logoed');
    await createByApi(serverURL, owner, slug, 'Marked Pages');
    const page = await signedIn(newPage, owner, `/publication?slug=${slug}`);
    const details = page.getByRole('region', { name: 'Details' });
    const picture = await sharp({
      create: { width: 96, height: 96, channels: 3, background: { r: 20, g: 90, b: 160 } },
    })
      .png()
      .toBuffer();
    await details
      .getByLabel('Upload a logo')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: picture });
    await expect(details.getByRole('button', { name: 'Remove logo' })).toBeVisible();
    const shown = await details.locator('.publication-logo__image').getAttribute('src');
    expect(shown).toMatch(/^\/media\/[0-9a-f-]+\/\d+\.webp$/);
    const site = await (await fetch(`${serverURL}/pub/${slug}`)).text();
    expect(site).toContain(`${shown ?? ''}" alt=""`);

    await details.getByRole('button', { name: 'Remove logo' }).click();
    await expect(details.getByLabel('Upload a logo')).toBeVisible();
    expect(await (await fetch(`${serverURL}/pub/${slug}`)).text()).not.toContain('pub-logo');
  });

  test('claims a custom domain, shows the DNS records to create with Copy buttons, and removes it', async ({
    newPage,
    serverURL,
  }) => {
    const owner = await createUser(serverURL, 'Domainer');
    const slug = freshSlug('own-domain');
    await createByApi(serverURL, owner, slug, 'On Its Own Domain');
    const page = await signedIn(newPage, owner, `/publication?slug=${slug}`, {
      viewport: PHONE,
      colorScheme: 'dark',
    });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
    const section = page.getByRole('region', { name: 'Custom domain' });
    await section.getByLabel('Domain', { exact: true }).fill('not a domain');
    await section.getByRole('button', { name: 'Claim domain' }).click();
    await expectFieldError(page, 'Domain', 'Domain must be a name like blog.example.com');
    const domain = `${slug}.example.com`;
    await section.getByLabel('Domain', { exact: true }).fill(domain);
    await section.getByRole('button', { name: 'Claim domain' }).click();
    await expect(section.getByText(domain, { exact: true })).toBeVisible();
    await expect(section.locator('.domain__state')).toHaveText('Waiting for the DNS record');

    // Where to point it: a sub-domain follows the server's host name (here PUBLIC_URL's, as no
    // BASE_DOMAIN is set) with a CNAME.
    await expect(section.getByRole('heading', { level: 3, name: 'Point it at this server' })).toBeVisible();
    await expect(section.getByLabel('CNAME record name', { exact: true })).toHaveValue(domain);
    await expect(section.getByLabel('CNAME record value', { exact: true })).toHaveValue('localhost');
    await section.getByRole('button', { name: 'Copy CNAME record value' }).click();
    await expect(section.getByText('Copied to the clipboard.').first()).toBeVisible();
    expect(await clipboard()).toBe('localhost');
    await section.getByRole('button', { name: 'Copy CNAME record name' }).click();
    expect(await clipboard()).toBe(domain);

    // The proof of control.
    await expect(section.getByRole('heading', { level: 3, name: 'Prove it is yours' })).toBeVisible();
    await expect(section.getByLabel('TXT record name', { exact: true })).toHaveValue(
      `_inkwell-challenge.${domain}`,
    );
    const proof = await section.getByLabel('TXT record value', { exact: true }).inputValue();
    expect(proof).toMatch(/^inkwell-verify=[0-9a-f]+$/);
    await section.getByRole('button', { name: 'Copy TXT record value' }).click();
    expect(await clipboard()).toBe(proof);
    // How HTTPS comes: this test server is on plain HTTP, and says so.
    await expect(section.locator('.domain__https')).toContainText('plain HTTP');
    await expect(section.getByRole('button', { name: 'Check now' })).toBeVisible();
    await expectNoHorizontalScroll(page, PHONE.width);
    expect(await axeViolations(page)).toEqual([]);
    if (SHOTS) {
      await section.screenshot({ path: `${SHOTS}/publication-domain-375-dark.png` });
      await page.setViewportSize(DESKTOP);
      await section.screenshot({ path: `${SHOTS}/publication-domain-1280-dark.png` });
      await page.setViewportSize(PHONE);
    }

    await section.getByRole('button', { name: 'Remove domain' }).click();
    const dialog = page.getByRole('dialog', { name: `Remove ${domain}?` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(section.getByRole('button', { name: 'Claim domain' })).toBeVisible();

    // A domain with nothing before it takes no CNAME: A and AAAA records at the server's address,
    // which the server does not know (it says whose address it is instead of inventing one).
    const apex = `${slug}.org`;
    await section.getByLabel('Domain', { exact: true }).fill(apex);
    await section.getByRole('button', { name: 'Claim domain' }).click();
    await expect(section.getByText(apex, { exact: true })).toBeVisible();
    await expect(section.getByLabel('CNAME record name', { exact: true })).toHaveCount(0);
    await expect(section.getByLabel('A and AAAA record name', { exact: true })).toHaveValue(apex);
    await section.getByRole('button', { name: 'Copy A and AAAA record name' }).click();
    expect(await clipboard()).toBe(apex);
    await expect(section.locator('.domain__record')).toContainText(
      'the IPv4 address and IPv6 address of localhost',
    );
    await expectNoHorizontalScroll(page, PHONE.width);
    if (SHOTS) {
      await section.screenshot({ path: `${SHOTS}/publication-domain-apex-375-dark.png` });
      await page.setViewportSize(DESKTOP);
      await section.screenshot({ path: `${SHOTS}/publication-domain-apex-1280-dark.png` });
      await page.setViewportSize(PHONE);
    }
    await section.getByRole('button', { name: 'Remove domain' }).click();
    await page
      .getByRole('dialog', { name: `Remove ${apex}?` })
      .getByRole('button', { name: 'Remove', exact: true })
      .click();
    await expect(section.getByRole('button', { name: 'Claim domain' })).toBeVisible();

    // Deleting asks for the address, and sends the owner back to their publications.
    await page.getByRole('button', { name: 'Delete On Its Own Domain' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete On Its Own Domain?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete publication' }).click();
    await expectFieldError(
      page,
      `Type its address, ${slug}, to confirm`,
      "Type the publication's address to confirm",
    );
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/publication-delete-375-dark.png` });
    await confirm.getByLabel(`Type its address, ${slug}, to confirm`).fill(slug);
    await confirm.getByLabel(`Type its address, ${slug}, to confirm`).press('Enter');
    await atPath(page, '/publications');
    await expect(page.getByRole('status').filter({ hasText: 'Publication deleted' })).toContainText(
      'back in their authors',
    );
  });

  test('opens a publication without a custom domain with no error and no 404 along the way', async ({
    newPage,
    serverURL,
  }) => {
    const owner = await createUser(serverURL, 'No Domain Owner');
    const slug = freshSlug('no-domain');
    await createByApi(serverURL, owner, slug, 'Without A Domain');
    const page = await newPage();
    await signInAs(page, owner);
    const problems = collectProblems(page);
    const failures: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
    });
    const section = page.getByRole('region', { name: 'Custom domain' });
    await page.goto(`/publication?slug=${slug}`);
    await hydrated(page);
    // The section knows there is none, and offers to claim one, on a first load and a reload.
    await expect(section.getByRole('button', { name: 'Claim domain' })).toBeVisible();
    await page.reload();
    await hydrated(page);
    await expect(section.getByRole('button', { name: 'Claim domain' })).toBeVisible();
    expect(failures).toEqual([]);
    expect(problems).toEqual([]);
  });

  // One test per scheme: four full loads, each with axe and a screenshot, are a minute's work on a
  // busy machine already.
  for (const colorScheme of ['light', 'dark'] as const)
    test(`passes axe and fits 375 px and 1280 px in ${colorScheme}`, async ({ newPage, serverURL }) => {
      const owner = await createUser(serverURL, 'Designer');
      const slug = freshSlug('look');
      await createByApi(serverURL, owner, slug, 'A Look Around');
      for (const viewport of [PHONE, DESKTOP]) {
        for (const path of ['/publications', `/publication?slug=${slug}`]) {
          const page = await signedIn(newPage, owner, path, { viewport, colorScheme });
          await expect(
            page.getByRole('heading', {
              level: 2,
              name: path === '/publications' ? 'New publication' : 'Custom domain',
            }),
          ).toBeVisible();
          await expect(
            page.getByRole('button', {
              name: path === '/publications' ? 'Create publication' : 'Claim domain',
            }),
          ).toBeVisible();
          if (viewport === PHONE) await expectNoHorizontalScroll(page, PHONE.width);
          expect(await axeViolations(page)).toEqual([]);
          if (SHOTS) {
            const name = path === '/publications' ? 'publications' : 'publication';
            await page.screenshot({
              path: `${SHOTS}/${name}-${viewport.width}-${colorScheme}.png`,
              fullPage: true,
            });
          }
        }
      }
    });
});
