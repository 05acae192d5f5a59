import { describe, expect, it } from 'vitest';
import { createUser, signInAs } from './support/api';
import { axeViolations } from './support/axe';
import { PHONE, useBrowser } from './support/browser';
import { expectNoHorizontalScroll, fieldError, visible } from './support/expect-page';

const browser = useBrowser();

describe('API keys in Settings', () => {
  it('creates a key shown once, which works until it is revoked', async () => {
    const user = await createUser(browser.baseURL, 'Builder');
    // axe runs as an injected script, which the page's policy would refuse.
    const page = await browser.newPage({ viewport: PHONE, bypassCSP: true });
    await signInAs(page, user);
    await page.goto('/userupdate');
    const section = page.getByRole('region', { name: 'API keys' });
    await visible(section.getByText('You have no API keys.'));

    const create = section.getByRole('button', { name: 'Create key' });
    await create.click();
    expect(await fieldError(page, 'Key name')).toBe('Name is required');

    await section.getByLabel('Key name').fill('Static site build');
    await section.getByRole('radio', { name: /^Read and write/ }).check();
    await section.getByLabel('Expires after').selectOption('never');
    await create.click();

    const secret = await visible(section.getByRole('textbox', { name: /Copy it now/ }));
    const token = await secret.inputValue();
    expect(token).toMatch(/^ink_/);
    // Focused and selected, so it can be copied from the keyboard at once.
    expect(await secret.evaluate((input) => document.activeElement === input)).toBe(true);
    const item = section.getByRole('listitem').filter({ hasText: 'Static site build' });
    await visible(item.getByText('Read and write'));
    await visible(item.getByText('Never expires'));
    await expectNoHorizontalScroll(page, PHONE.width);
    expect(await axeViolations(page)).toEqual([]);

    const drafts = () =>
      fetch(`${browser.baseURL}/api/post/drafts`, { headers: { authorization: `Bearer ${token}` } });
    expect((await drafts()).status).toBe(200);

    await section.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => section.getByRole('textbox', { name: /Copy it now/ }).count()).toBe(0);
    await visible(section.getByLabel('Key name'));

    await item.getByRole('button', { name: 'Revoke Static site build' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke this key?' });
    await dialog.getByRole('button', { name: 'Revoke key' }).click();
    await visible(section.getByText('You have no API keys.'));
    expect((await drafts()).status).toBe(401);

    // The list comes from the server: after a reload the key is still gone, and one made by
    // another tab shows up with its last use.
    const other = await fetch(`${browser.baseURL}/api/user/keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
      body: JSON.stringify({ name: 'Backup script', scope: 'read', expiresInDays: 30 }),
    });
    const { response: backup } = (await other.json()) as { response: { token: string } };
    await fetch(`${browser.baseURL}/api/post/drafts`, {
      headers: { authorization: `Bearer ${backup.token}` },
    });
    await page.reload();
    const backupItem = section.getByRole('listitem').filter({ hasText: 'Backup script' });
    await visible(backupItem.getByText(/Last used/));
    await visible(backupItem.getByText(/^Read$/));
    expect(await section.getByRole('listitem').count()).toBe(1);
  });
});
