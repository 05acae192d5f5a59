import { uniqueEmail } from './support/api';
import { DESKTOP, expect, PHONE, test } from './support/fixtures';
import { atPath, expectNoHorizontalScroll, storedKeys } from './support/screens';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

/** The signed-in account as the API sees it. */
async function me(baseURL: string, token: string) {
  const response = await fetch(`${baseURL}/api/user/me`, { headers: { authorization: `Bearer ${token}` } });
  return ((await response.json()) as { response: { handle: string; username: string } }).response;
}

test.describe('handles in the forms', () => {
  test('proposes a handle from the name at sign-up, takes the one typed, and changes it in Settings', async ({
    newPage,
    serverURL,
  }) => {
    const page = await newPage({ viewport: PHONE });
    await page.goto('/signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Join Inkwell' })).toBeVisible();
    const suffix = Math.random().toString(36).slice(2, 7);
    await page.getByLabel('Name', { exact: true }).fill(`Hana Field ${suffix}`);
    const handle = page.getByLabel('Handle', { exact: true });
    await expect(handle).toHaveValue(`hana_field_${suffix}`);
    await expectNoHorizontalScroll(page, PHONE.width);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/signup-handle-375-light.png`, fullPage: true });
    await handle.fill(`hana_${suffix}`);
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('hana'));
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await atPath(page, '/allblog');
    const { token } = await storedKeys(page);
    expect((await me(serverURL, token ?? '')).handle).toBe(`hana_${suffix}`);

    await page.setViewportSize(DESKTOP);
    await page.goto('/userupdate');
    const field = page.getByLabel('New handle', { exact: true });
    await expect(page.getByText(`Now @hana_${suffix}.`, { exact: false })).toBeVisible();
    await field.fill(`Hana Two`);
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await expect(page.getByText('A handle may hold only lowercase letters, digits and _')).toBeVisible();
    await field.fill(`HANA2_${suffix}`);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/settings-handle-1280-light.png` });
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await atPath(page, '/profile');
    const after = await storedKeys(page);
    expect((await me(serverURL, after.token ?? '')).handle).toBe(`hana2_${suffix}`);
  });
});
