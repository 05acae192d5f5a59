import { createUser } from './support/api';
import { DESKTOP, expect, PHONE, test } from './support/fixtures';
import { comment, publish, readPath, tag } from './support/posts';
import { commentBy, discussion, openAs } from './support/discussion';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

/** Two people whose handles start alike, and a post to discuss: the suggestions' material. */
async function scene(serverURL: string) {
  const stem = `Mn${tag()}`.toLowerCase().replace(/[^a-z0-9]/g, '');
  const bob = await createUser(serverURL, `${stem} Bob Reader`);
  const bea = await createUser(serverURL, `${stem} Bea Writer`);
  const author = await createUser(serverURL, `Host ${stem}`);
  const reader = await createUser(serverURL, `Guest ${stem}`);
  const post = await publish(serverURL, author, { title: `Mentions ${stem}`, content: 'Talk.' });
  return { stem, bob, bea, author, reader, post };
}

test.describe('mentions in the comment box', () => {
  test('Reply starts with the @handle of whom it answers, even when their name has a space', async ({
    newPage,
    serverURL,
  }) => {
    const { bob, post } = await scene(serverURL);
    await comment(serverURL, bob, post.id, 'A first thought.');
    const reader = await createUser(serverURL, `Replier ${tag()}`);
    const page = await openAs(newPage, readPath(post), reader);
    await commentBy(page, bob.username)
      .getByRole('button', { name: `Reply to ${bob.username}` })
      .click();
    const box = discussion(page).getByRole('textbox', { name: `Reply to ${bob.username}` });
    await expect(box).toHaveValue(`@${bob.handle} `);
    expect(bob.handle).not.toContain(' ');
  });

  test('suggests people as one types @, by keyboard: arrows move, Enter picks without sending, Escape closes', async ({
    newPage,
    serverURL,
  }) => {
    const { stem, bob, bea, reader, post } = await scene(serverURL);
    const page = await openAs(newPage, readPath(post), reader);
    const box = discussion(page).getByLabel('Add to the discussion');
    // Closed, the box is the plain textbox it always was.
    await expect(box).toHaveRole('textbox');
    const listbox = page.getByRole('listbox', { name: 'People to mention', includeHidden: true });

    let sent = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/post/comments') sent += 1;
    });

    await box.click();
    await box.pressSequentially(`Thanks @${stem.toUpperCase()}`);
    await expect(box).toHaveRole('combobox');
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expect(box).toHaveAttribute('aria-autocomplete', 'list');
    await expect(box).toHaveAttribute('aria-controls', (await listbox.getAttribute('id')) ?? '');
    const options = listbox.getByRole('option');
    // Both people, by handle (ordered), with their names.
    await expect(options).toHaveText([`${bea.username}@${bea.handle}`, `${bob.username}@${bob.handle}`]);
    const activeId = async () => box.getAttribute('aria-activedescendant');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    expect(await activeId()).toBe(await options.first().getAttribute('id'));

    await box.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    expect(await activeId()).toBe(await options.nth(1).getAttribute('id'));
    await box.press('ArrowUp');
    await box.press('ArrowUp');
    // Up from the first wraps to the last.
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');

    if (SHOTS) await page.screenshot({ path: `${SHOTS}/mention-suggestions-1280-light.png` });
    await box.press('Enter');
    await expect(box).toHaveValue(`Thanks @${bob.handle} `);
    await expect(box).toHaveRole('textbox');
    await expect(box).not.toHaveAttribute('aria-activedescendant');
    // Enter picked; nothing was sent.
    await expect(commentBy(page, reader.username)).toHaveCount(0);
    expect(sent).toBe(0);

    // Escape closes the list and keeps the text as typed; Enter then is the box's own again.
    await box.pressSequentially(`and @${stem}`);
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await box.press('Escape');
    await expect(box).toHaveRole('textbox');
    await expect(listbox).toBeHidden();
    await box.press('Enter');
    await expect(box).toHaveValue(`Thanks @${bob.handle} and @${stem}\n`);
    expect(sent).toBe(0);

    // Tab picks too.
    await box.pressSequentially(`@${stem}_`);
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await box.press('Tab');
    await expect(box).toHaveValue(`Thanks @${bob.handle} and @${stem}\n@${bea.handle} `);
    await expect(box).toBeFocused();

    // Sent with the button, the mentions are links to the /@handle addresses.
    await discussion(page).getByRole('button', { name: 'Comment', exact: true }).click();
    const mine = commentBy(page, reader.username);
    await expect(mine.getByRole('link', { name: `@${bob.handle}` })).toHaveAttribute(
      'href',
      `/@${bob.handle}`,
    );
    await expect(mine.getByRole('link', { name: `@${bea.handle}` })).toHaveAttribute(
      'href',
      `/@${bea.handle}`,
    );
  });

  test('the list at 375 and 1280 px, light and dark', async ({ newPage, serverURL }) => {
    const { stem, reader, post } = await scene(serverURL);
    for (const [width, viewport] of [
      [375, PHONE],
      [1280, DESKTOP],
    ] as const) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const page = await openAs(newPage, readPath(post), reader, viewport, colorScheme);
        const box = discussion(page).getByLabel('Add to the discussion');
        await box.click();
        await box.pressSequentially(`@${stem}`);
        const listbox = page.getByRole('listbox', { name: 'People to mention' });
        await expect(listbox.getByRole('option')).toHaveCount(2);
        // The list stays on the screen, beside the box, at every width.
        const list = await listbox.boundingBox();
        expect(list && list.x >= 0 && list.x + list.width <= viewport.width).toBe(true);
        await listbox.scrollIntoViewIfNeeded();
        if (SHOTS)
          await page.screenshot({ path: `${SHOTS}/mention-suggestions-${width}-${colorScheme}.png` });
      }
    }
  });
});
