import type { Membership } from '../contracts/publications';
import { CANONICAL_URL_MESSAGE } from '../contracts/post-settings';
import { axeViolations } from './support/axe';
import { createPost, createUser, signInAs } from './support/api';
import { PHONE, expect, test } from './support/fixtures';
import { hydrated } from './support/hydration';
import { expectNoHorizontalScroll } from './support/screens';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

/** A post's own settings (docs/decisions/0079-post-settings.md), set on the writing page. */
test('a writer sets a post’s address, search text and canonical link; the read page’s head has them and the old address redirects', async ({
  newPage,
  serverURL,
}) => {
  const writer = await createUser(serverURL, 'Settings Writer');
  const post = await createPost(serverURL, writer, {
    title: 'Looms and engines',
    content: 'The engine weaves.',
  });
  const mine = await fetch(`${serverURL}/api/user/publications`, {
    headers: { authorization: `Bearer ${writer.token}` },
  });
  const blog = ((await mine.json()) as { response: Membership[] }).response[0]!.publication.slug;

  // On a phone, in the dark.
  const page = await newPage({ viewport: PHONE, colorScheme: 'dark', bypassCSP: true });
  await signInAs(page, writer);
  await page.goto(`/updateblog?id=${post.id}`);
  await hydrated(page);
  await page.getByText('Post settings', { exact: true }).click();
  const address = page.getByLabel('Address', { exact: true });
  await expect(address).toHaveValue('looms-and-engines');
  await address.fill('weaving-algebra');
  await page.getByLabel('Search title').fill('Weaving algebra with engines');
  await page.getByLabel('Search description').fill('How the Analytical Engine weaves algebraic patterns.');
  const canonical = page.getByLabel('Canonical address');
  await canonical.fill('dev.to/ada/looms');
  await expect(page.getByText(CANONICAL_URL_MESSAGE)).toBeVisible();
  await expect(canonical).toHaveAttribute('aria-invalid', 'true');
  await canonical.fill('https://dev.to/ada/looms');
  await expect(page.getByText(CANONICAL_URL_MESSAGE)).toBeHidden();
  expect(await axeViolations(page)).toEqual([]);
  await expectNoHorizontalScroll(page, PHONE.width);
  if (SHOTS) await page.locator('.post-settings').screenshot({ path: `${SHOTS}/post-settings-375-dark.png` });

  await page.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(page).toHaveURL(
    (url) => url.pathname === '/readblog' && url.searchParams.get('id') === post.id,
  );

  // The read page as a search engine gets it from the server.
  const reader = await newPage({ viewport: PHONE });
  const answer = await reader.goto(`/readblog?id=${post.id}`);
  expect(answer?.status()).toBe(200);
  await expect(reader.locator('link[rel="canonical"]')).toHaveAttribute('href', 'https://dev.to/ada/looms');
  await expect(reader.locator('meta[property="og:title"]')).toHaveAttribute(
    'content',
    'Weaving algebra with engines',
  );
  await expect(reader.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    'How the Analytical Engine weaves algebraic patterns.',
  );
  await expect(reader.getByRole('heading', { level: 1, name: 'Looms and engines' })).toBeVisible();

  // On the writer's blog site the old address leads to the new one.
  const old = await reader.request.get(`/pub/${blog}/posts/looms-and-engines`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(new URL(old.headers().location!).pathname).toBe(`/pub/${blog}/posts/weaving-algebra`);
  // The site's pages are plain HTML without the app (decision 44): followed as a crawler would.
  const followed = await reader.request.get(`/pub/${blog}/posts/looms-and-engines`);
  expect(followed.status()).toBe(200);
  expect(new URL(followed.url()).pathname).toBe(`/pub/${blog}/posts/weaving-algebra`);
  expect(await followed.text()).toContain('<link rel="canonical" href="https://dev.to/ada/looms">');
});
