import { describe, expect, it } from 'vitest';
import { uniqueEmail } from './support/api';
import { DESKTOP, PHONE, useBrowser } from './support/browser';
import { atPath, expectNoHorizontalScroll, storedKeys, visible } from './support/expect-page';

const browser = useBrowser();
const SHOTS = process.env.E2E_SCREENSHOTS;

/** The signed-in account as the API sees it. */
async function me(baseURL: string, token: string) {
  const response = await fetch(`${baseURL}/api/user/me`, { headers: { authorization: `Bearer ${token}` } });
  return ((await response.json()) as { response: { handle: string; username: string } }).response;
}

describe('handles in the forms', () => {
  it('proposes a handle from the name at sign-up, takes the one typed, and changes it in Settings', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto('/signup');
    await visible(page.getByRole('heading', { level: 1, name: 'Join Inkwell' }));
    const suffix = Math.random().toString(36).slice(2, 7);
    await page.getByLabel('Name', { exact: true }).fill(`Hana Field ${suffix}`);
    const handle = page.getByLabel('Handle', { exact: true });
    expect(await handle.inputValue()).toBe(`hana_field_${suffix}`);
    await expectNoHorizontalScroll(page, PHONE.width);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/signup-handle-375-light.png`, fullPage: true });
    await handle.fill(`hana_${suffix}`);
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('hana'));
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await atPath(page, '/allblog');
    const { token } = await storedKeys(page);
    const baseURL = new URL(page.url()).origin;
    expect((await me(baseURL, token ?? '')).handle).toBe(`hana_${suffix}`);

    await page.setViewportSize(DESKTOP);
    await page.goto('/userupdate');
    const field = page.getByLabel('New handle', { exact: true });
    await visible(page.getByText(`Now @hana_${suffix}.`, { exact: false }));
    await field.fill(`Hana Two`);
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await visible(page.getByText('A handle may hold only lowercase letters, digits and _'));
    await field.fill(`HANA2_${suffix}`);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/settings-handle-1280-light.png` });
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await atPath(page, '/profile');
    const after = await storedKeys(page);
    expect((await me(baseURL, after.token ?? '')).handle).toBe(`hana2_${suffix}`);
  });
});
