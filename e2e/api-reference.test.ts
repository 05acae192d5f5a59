import { expect, PHONE, test } from './support/fixtures';

test.describe('the API reference', () => {
  test('runs under the site policy from its own files and lists the API', async ({ newPage, serverURL }) => {
    // No bypassCSP: a script or style the policy refused would be a console error, which fails the test.
    const page = await newPage({ viewport: PHONE });
    const outside: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(serverURL)) outside.push(request.url());
    });
    // The frame's own goto: page.goto also waits for the web app, which this page is not.
    await page.mainFrame().goto(`${serverURL}/api/docs`);
    // Swagger UI parses 1.5 MB of script, then the server builds the OpenAPI document on its first
    // request: on two busy cores that alone has taken more than the usual ten seconds.
    await expect(page.getByRole('heading', { name: /Inkwell API/ })).toBeVisible({ timeout: 30_000 });
    // Every section the document names is listed, closed; a reader opens the one they need.
    const document = (await (await fetch(`${serverURL}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    const tags = new Set(
      Object.values(document.paths).flatMap((path) =>
        Object.values(path).flatMap((route) => route.tags ?? []),
      ),
    );
    expect(tags.size).toBeGreaterThan(10);
    await expect(page.locator('.opblock-tag')).toHaveCount(tags.size);
    await page.getByRole('link', { name: 'Posts', exact: true }).click();
    await expect(page.getByText('/api/post/blog/all', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'API keys', exact: true }).click();
    await expect(page.getByText('/api/user/keys', { exact: true }).first()).toBeVisible();
    expect(outside).toEqual([]);
  });
});
