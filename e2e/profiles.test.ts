import sharp from 'sharp';
import { axeViolations } from './support/axe';
import { createUser, signInAs } from './support/api';
import { DESKTOP, PHONE, expect, test } from './support/fixtures';
import { comment, discussionIsLive, publish, profilePathOf, readPath, tag } from './support/posts';
import { expectFieldError, expectNoHorizontalScroll } from './support/screens';

/** Where to keep screenshots to look at (unset: none are taken). */
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

/** A 600 × 400 photo-like JPEG: the server crops it square. */
function photo(): Promise<Buffer> {
  return sharp({
    create: { width: 600, height: 400, channels: 3, background: { r: 40, g: 120, b: 200 } },
  })
    .jpeg()
    .toBuffer();
}

test.describe('profiles: picture, links, pinned post (decision 0068)', () => {
  test('uploads, previews and removes a picture; refuses a wrong type by the field', async ({
    newPage,
    serverURL,
  }) => {
    const user = await createUser(serverURL, `Portrait ${tag()}`);
    const page = await newPage({ viewport: DESKTOP, bypassCSP: true });
    await signInAs(page, user);
    await page.goto('/userupdate');
    const chooser = page.getByLabel('Choose a picture', { exact: true });
    await expect(chooser).toBeVisible();

    await chooser.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expectFieldError(
      page,
      'Choose a picture',
      'Only JPEG, PNG, WebP, GIF and AVIF images can be uploaded',
    );

    await chooser.setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await photo() });
    await expect(page.getByText('Your new picture is saved.')).toBeVisible();
    const preview = page.locator('.profile-picture img.avatar');
    await expect(preview).toHaveAttribute('srcset', /\/media\/[0-9a-f-]+\/64\.webp 64w/);
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(profilePathOf(user.id));
    const avatar = page.locator('.profile-header img.avatar');
    await expect(avatar).toHaveAttribute('src', /\/media\/[0-9a-f-]+\/256\.webp$/);
    expect(await avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    await page.goto('/userupdate');
    await page.getByRole('button', { name: 'Remove picture', exact: true }).click();
    await expect(page.getByText('Your picture is removed.')).toBeVisible();
    await page.goto(profilePathOf(user.id));
    await expect(page.locator('.profile-header .avatar')).not.toHaveAttribute('src', /.+/);
  });

  test("shows the author's picture by their post, on its card and by their comment, from the server's HTML", async ({
    newPage,
    serverURL,
  }) => {
    const author = await createUser(serverURL, `Faced ${tag()}`);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await photo())], { type: 'image/jpeg' }), 'me.jpg');
    const uploaded = await fetch(`${serverURL}/api/user/picture`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${author.token}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const title = `Seen with a face ${tag()}`;
    const post = await publish(serverURL, author, { title, content: 'Words beside a face.' });
    await comment(serverURL, author, post.id, 'The author answers.');
    const facePicture = /\/media\/[0-9a-f-]+\/64\.webp 64w/;

    const page = await newPage({ viewport: DESKTOP });
    const html = await (await page.request.get(readPath(post))).text();
    expect(html).toMatch(/<img class="avatar avatar--md avatar--picture"[^>]*srcSet="[^"]*64\.webp 64w/);
    await page.goto(readPath(post));
    const byline = page.locator('.post__byline img.avatar');
    await expect(byline).toHaveAttribute('srcset', facePicture);
    await expect
      .poll(() => byline.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await discussionIsLive(page);
    await expect(page.locator('.comment__header img.avatar').first()).toHaveAttribute('srcset', facePicture);

    await page.goto(profilePathOf(author.id));
    await expect(page.locator('.profile-post__byline img.avatar').first()).toHaveAttribute(
      'srcset',
      facePicture,
    );
    await page.goto('/allblog');
    const card = page.locator('article', { has: page.getByRole('link', { name: title }) });
    await expect(card.locator('img.avatar')).toHaveAttribute('srcset', facePicture);
  });

  test('saves links with field errors, and shows them on the profile with rel="me"', async ({
    newPage,
    serverURL,
  }) => {
    const user = await createUser(serverURL, `Linker ${tag()}`);
    const page = await newPage({ viewport: DESKTOP, bypassCSP: true });
    await signInAs(page, user);
    await page.goto('/userupdate');
    const website = page.getByLabel('Website', { exact: true });
    await expect(website).toBeVisible();
    await website.fill('http://plain.example.com');
    await page.getByLabel('Profile elsewhere 1', { exact: true }).fill('https://mastodon.social/@linker');
    await page.getByLabel('Profile elsewhere 3', { exact: true }).fill('ftp://github.com/linker');
    // Enter in a field submits the links form: that is its job.
    await page.getByLabel('Profile elsewhere 3', { exact: true }).press('Enter');
    await expectFieldError(page, 'Website', 'Enter a full https:// address');
    await expectFieldError(page, 'Profile elsewhere 3', 'Enter a full https:// address');

    await website.fill('https://linker.example.com');
    await page.getByLabel('Profile elsewhere 3', { exact: true }).fill('https://github.com/linker');
    await page.getByRole('button', { name: 'Save links', exact: true }).click();
    await expect(page.getByText('Your links are saved.')).toBeVisible();

    await page.goto(profilePathOf(user.id));
    const links = page.getByRole('list', { name: 'Links' });
    await expect(links.getByRole('link')).toHaveText([
      'linker.example.com',
      '@linker@mastodon.social',
      'GitHub',
    ]);
    for (const link of await links.getByRole('link').all()) {
      await expect(link).toHaveAttribute('rel', /(^|\s)me(\s|$)/);
    }
  });

  test('pins a post first on the profile, marked Pinned, and unpins it', async ({ newPage, serverURL }) => {
    const user = await createUser(serverURL, `Pinner ${tag()}`);
    const older = await publish(serverURL, user, {
      title: `Older essay ${tag()}`,
      content: 'The one to keep on top.',
    });
    await publish(serverURL, user, { title: `Newer note ${tag()}`, content: 'Something recent.' });
    const page = await newPage({ viewport: DESKTOP, bypassCSP: true });
    await signInAs(page, user);
    await page.goto(profilePathOf(user.id));
    await page.getByRole('button', { name: `Pin to profile: ${older.title}` }).click();
    const pinned = page.locator('.profile-posts__pinned');
    await expect(pinned.getByText('Pinned', { exact: true })).toBeVisible();
    await expect(pinned.getByRole('link', { name: older.title })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // A visitor sees it first too, without the controls.
    const visitor = await newPage({ viewport: PHONE, colorScheme: 'dark', bypassCSP: true });
    await visitor.goto(profilePathOf(user.id));
    const first = visitor.locator('.profile-post').first();
    await expect(first.getByText('Pinned', { exact: true })).toBeVisible();
    await expect(first.getByRole('link', { name: older.title })).toBeVisible();
    await expect(visitor.getByRole('button', { name: /Pin to profile/ })).toHaveCount(0);
    await expectNoHorizontalScroll(visitor, PHONE.width);
    expect(await axeViolations(visitor)).toEqual([]);
    if (SHOTS) await visitor.screenshot({ path: `${SHOTS}/profile-pinned-375-dark.png`, fullPage: true });

    await pinned.getByRole('button', { name: `Unpin: ${older.title}` }).click();
    await expect(page.locator('.profile-posts__pinned')).toHaveCount(0);
  });

  test('settings and profile at 375 px in dark mode: no sideways scroll, axe clean', async ({
    newPage,
    serverURL,
  }) => {
    const user = await createUser(serverURL, `Narrow ${tag()}`);
    const page = await newPage({ viewport: PHONE, colorScheme: 'dark', bypassCSP: true });
    await signInAs(page, user);
    await page.goto('/userupdate');
    await page.getByLabel('Choose a picture', { exact: true }).setInputFiles({
      name: 'me.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo(),
    });
    await expect(page.getByText('Your new picture is saved.')).toBeVisible();
    await page
      .getByLabel('Website', { exact: true })
      .fill('https://narrow.example.com/a/very/long/path/that/wraps');
    await page.getByRole('button', { name: 'Save links', exact: true }).click();
    await expect(page.getByText('Your links are saved.')).toBeVisible();
    await expectNoHorizontalScroll(page, PHONE.width);
    expect(await axeViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/settings-profile-375-dark.png`, fullPage: true });

    await page.goto(profilePathOf(user.id));
    await expect(page.getByRole('list', { name: 'Links' })).toBeVisible();
    await expectNoHorizontalScroll(page, PHONE.width);
    expect(await axeViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/profile-375-dark.png`, fullPage: true });
  });
});
