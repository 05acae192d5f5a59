import type { Page } from '@playwright/test';
import type { Post } from '../contracts/posts';
import { createUser, signInAs, type E2eUser } from './support/api';
import { axeViolations } from './support/axe';
import { DESKTOP, expect, PHONE, test, type NewPage } from './support/fixtures';
import { hydrated } from './support/hydration';
import { readPath, publish } from './support/posts';
import { expectNoHorizontalScroll } from './support/screens';

/*
 * The writing room's blocks (specification §7's Markdown, decision 69): a table, a footnote and a
 * callout inserted from the `/` menu, Tab between cells, a table pasted from a spreadsheet or a
 * web page; and how they read on the post's page, light and dark, wide and at 375 px.
 */

const SHOTS = process.env.EDITOR_SHOTS_DIR;

async function writer(
  newPage: NewPage,
  serverURL: string,
  name: string,
): Promise<{ page: Page; user: E2eUser }> {
  const user = await createUser(serverURL, name);
  const page = await newPage({ viewport: DESKTOP, bypassCSP: true });
  await signInAs(page, user);
  await page.goto('/addblog');
  await hydrated(page);
  await expect(page.locator('.block-editor__body[contenteditable="true"]')).toBeVisible();
  await page.getByLabel('Title', { exact: true }).fill(`${name}'s post`);
  await page.getByRole('textbox', { name: 'Content', exact: true }).click();
  return { page, user };
}

/** The draft's Markdown once autosave has kept it, when it satisfies `ready`. */
async function savedContent(page: Page, user: E2eUser, ready: (content: string) => boolean): Promise<string> {
  let content = '';
  await expect
    .poll(async () => {
      const response = await page.request.get('/api/post/drafts', {
        headers: { authorization: `Bearer ${user.token}` },
      });
      content = ((await response.json()) as { response: Post[] }).response[0]?.content ?? '';
      return ready(content);
    })
    .toBe(true);
  return content;
}

/** Types `/query` and picks `option` from the menu with the arrow keys and Enter. */
/** What the test reads of the Tiptap editor the page hangs on its editable element. */
interface TiptapView {
  state: { selection: { $from: { depth: number; parent: { textContent: string } } } };
}

/**
 * Where the editor has its caret: the depth of the block it is in (1: a top-level block) and that
 * block's text. The editor takes a caret moved by a click or a key from the page's selectionchange
 * event, a task Chromium runs after input it already holds: a key or a paste sent at once can
 * still act where the caret was. A person's next key comes later; tests wait for this instead.
 */
function editorCaret(page: Page): Promise<string> {
  return page.evaluate(() => {
    const editable = document.querySelector<HTMLElement & { editor?: TiptapView }>('.block-editor__body');
    const { $from } = editable!.editor!.state.selection;
    return `${$from.depth} ${$from.parent.textContent}`;
  });
}

async function choose(page: Page, query: string, option: string): Promise<void> {
  await page.keyboard.type(`/${query}`);
  const menu = page.getByRole('listbox', { name: 'Insert a block' });
  await expect(menu.getByRole('option', { name: new RegExp(`^${option}`) })).toBeVisible();
  const names = await menu.getByRole('option').allTextContents();
  const index = names.findIndex((name) => name.startsWith(option));
  for (let step = 0; step < index; step += 1) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(menu).toHaveCount(0);
}

function cells(page: Page): Promise<string[][]> {
  return page
    .locator('.block-editor__body table tr')
    .evaluateAll((rows) => rows.map((row) => Array.from(row.children, (cell) => cell.textContent ?? '')));
}

async function paste(page: Page, data: Record<string, string>): Promise<void> {
  await page.evaluate((items) => {
    const transfer = new DataTransfer();
    for (const [type, value] of Object.entries(items)) transfer.setData(type, value);
    document
      .querySelector('.block-editor__body')
      ?.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
      );
  }, data);
}

test.describe('the writing room’s blocks', () => {
  test('inserts a table from the / menu, moves between cells with Tab, and adds and removes rows and columns by keyboard', async ({
    newPage,
    serverURL,
  }) => {
    const { page, user } = await writer(newPage, serverURL, 'Tabulator');
    await page.keyboard.type('Prices:');
    await page.keyboard.press('Enter');
    await choose(page, 'table', 'Table');
    await expect(page.locator('.block-editor__body table')).toBeVisible();
    // Tab goes cell to cell, row after row; Tab in the last cell adds a row; Shift-Tab goes back.
    for (const text of ['Item', 'Price', 'Tea', '3', 'Cake']) {
      await page.keyboard.type(text);
      await page.keyboard.press('Tab');
    }
    await page.keyboard.type('4');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Bun');
    await page.keyboard.press('Shift+Tab');
    // Shift-Tab selects the cell before, as a spreadsheet does: typing replaces it. The selection
    // brings the formatting toolbar in for the first time; a `/` typed while it is still being
    // mounted would be lost (its plugin's registration resets the `/` menu's), so the test waits as a
    // writer's pace would.
    await expect(page.locator('.selection-toolbar')).toBeAttached();
    await page.keyboard.type('5');
    expect(await cells(page)).toEqual([
      ['Item', 'Price'],
      ['Tea', '3'],
      ['Cake', '5'],
      ['Bun', ''],
    ]);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    // In a cell, the `/` menu offers the table's own commands and no block a cell cannot hold.
    await page.keyboard.type('/');
    const menu = page.getByRole('listbox', { name: 'Insert a block' });
    await expect(menu.getByRole('option', { name: /^Add column right/ })).toBeVisible();
    await expect(menu.getByRole('option', { name: /^Footnote/ })).toBeVisible();
    await expect(menu.getByRole('option', { name: /^Heading 2/ })).toHaveCount(0);
    await page.keyboard.press('Backspace');
    await choose(page, 'column', 'Add column right');
    await page.keyboard.type('Kcal');
    expect(await cells(page)).toEqual([
      ['Item', 'Price', ''],
      ['Tea', '3', ''],
      ['Cake', '5', ''],
      ['Bun', '', 'Kcal'],
    ]);
    await page.keyboard.type(' ');
    await choose(page, 'column', 'Delete column');
    await choose(page, 'delete', 'Delete row');
    expect(await cells(page)).toEqual([
      ['Item', 'Price'],
      ['Tea', '3'],
      ['Cake', '5'],
    ]);
    const content = await savedContent(page, user, (text) => text.includes('| Cake | 5 |'));
    expect(content).toBe('Prices:\n\n| Item | Price |\n| --- | --- |\n| Tea | 3 |\n| Cake | 5 |');
  });

  test('pastes a spreadsheet’s cells and a web page’s table as tables, and a table that spans cells as rows of text', async ({
    newPage,
    serverURL,
  }) => {
    const { page, user } = await writer(newPage, serverURL, 'Paster');
    // A spreadsheet's cells as text alone (tab-separated).
    await paste(page, { 'text/plain': 'City\tPeople\nLyon\t522,250\nNantes\t320,732\n' });
    expect(await cells(page)).toEqual([
      ['City', 'People'],
      ['Lyon', '522,250'],
      ['Nantes', '320,732'],
    ]);
    await page.keyboard.press('Control+End');
    // Below the table, in the empty line the editor keeps last (editorCaret).
    await expect.poll(() => editorCaret(page)).toBe('1 ');
    // A web page's table: its first row is the header, a cell's blocks and line breaks one line.
    await paste(page, {
      'text/html':
        '<table><caption>Rivers</caption><tbody><tr><td>Name</td><td align="right">Length</td></tr>' +
        '<tr><td><p>The</p><p>Loire</p></td><td style="text-align: right"><a href="https://example.com/loire">1,006 km</a></td></tr>' +
        '<tr><td>Rhône<br>(in France)</td><td>545 km</td></tr></tbody></table>' +
        '<table><tr><th colspan="2">Spans two</th></tr><tr><td>a</td><td>b</td></tr></table>',
      'text/plain': 'pasted',
    });
    await expect(page.locator('.block-editor__body table')).toHaveCount(2);
    const content = await savedContent(page, user, (text) => text.includes('Spans two'));
    expect(content).toContain('| City | People |\n| --- | --- |\n| Lyon | 522,250 |\n| Nantes | 320,732 |');
    expect(content).toContain(
      'Rivers\n\n| Name | Length |\n| --- | ---: |\n| The Loire | [1,006 km](https://example.com/loire) |\n| Rhône (in France) | 545 km |',
    );
    expect(content).toContain('**Spans two**\n\na | b');
  });

  test('adds a footnote and a callout from the / menu', async ({ newPage, serverURL }) => {
    const { page, user } = await writer(newPage, serverURL, 'Annotator');
    await page.keyboard.type('A claim ');
    await choose(page, 'foot', 'Footnote');
    // The cursor is in the note, at the end of the post; a person types once they see the note.
    await expect(page.locator('.block-editor__body .editor-footnote')).toBeVisible();
    await page.keyboard.type('Where the claim comes from.');
    await expect(page.locator('.block-editor__body .editor-footnote')).toHaveText(
      'Where the claim comes from.',
    );
    // Back to the end of the first line, once the editor has the caret there (editorCaret).
    await page.locator('.block-editor__body p').first().click();
    await page.keyboard.press('End');
    await expect.poll(() => editorCaret(page)).toBe('1 A claim ');
    await page.keyboard.press('Enter');
    await choose(page, 'warn', 'Warning');
    await page.keyboard.type('Hot plates.');
    await expect(page.locator('.block-editor__body aside[role="note"][aria-label="Warning"]')).toHaveText(
      'Hot plates.',
    );
    const content = await savedContent(page, user, (text) => text.includes('Hot plates.'));
    expect(content).toBe('A claim [^1]\n\n> [!WARNING]\n> Hot plates.\n\n[^1]: Where the claim comes from.');
    expect(await axeViolations(page)).toEqual([]);
  });

  test('shows the blocks on the post’s page, at 375 px and wide, light and dark, and passes axe', async ({
    newPage,
    serverURL,
  }) => {
    const user = await createUser(serverURL, 'Shower');
    const post = await publish(serverURL, user, {
      title: 'Blocks on the page',
      content: [
        'Prices as we found them[^1], in a table wider than a phone:',
        '',
        '| Item | Price | Where it was bought | When |',
        '| --- | ---: | :---: | --- |',
        '| Tea | 3 | The corner shop on the market square | Monday morning |',
        '| Cake | 5 | The bakery by the river | Saturday |',
        '',
        '> [!NOTE]',
        '> Prices change.',
        '',
        '> [!TIP]',
        '> Go early.',
        '',
        '> [!WARNING]',
        '> The shop shuts at noon.',
        '',
        '[^1]: On a Monday.',
      ].join('\n'),
    });
    for (const [viewport, colorScheme] of [
      [PHONE, 'light'],
      [PHONE, 'dark'],
      [DESKTOP, 'light'],
      [DESKTOP, 'dark'],
    ] as const) {
      const page = await newPage({ viewport, colorScheme, bypassCSP: true });
      await page.goto(readPath(post));
      const content = page.locator('.post__content');
      await expect(content.getByRole('note', { name: 'Warning' })).toContainText('The shop shuts at noon.');
      await expect(content.getByRole('note')).toHaveCount(3);
      await expect(content.getByRole('heading', { name: 'Footnotes' })).toHaveCount(1);
      await expect(content.getByRole('link', { name: '[1]' })).toHaveAccessibleDescription('Footnotes');
      await expect(content.locator('table th')).toHaveCount(4);
      await expectNoHorizontalScroll(page, viewport.width);
      if (SHOTS) {
        await page.screenshot({
          path: `${SHOTS}/blocks-${viewport.width}-${colorScheme}.png`,
          fullPage: true,
        });
      }
      expect(await axeViolations(page), `${colorScheme} ${viewport.width}px`).toEqual([]);
    }
  });
});
