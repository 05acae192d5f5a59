import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { createUser, signInAs, type E2eUser } from './support/api';
import { DESKTOP, expect, type NewPage, type PageOptions, PHONE, test } from './support/fixtures';
import { expectNoHorizontalScroll } from './support/screens';
import { collectProblems, hydrated } from './support/hydration';
import { axeViolations } from './support/axe';

const SHOTS = process.env.EDITOR_SHOTS_DIR;

async function writer(
  newPage: NewPage,
  serverURL: string,
  name: string,
  options: PageOptions = {},
): Promise<{ page: Page; user: E2eUser }> {
  const user = await createUser(serverURL, name);
  const page = await newPage({ viewport: DESKTOP, ...options });
  await signInAs(page, user);
  await page.goto('/addblog');
  await hydrated(page);
  await expect(page.locator('.block-editor__body[contenteditable="true"]')).toBeVisible();
  return { page, user };
}

function body(page: Page) {
  return page.getByRole('textbox', { name: 'Content', exact: true });
}

/** The editor's inner HTML, without ProseMirror's own helper elements and attributes. */
function bodyHtml(page: Page): Promise<string> {
  return page.locator('.block-editor__body').evaluate((element) => {
    const copy = element.cloneNode(true) as HTMLElement;
    copy
      .querySelectorAll('.ProseMirror-trailingBreak, .ProseMirror-separator')
      .forEach((node) => node.remove());
    copy.querySelectorAll('*').forEach((node) => {
      for (const name of node.getAttributeNames())
        if (name !== 'alt' && name !== 'src') node.removeAttribute(name);
    });
    return copy.innerHTML;
  });
}

/**
 * The toolbar's controls sit on one row inside the screen, and the toolbar covers no part of what is
 * selected (the selected text's lines, or the picture).
 */
async function expectOneRowClearOfSelection(page: Page, toolbar: Locator, controls: string): Promise<void> {
  // The toolbar moves into place a frame or two after it shows: measured once it stays put.
  await toolbar.evaluate(
    (element) =>
      new Promise<void>((resolve) => {
        let last = '';
        const check = () => {
          const now = JSON.stringify(element.getBoundingClientRect());
          if (now === last) resolve();
          else {
            last = now;
            requestAnimationFrame(() => requestAnimationFrame(check));
          }
        };
        check();
      }),
  );
  const layout = await toolbar.evaluate((element, selector) => {
    const rect = (found: DOMRect) => ({
      top: found.top,
      bottom: found.bottom,
      left: found.left,
      right: found.right,
    });
    const selection = window.getSelection();
    const figure = document.querySelector('.block-editor__body .ProseMirror-selectednode');
    const selected = figure
      ? [rect(figure.getBoundingClientRect())]
      : Array.from(selection && selection.rangeCount > 0 ? selection.getRangeAt(0).getClientRects() : []).map(
          rect,
        );
    return {
      toolbar: rect(element.getBoundingClientRect()),
      tops: Array.from(element.querySelectorAll(selector)).map(
        (control) => control.getBoundingClientRect().top,
      ),
      selected,
      width: window.innerWidth,
    };
  }, controls);
  expect(layout.tops.length).toBeGreaterThan(1);
  expect(Math.max(...layout.tops) - Math.min(...layout.tops)).toBeLessThan(1);
  expect(layout.toolbar.left).toBeGreaterThanOrEqual(0);
  expect(layout.toolbar.right).toBeLessThanOrEqual(layout.width);
  expect(layout.selected.length).toBeGreaterThan(0);
  for (const part of layout.selected) {
    const overlaps =
      part.top < layout.toolbar.bottom &&
      part.bottom > layout.toolbar.top &&
      part.left < layout.toolbar.right &&
      part.right > layout.toolbar.left;
    expect(overlaps, JSON.stringify({ toolbar: layout.toolbar, selected: part })).toBe(false);
  }
}

async function box(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
}

test.describe('the block editor', () => {
  test('starts without a console warning or error: its base styles come from our stylesheet, not an inline style the CSP refuses', async ({
    newPage,
    serverURL,
  }) => {
    const user = await createUser(serverURL, 'Quiet');
    const page = await newPage({ viewport: DESKTOP });
    const problems = collectProblems(page);
    await signInAs(page, user);
    await page.goto('/addblog');
    await hydrated(page);
    await expect(page.locator('.block-editor__body[contenteditable="true"]')).toBeVisible();
    await body(page).click();
    await page.keyboard.type('two  spaces stay');
    expect(await body(page).evaluate((element) => getComputedStyle(element).whiteSpace)).toBe('break-spaces');
    expect(problems).toEqual([]);
  });

  test('turns Markdown typed at the start of a line into blocks, and marks into formatting', async ({
    newPage,
    serverURL,
  }) => {
    const { page } = await writer(newPage, serverURL, 'Shortcuts');
    await body(page).click();
    await page.keyboard.type('## A heading');
    await page.keyboard.press('Enter');
    await page.keyboard.type('- first');
    await page.keyboard.press('Enter');
    await page.keyboard.type('second');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('1. one');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('> quoted');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('```ts ');
    await page.keyboard.type('const a = 1;');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('---');
    await page.keyboard.type('Some **bold** and *italic* and `code`.');
    await expect.poll(() => bodyHtml(page)).toContain('<code>code</code>');
    const html = await bodyHtml(page);
    expect(html).toContain('<h2>A heading</h2>');
    expect(html).toContain('<ul><li><p>first</p></li><li><p>second</p></li></ul>');
    expect(html).toContain('<ol><li><p>one</p></li></ol>');
    expect(html).toContain('<blockquote><p>quoted</p></blockquote>');
    expect(html).toMatch(/<pre><code>const a = 1;/);
    expect(html).toContain('<hr>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<em>italic</em>');
    expect(html).toContain('<code>code</code>');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/editor-blocks-wide-light.png`, fullPage: true });
  });

  test('inserts any block from the / menu, by keyboard and by pointer', async ({ newPage, serverURL }) => {
    const { page } = await writer(newPage, serverURL, 'Slasher');
    await body(page).click();
    await page.keyboard.type('/');
    const menu = page.getByRole('listbox', { name: 'Insert a block' });
    await expect(menu.getByRole('option', { name: /Heading 2/ })).toBeVisible();
    await expect(menu.getByRole('option', { name: /Divider/ })).toBeVisible();
    await page.keyboard.type('quo');
    await expect(menu.getByRole('option')).toHaveCount(1);
    await page.keyboard.press('Enter');
    await page.keyboard.type('Wise words');
    await expect.poll(() => bodyHtml(page)).toContain('<blockquote><p>Wise words</p></blockquote>');
    await expect(menu).toHaveCount(0);

    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('/');
    await expect(menu).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/editor-slash-menu.png` });
    await page.getByRole('option', { name: /Heading 3/ }).click();
    await page.keyboard.type('By pointer');
    await expect.poll(() => bodyHtml(page)).toContain('<h3>By pointer</h3>');
  });

  test('keeps the / menu open, and its keys working, when the pointer’s tools arrive under it', async ({
    newPage,
    serverURL,
  }) => {
    const { page } = await writer(newPage, serverURL, 'Pointer Late');
    // By keyboard alone, so the pointer's tools (the drag handle) are not loaded yet.
    await body(page).focus();
    await page.keyboard.type('/');
    const menu = page.getByRole('listbox', { name: 'Insert a block' });
    await expect(menu.getByRole('option', { name: /Heading 2/ })).toBeVisible();
    // Now the pointer comes over the first line: its tools load and register a plugin, which makes
    // ProseMirror remake every plugin's view, the menu's included.
    const at = await box(body(page));
    await page.mouse.move(at.x + 12, at.y + 8);
    await expect(page.locator('.block-handle')).toBeVisible();
    await expect(menu.getByRole('option', { name: /Heading 2/ })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Kept');
    // The heading chosen, the `/` gone, and the empty line kept after a last block (TrailingNode).
    await expect.poll(() => bodyHtml(page)).toBe('<h2>Kept</h2><p></p>');
  });

  test('moves a block with Alt+Shift+arrows', async ({ newPage, serverURL }) => {
    const { page } = await writer(newPage, serverURL, 'Mover');
    await body(page).click();
    await page.keyboard.type('alpha');
    await page.keyboard.press('Enter');
    await page.keyboard.type('beta');
    await page.keyboard.press('Alt+Shift+ArrowUp');
    await expect.poll(() => bodyHtml(page)).toBe('<p>beta</p><p>alpha</p>');
    await page.keyboard.type('!');
    await expect.poll(() => bodyHtml(page)).toBe('<p>beta!</p><p>alpha</p>');
    await page.keyboard.press('Alt+Shift+ArrowDown');
    await expect.poll(() => bodyHtml(page)).toBe('<p>alpha</p><p>beta!</p>');
  });

  test('moves a block by dragging its handle, and from the toolbar on a selection', async ({
    newPage,
    serverURL,
  }) => {
    const { page } = await writer(newPage, serverURL, 'Dragger');
    await body(page).click();
    for (const word of ['alpha', 'beta']) {
      await page.keyboard.type(word);
      await page.keyboard.press('Enter');
    }
    await page.keyboard.type('gamma');
    const paragraph = (text: string) => page.locator('.block-editor__body p', { hasText: text });
    await paragraph('gamma').hover();
    const handle = page.locator('.block-handle');
    await expect(handle).toBeVisible();
    // A hand moves the pointer gradually: the browser starts a drag once it leaves the press point.
    const from = await box(handle);
    const to = await box(paragraph('alpha'));
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y, { steps: 5 });
    await page.mouse.move(to.x + 2, to.y + 2, { steps: 10 });
    await page.mouse.up();
    await expect.poll(() => bodyHtml(page)).toBe('<p>gamma</p><p>alpha</p><p>beta</p>');

    // On the word itself: a double-click past the end of a short line selects nothing.
    await paragraph('beta').dblclick({ position: { x: 8, y: 8 } });
    await page.getByRole('button', { name: 'Move block up' }).click();
    await expect.poll(() => bodyHtml(page)).toBe('<p>gamma</p><p>beta</p><p>alpha</p>');
  });

  test('cleans text pasted from a web page or a word processor to our blocks', async ({
    newPage,
    serverURL,
  }) => {
    const { page } = await writer(newPage, serverURL, 'Paster');
    await body(page).click();
    await page.evaluate(() => {
      const html =
        '<style>p{color:red}</style><h1 style="font-size:40px">Pasted</h1><p class="MsoNormal"><span style="font-family:Calibri">Word <b>bold</b> text<o:p></o:p></span></p>' +
        '<table><tr><td>cell</td></tr></table><script>alert(1)</script><p><u>under</u> <s>struck</s></p>';
      const data = new DataTransfer();
      data.setData('text/html', html);
      data.setData('text/plain', 'Pasted');
      const target = document.querySelector('.block-editor__body');
      target?.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    });
    await expect.poll(() => bodyHtml(page)).toContain('<h2>Pasted</h2>');
    const html = await bodyHtml(page);
    // The page's h1 is below the post's own title: the / menu's Heading 2.
    expect(html).toContain('<h2>Pasted</h2>');
    expect(html).toContain('<p>Word <strong>bold</strong> text</p>');
    // A pasted table without spans stays a table (decision 69), its header row a header.
    expect(html).toContain('<th>cell</th>');
    expect(html).not.toContain('color:red');
    expect(html).not.toContain('alert');
    expect(html).not.toMatch(/<(u|span|style|script)\b/);
    // Strike-through is Markdown (decision 54) and stays; underline is not, and goes.
    expect(html).toContain('under <s>struck</s>');
  });

  test('links an address typed or pasted, an address pasted over words, and one given in the toolbar; never javascript:', async ({
    newPage,
    serverURL,
  }) => {
    const { page } = await writer(newPage, serverURL, 'Linker');
    const links = () =>
      page
        .locator('.block-editor__body a')
        .evaluateAll((anchors) => anchors.map((anchor) => [anchor.textContent, anchor.getAttribute('href')]));
    const paste = (text: string, html?: string) =>
      page.evaluate(
        ([plain, rich]) => {
          const data = new DataTransfer();
          data.setData('text/plain', plain!);
          if (rich) data.setData('text/html', rich);
          document
            .querySelector('.block-editor__body')
            ?.dispatchEvent(
              new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
            );
        },
        [text, html],
      );
    await body(page).click();
    // Typed: the space after the address links it, without the full stop; typing on does not extend it.
    await page.keyboard.type(
      'See www.example.com. And https://en.wikipedia.org/wiki/Ink_(disambiguation) too',
    );
    await expect.poll(links).toEqual([
      ['www.example.com', 'https://www.example.com'],
      [
        'https://en.wikipedia.org/wiki/Ink_(disambiguation)',
        'https://en.wikipedia.org/wiki/Ink_(disambiguation)',
      ],
    ]);
    // Inside inline code an address stays code.
    await page.keyboard.type(' `https://code.example.com ` end');
    await expect.poll(async () => (await links()).length).toBe(2);

    // Enter ends an address as a space does, and still starts a new paragraph.
    await page.keyboard.press('Enter');
    await page.keyboard.type('https://enter.example.com/page');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await links()).slice(2))
      .toEqual([['https://enter.example.com/page', 'https://enter.example.com/page']]);
    await expect(page.locator('.block-editor__body > p')).toHaveCount(3);
    await paste('Pasted https://pasted.example.org/a?b=1, and www.second.example.net');
    await expect
      .poll(async () => (await links()).slice(3))
      .toEqual([
        ['https://pasted.example.org/a?b=1', 'https://pasted.example.org/a?b=1'],
        ['www.second.example.net', 'https://www.second.example.net'],
      ]);
    // A link pasted from a page keeps its address, unless it is a script.
    await page.keyboard.press('Enter');
    await paste(
      'one two',
      '<p><a href="https://kept.example.com/">one</a> <a href="javascript:alert(1)">two</a></p>',
    );
    await expect.poll(async () => (await links()).slice(5)).toEqual([['one', 'https://kept.example.com/']]);

    // Selects the caret's line once the editor has taken the selection in: the browser tells it a
    // moment after the keys, and its toolbar hides on the collapsed caret and shows on the selection.
    const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
    const caretAtEnd = async () => {
      // After the link field, the editor takes the focus back a frame later.
      await expect(page.locator('.block-editor__body')).toBeFocused();
      await page.keyboard.press('End');
      await expect(toolbar).toBeHidden();
    };
    const selectLine = async () => {
      await caretAtEnd();
      await page.keyboard.press('Shift+Home');
      await expect(toolbar).toBeVisible();
    };

    // An address pasted over selected words links those words.
    await page.keyboard.press('Enter');
    await page.keyboard.type('Read this');
    await selectLine();
    await paste('https://over.example.com/post');
    await expect
      .poll(async () => (await links()).slice(6))
      .toEqual([['Read this', 'https://over.example.com/post']]);

    // The toolbar's Link: applied, refused for javascript:, removed.
    await caretAtEnd();
    await page.keyboard.press('Enter');
    await page.keyboard.type('Toolbar words');
    const linkLine = async (address: string) => {
      await selectLine();
      await toolbar.getByRole('button', { name: 'Link' }).click();
      await page.getByLabel('Link address').fill(address);
      await page.getByLabel('Link address').press('Enter');
    };
    await linkLine('javascript:alert(1)');
    await expect.poll(async () => (await links()).slice(7)).toEqual([]);
    await linkLine('https://toolbar.example.com/');
    await expect
      .poll(async () => (await links()).slice(7))
      .toEqual([['Toolbar words', 'https://toolbar.example.com/']]);
    await linkLine('');
    await expect.poll(async () => (await links()).slice(7)).toEqual([]);
  });

  test('can be written with the keyboard alone: title, body, toolbar and Publish', async ({
    newPage,
    serverURL,
  }) => {
    const { page } = await writer(newPage, serverURL, 'Keyboarder');
    await page.getByLabel('Title', { exact: true }).focus();
    await page.keyboard.type('Keyboard only');
    await page.keyboard.press('Enter');
    await expect(page.locator('.block-editor__body')).toBeFocused();
    await page.keyboard.type('Select me');
    await page.keyboard.press('Shift+Home');
    // The toolbar appears on the selection; Alt+F10 moves into it.
    const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
    await expect(toolbar).toBeVisible();
    await page.keyboard.press('Alt+F10');
    await expect(page.locator(':focus')).toHaveAttribute('aria-label', 'Bold');
    await page.keyboard.press('Enter');
    await expect(toolbar.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => bodyHtml(page)).toBe('<p><strong>Select me</strong></p>');
    await page.keyboard.press('Escape');
    await expect(page.locator('.block-editor__body')).toBeFocused();
    await expect(page.locator('.editor-status')).toContainText(/2 words · 1 min read/);
  });

  test('loads the toolbar and the Markdown reader only when first needed; an early Alt+F10 still reaches the toolbar', async ({
    newPage,
    serverURL,
  }) => {
    const user = await createUser(serverURL, 'Deferred');
    const page = await newPage({ viewport: DESKTOP });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    // The toolbar's file is held back until Alt+F10 has been pressed, as on a slow network.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/selection-toolbar-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await signInAs(page, user);
    await page.goto('/addblog');
    await hydrated(page);
    await expect(page.locator('.block-editor__body[contenteditable="true"]')).toBeVisible();
    await page.waitForLoadState('networkidle');
    // A new post has no Markdown to read, and nothing is selected yet.
    expect(scripts.filter((path) => /markdown-parser|selection-toolbar/.test(path))).toEqual([]);
    const before = scripts.length;

    await body(page).click();
    await page.keyboard.type('Select me');
    await page.keyboard.press('Shift+Home');
    await page.keyboard.press('Alt+F10');
    release();
    await expect(page.locator(':focus')).toHaveAttribute('aria-label', 'Bold');
    await page.keyboard.press('Escape');

    // A code block keeps its language, which the toolbar shows and edits. The editor takes the focus
    // back a frame after Escape, and the caret move a moment after End (its toolbar hides then):
    // Enter sent sooner would split the selected line instead.
    await expect(page.locator('.block-editor__body')).toBeFocused();
    await page.keyboard.press('End');
    await expect(page.getByRole('toolbar', { name: 'Formatting' })).toBeHidden();
    await page.keyboard.press('Enter');
    await page.keyboard.type('```ts ');
    await page.keyboard.type('const a = 1;');
    await expect(page.getByRole('textbox', { name: 'Language' })).toHaveValue('ts');

    expect(scripts.length).toBeGreaterThan(before);
    expect(scripts.some((path) => path.includes('markdown-parser'))).toBe(false);
  });

  test('loads the post checks (and Zod) at the first change, not with the page, and still checks at Publish', async ({
    newPage,
    serverURL,
  }) => {
    const user = await createUser(serverURL, 'Checked');
    const page = await newPage({ viewport: DESKTOP });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await signInAs(page, user);
    await page.goto('/addblog');
    await hydrated(page);
    await expect(page.locator('.block-editor__body[contenteditable="true"]')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((path) => path.includes('post-rules'))).toEqual([]);

    await page.getByLabel('Title', { exact: true }).fill('A');
    await expect.poll(() => scripts.some((path) => path.includes('post-rules'))).toBe(true);
    await page.getByLabel('Title', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByText('Blog content is required').first()).toBeVisible();
  });

  test('says no response came when the checks cannot be fetched at Publish, and sends nothing', async ({
    newPage,
    serverURL,
  }) => {
    const user = await createUser(serverURL, 'Unchecked');
    const page = await newPage({ viewport: DESKTOP });
    await page.route(/\/assets\/post-rules-[^/]*\.js$/, (route) => route.abort());
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/post/blog')
        posts.push(request.url());
    });
    await signInAs(page, user);
    await page.goto('/addblog');
    await hydrated(page);
    await expect(page.locator('.block-editor__body[contenteditable="true"]')).toBeVisible();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByText('No response received from server. Please try again later.')).toBeVisible();
    expect(posts).toEqual([]);
  });

  test('keeps the toolbar on a selection to one row at 375 px, clear of the selected line, for text and for a picture', async ({
    newPage,
    serverURL,
  }) => {
    const { page } = await writer(newPage, serverURL, 'Narrow', { viewport: PHONE });
    await body(page).click();
    for (const line of [
      'First paragraph of the story.',
      'The line being edited here.',
      'And one after it.',
    ]) {
      await page.keyboard.type(line);
      await page.keyboard.press('Enter');
    }
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('End');
    await page.keyboard.press('Shift+Home');
    const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
    await expect(toolbar).toBeVisible();
    await expectOneRowClearOfSelection(page, toolbar, 'button');

    // A picture's fields, alt text and caption, share one row too.
    const png = await sharp({ create: { width: 300, height: 120, channels: 3, background: '#884' } })
      .png()
      .toBuffer();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.evaluate((bytes) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], 'wide.png', { type: 'image/png' }));
      document
        .querySelector('.block-editor__body')
        ?.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
        );
    }, Array.from(png));
    const image = page.locator('.block-editor__body figure img');
    await expect(image).toBeVisible();
    await image.click();
    await expect(toolbar.getByLabel('Alt text')).toBeVisible();
    await expectOneRowClearOfSelection(page, toolbar, 'input');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/editor-toolbar-375.png` });
  });

  test('lines Publish up with the buttons beside it, wide and at 375 px', async ({ newPage, serverURL }) => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { page } = await writer(newPage, serverURL, 'Aligned', { viewport });
      const boxes = await page
        .locator('.editor-actions > button')
        .evaluateAll((buttons) =>
          buttons.map((button) => ({ name: button.textContent, ...button.getBoundingClientRect().toJSON() })),
        );
      expect(boxes.map((found) => found.name)).toEqual(['Preview', 'Save draft', 'Schedule…', 'Publish']);
      for (const found of boxes) {
        expect(found.height, `${viewport.width}px ${found.name}`).toBe(boxes[0]!.height);
        // Buttons on one row share their top and bottom.
        for (const other of boxes.filter(
          (candidate) => candidate.top < found.bottom && candidate.bottom > found.top,
        ))
          expect(other.top, `${viewport.width}px ${found.name} and ${other.name}`).toBe(found.top);
      }
    }
  });

  // One test per screen and scheme: each signs a writer up and runs axe, four times the work
  // of one test in a single 60 s budget when they were one.
  for (const [viewport, colorScheme] of [
    [PHONE, 'dark'],
    [DESKTOP, 'light'],
    [PHONE, 'light'],
    [DESKTOP, 'dark'],
  ] as const) {
    test(`fits a ${viewport.width} px screen in ${colorScheme} and passes axe`, async ({
      newPage,
      serverURL,
    }) => {
      const { page } = await writer(newPage, serverURL, 'Looks', { viewport, colorScheme, bypassCSP: true });
      await page.getByLabel('Title', { exact: true }).fill('How the page looks');
      await body(page).click();
      await page.keyboard.type('## Section');
      await page.keyboard.press('Enter');
      await page.keyboard.type('A paragraph with **bold** words that wraps on a narrow phone screen nicely.');
      await expectNoHorizontalScroll(page, viewport.width);
      if (SHOTS) {
        await page.screenshot({
          path: `${SHOTS}/editor-${viewport.width}-${colorScheme}.png`,
          fullPage: true,
        });
      }
      expect(await axeViolations(page), `${colorScheme} ${viewport.width}px`).toEqual([]);
    });
  }
});
