import { expect, PHONE, test } from './support/fixtures';
import { createUser, signInAs } from './support/api';
import { axeViolations } from './support/axe';
import { expectFieldError, expectNoHorizontalScroll } from './support/screens';

test.describe('API keys in Settings', () => {
  test('creates a key shown once, which works until it is revoked', async ({ newPage, serverURL }) => {
    const user = await createUser(serverURL, 'Builder');
    // axe runs as an injected script, which the page's policy would refuse.
    const page = await newPage({ viewport: PHONE, bypassCSP: true });
    await signInAs(page, user);
    await page.goto('/userupdate');
    const section = page.getByRole('region', { name: 'API keys' });
    await expect(section.getByText('You have no API keys.')).toBeVisible();

    const create = section.getByRole('button', { name: 'Create key' });
    await create.click();
    await expectFieldError(page, 'Key name', 'Name is required');

    await section.getByLabel('Key name').fill('Static site build');
    await section.getByRole('radio', { name: /^Read and write/ }).check();
    await section.getByLabel('Expires after').selectOption('never');
    await create.click();

    const secret = section.getByRole('textbox', { name: /Copy it now/ });
    await expect(secret).toBeVisible();
    const token = await secret.inputValue();
    expect(token).toMatch(/^ink_/);
    // Focused and selected, so it can be copied from the keyboard at once.
    expect(await secret.evaluate((input) => document.activeElement === input)).toBe(true);
    const item = section.getByRole('listitem').filter({ hasText: 'Static site build' });
    await expect(item.getByText('Read and write')).toBeVisible();
    await expect(item.getByText('Never expires')).toBeVisible();
    await expectNoHorizontalScroll(page, PHONE.width);
    expect(await axeViolations(page)).toEqual([]);

    const drafts = () =>
      fetch(`${serverURL}/api/post/drafts`, { headers: { authorization: `Bearer ${token}` } });
    expect((await drafts()).status).toBe(200);

    await section.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => section.getByRole('textbox', { name: /Copy it now/ }).count()).toBe(0);
    await expect(section.getByLabel('Key name')).toBeVisible();

    await item.getByRole('button', { name: 'Revoke Static site build' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke this key?' });
    await dialog.getByRole('button', { name: 'Revoke key' }).click();
    await expect(section.getByText('You have no API keys.')).toBeVisible();
    expect((await drafts()).status).toBe(401);

    // The list comes from the server: after a reload the key is still gone, and one made by
    // another tab shows up with its last use.
    const other = await fetch(`${serverURL}/api/user/keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
      body: JSON.stringify({ name: 'Backup script', scope: 'read', expiresInDays: 30 }),
    });
    const { response: backup } = (await other.json()) as { response: { token: string } };
    await fetch(`${serverURL}/api/post/drafts`, {
      headers: { authorization: `Bearer ${backup.token}` },
    });
    await page.reload();
    const backupItem = section.getByRole('listitem').filter({ hasText: 'Backup script' });
    await expect(backupItem.getByText(/Last used/)).toBeVisible();
    await expect(backupItem.getByText(/^Read$/)).toBeVisible();
    await expect(section.getByRole('listitem')).toHaveCount(1);
  });
});
