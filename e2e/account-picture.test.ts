import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { axeViolations } from './support/axe';
import { createUser, signInAs, type E2eUser } from './support/api';
import { DESKTOP, PHONE, expect, test } from './support/fixtures';
import { hydrated, layoutShifts, recordLayoutShifts } from './support/hydration';
import { hold, tag } from './support/posts';
import { expectNoHorizontalScroll, fillSignIn } from './support/screens';

/** Where to keep screenshots to look at (unset: none are taken). */
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

/** A square-ish photo of one colour, which the server crops and stores at 64, 128 and 256 px. */
function photo(colour: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 200, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

async function upload(serverURL: string, user: E2eUser): Promise<string> {
  const form = new FormData();
  const bytes = await photo({ r: 200, g: 80, b: 40 });
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'me.jpg');
  const uploaded = await fetch(`${serverURL}/api/user/picture`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${user.token}` },
    body: form,
  });
  expect(uploaded.status).toBe(200);
  return ((await uploaded.json()) as { response: { id: string } }).response.id;
}

const accountButton = (page: Page, user: E2eUser) =>
  page.getByRole('banner').getByRole('button', { name: `Account menu for ${user.username}`, exact: true });

test.describe('the header’s account button shows the writer’s picture (decision 0086)', () => {
  test('shows the uploaded picture, decorative and sized, from the first paint of the next page, without moving', async ({
    newPage,
    serverURL,
  }) => {
    const user = await createUser(serverURL, `Pictured ${tag()}`);
    const mediaId = await upload(serverURL, user);
    const page = await newPage({ viewport: DESKTOP, bypassCSP: true });
    await signInAs(page, user);
    await page.goto('/allblog');
    await hydrated(page);
    const button = accountButton(page, user);
    const picture = button.locator('img');
    // Learnt from GET /api/user/me after the first load.
    await expect(picture).toHaveAttribute('srcset', new RegExp(`/media/${mediaId}/64\\.webp 64w`));
    await expect(picture).toHaveAttribute('alt', '');
    await expect(picture).toHaveAttribute('width', '32');
    await expect(picture).toHaveAttribute('height', '32');
    await expect(button).not.toContainText(/\S/);
    expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
      true,
    );
    expect(await axeViolations(page)).toEqual([]);

    // Kept for the next page load: there from the start, and nothing in the header moves.
    const stored = await page.evaluate(() => window.localStorage.getItem('userPicture'));
    expect(stored).toContain(mediaId);
    const next = await newPage({ viewport: DESKTOP });
    await signInAs(next, user);
    await next.addInitScript((value) => {
      if (!window.sessionStorage.getItem('e2e-picture')) {
        window.localStorage.setItem('userPicture', value);
        window.sessionStorage.setItem('e2e-picture', '1');
      }
    }, stored ?? '');
    await recordLayoutShifts(next);
    // The account's read is held back: the picture comes from what was stored.
    const release = await hold(next, (request) => new URL(request.url()).pathname === '/api/user/me');
    await next.goto('/allblog');
    await expect(accountButton(next, user).locator('img')).toHaveAttribute('srcset', /64\.webp 64w/);
    release();
    await hydrated(next);
    const shifts = await layoutShifts(next);
    expect(shifts.total, shifts.moved.join(', ')).toBe(0);
  });

  test('follows a change of picture in Settings at once, and the initial comes back when it is removed', async ({
    newPage,
    serverURL,
  }) => {
    const user = await createUser(serverURL, `Changing ${tag()}`);
    const page = await newPage({ viewport: DESKTOP });
    await signInAs(page, user);
    await page.goto('/userupdate');
    await hydrated(page);
    const button = accountButton(page, user);
    await expect(button).toHaveText(user.username.slice(0, 1).toUpperCase());

    await page.getByLabel('Choose a picture', { exact: true }).setInputFiles({
      name: 'me.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo({ r: 30, g: 160, b: 90 }),
    });
    await expect(page.getByText('Your new picture is saved.')).toBeVisible();
    const first = await page.locator('.profile-picture img.avatar').getAttribute('src');
    const firstId = /\/media\/([0-9a-f-]+)\//.exec(first ?? '')?.[1];
    expect(firstId).toBeTruthy();
    await expect(button.locator('img')).toHaveAttribute('srcset', new RegExp(`/media/${firstId}/64\\.webp`));

    // A new one replaces it, without reloading.
    await page.getByLabel('Choose a new picture', { exact: true }).setInputFiles({
      name: 'me.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo({ r: 90, g: 30, b: 160 }),
    });
    await expect(page.getByText('Your new picture is saved.')).toBeVisible();
    await expect(button.locator('img')).not.toHaveAttribute('srcset', new RegExp(`/media/${firstId}/`));
    await expect(button.locator('img')).toHaveAttribute('srcset', /\/media\/[0-9a-f-]+\/64\.webp/);

    await page.getByRole('button', { name: 'Remove picture', exact: true }).click();
    await expect(page.getByText('Your picture is removed.')).toBeVisible();
    await expect(button.locator('img')).toHaveCount(0);
    await expect(button).toHaveText(user.username.slice(0, 1).toUpperCase());
    // And the next page load starts from that.
    await page.goto('/allblog');
    await hydrated(page);
    await expect(accountButton(page, user).locator('img')).toHaveCount(0);
  });

  test('shows it after signing in with the form, and another account never sees it', async ({
    newPage,
    serverURL,
  }) => {
    const user = await createUser(serverURL, `Returning ${tag()}`);
    await upload(serverURL, user);
    const other = await createUser(serverURL, `Other ${tag()}`);
    const page = await newPage({ viewport: DESKTOP });
    await page.goto('/signin');
    await hydrated(page);
    await fillSignIn(page, user.email, user.password);
    await expect(accountButton(page, user).locator('img')).toHaveAttribute('srcset', /64\.webp 64w/);

    // Logout, then another account: its own initial, not the last one's picture.
    await accountButton(page, user).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    expect(await page.evaluate(() => window.localStorage.getItem('userPicture'))).toBeNull();
    await page.goto('/signin');
    await hydrated(page);
    await fillSignIn(page, other.email, other.password);
    await expect(accountButton(page, other)).toHaveText(other.username.slice(0, 1).toUpperCase());
    await expect(accountButton(page, other).locator('img')).toHaveCount(0);
  });

  for (const viewport of [PHONE, DESKTOP]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      test(`opens the menu from the pictured button by keyboard at ${viewport.width} px in ${colorScheme}, with no axe violations`, async ({
        newPage,
        serverURL,
      }) => {
        const user = await createUser(serverURL, `Keyed ${tag()}`);
        await upload(serverURL, user);
        const page = await newPage({ viewport, colorScheme, bypassCSP: true });
        await signInAs(page, user);
        await page.goto('/allblog');
        await hydrated(page);
        const button = accountButton(page, user);
        await expect(button.locator('img')).toHaveAttribute('srcset', /64\.webp/);
        const box = await button.boundingBox();
        expect(Math.round(box?.width ?? 0)).toBe(40);
        expect(Math.round(box?.height ?? 0)).toBe(40);
        await button.focus();
        await page.keyboard.press('Enter');
        await expect(page.getByRole('menu', { name: 'Account' })).toBeVisible();
        await expect(page.getByRole('menuitem', { name: 'Your Profile' })).toBeFocused();
        await page.keyboard.press('Escape');
        await expect(button).toBeFocused();
        await expectNoHorizontalScroll(page, viewport.width);
        expect(await axeViolations(page)).toEqual([]);
        if (SHOTS) {
          await page.getByRole('banner').screenshot({
            path: `${SHOTS}/account-picture-${viewport.width}-${colorScheme}.png`,
          });
        }
      });
    }
  }
});
