import { describe, expect, it } from 'vitest';
import { PHONE, useBrowser } from './support/browser';
import { visible } from './support/expect-page';

const browser = useBrowser();

describe('the API reference', () => {
  it('runs under the site policy from its own files and lists the API', async () => {
    // No bypassCSP: a script or style the policy refused would be a console error, which fails the test.
    const page = await browser.newPage({ viewport: PHONE });
    const outside: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(browser.baseURL)) outside.push(request.url());
    });
    // The frame's own goto: page.goto also waits for the web app, which this page is not.
    await page.mainFrame().goto(`${browser.baseURL}/api/docs`);
    await visible(page.getByRole('heading', { name: /Inkwell API/ }));
    await visible(page.getByText('/api/post/blog/all', { exact: true }));
    await visible(page.getByText('/api/user/keys', { exact: true }).first());
    expect(outside).toEqual([]);
  });
});
