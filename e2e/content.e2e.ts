import { expect, test } from '@playwright/test';
import { apiGet, apiSend, apiSession, DEMO_ADMIN, loginAsDemoUser, openRoute } from './support/login';

/**
 * The help centre and the blog in a real browser: guides indexed from content/help at start, an
 * article at its nested path, search with highlighted matches, the glossary behind the bond
 * table's header tooltips, a closable banner remembered in the preferences.
 */
test.describe('help centre', () => {
  test.setTimeout(120_000);

  test('read a guide, search, follow a result and see the glossary as a column tooltip', async ({ page, context }) => {
    const user = await loginAsDemoUser(context);
    const prefsPath = `/v2/user/${user.userId}/preferences`;
    const before = await apiGet<{ preferences: Record<string, unknown> }>(user, prefsPath);
    try {
      await openRoute(page, '/bw/help/guides');
      await expect(page.getByTestId('help-guides')).toBeVisible({ timeout: 30_000 });
      await page.getByRole('link', { name: 'Bond table', exact: true }).click();
      await expect(page.getByTestId('help-article-title')).toHaveText('Bond table');
      expect(page.url()).toContain('#/bw/help/guides/bond-table');
      await expect(page.getByTestId('help-article-body').getByRole('heading', { name: 'Columns' })).toBeVisible();

      await page.getByTestId('help-search').fill('"yield to worst"');
      const results = page.getByTestId('help-search-results');
      await expect(results.locator('mark').first()).toBeVisible();
      await results.getByRole('link', { name: 'Glossary of bond-table columns' }).click();
      await expect(page.getByTestId('help-article-title')).toHaveText('Glossary of bond-table columns');
      await expect(page.getByTestId('help-article-body')).toContainText('The minimum of the yield to maturity');

      await openRoute(page, '/bw/help/workflows');
      await expect(page.getByTestId('help-workflows')).toContainText('Read fair value and concession');

      await openRoute(page, '/bw/bond');
      const banner = page.getByTestId('help-banner-bond-table');
      await expect(banner).toBeVisible({ timeout: 30_000 });
      await page.locator('.ag-header-cell[col-id="yieldToWorst"] .ag-header-cell-label').hover();
      await expect(page.locator('.ag-tooltip')).toContainText('the lower of the yield to maturity and every yield to call');
      await expect(page.locator('.ag-tooltip')).toContainText('Unit: % per year');

      await banner.getByRole('button', { name: 'Close this tip' }).click();
      await expect(banner).toBeHidden();
      await expect
        .poll(
          async () =>
            (await apiGet<{ preferences: { help?: { bannersClosed?: string[] } } }>(user, prefsPath)).preferences.help?.bannersClosed,
        )
        .toContain('bond-table');
      await page.reload();
      await expect(page.getByTestId('bond-table-page')).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('.ag-header-cell[col-id="yieldToWorst"]')).toBeVisible({ timeout: 30_000 });
      await expect(banner).toBeHidden();
    } finally {
      await apiSend(user, 'PUT', prefsPath, { preferences: before.preferences });
    }
  });
});

test.describe('blog', () => {
  test.setTimeout(120_000);

  test('an admin writes a post with hostile Markdown, a reader opens its share link and finds it by search', async ({
    page,
    context,
    browser,
  }) => {
    await loginAsDemoUser(context, undefined, DEMO_ADMIN);
    await openRoute(page, '/bw/blog');
    await page.getByTestId('blog-new').click({ timeout: 30_000 });
    await page.getByTestId('blog-title').fill('Curve steepeners in financials');
    await page.getByTestId('blog-tags').fill('financials');
    await page.getByTestId('blog-tags').press('Enter');
    await page
      .getByTestId('blog-markdown')
      .fill('## Why now\n\nBanks **steepened** 10s30s.\n\n<script>window.__pwned = 1</script>\n\n[trap](javascript:window.__pwned=2)');
    await page.getByTestId('blog-status').click();
    await page.getByRole('option', { name: 'Published' }).click();
    await page.getByTestId('blog-save').click();

    await expect(page.getByTestId('blog-post-title')).toHaveText('Curve steepeners in financials');
    expect(page.url()).toContain('#/bw/blog/post/curve-steepeners-in-financials');
    const body = page.getByTestId('blog-post-body');
    await expect(body.getByRole('heading', { name: 'Why now' })).toBeVisible();
    await expect(body.locator('strong')).toHaveText('steepened');
    await expect(body).toContainText('<script>window.__pwned = 1</script>'); // shown as text, never run
    expect(await body.locator('script').count()).toBe(0);
    expect(await body.locator('a[href^="javascript"]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    const shareUrl = await page.getByTestId('blog-share').getAttribute('data-share-url');
    expect(shareUrl).toMatch(/\/app\/#\/bw\/blog\/post\/\d+$/);
    // The post page loads its editor only when the author edits: it opens there and saves.
    await page.getByTestId('blog-edit').click();
    await page.getByTestId('blog-editor').getByLabel('Summary').fill('Why banks steepen now.');
    await page.getByTestId('blog-save').click();
    await expect(page.getByTestId('blog-editor')).toHaveCount(0);
    await expect(page.getByTestId('blog-post-title')).toHaveText('Curve steepeners in financials');

    const readerContext = await browser.newContext();
    try {
      await loginAsDemoUser(readerContext);
      const reader = await readerContext.newPage();
      await reader.goto(shareUrl!);
      await expect(reader.getByTestId('blog-post-title')).toHaveText('Curve steepeners in financials', { timeout: 30_000 });
      await expect(reader.getByTestId('blog-edit')).toHaveCount(0);
      await openRoute(reader, '/bw/blog');
      await reader.getByTestId('blog-search').fill('steepened banks');
      await expect(reader.getByTestId('blog-post-card')).toHaveCount(1);
      await reader.getByRole('link', { name: 'Curve steepeners in financials' }).click();
      await expect(reader.getByTestId('blog-post-body')).toContainText('10s30s');
    } finally {
      await readerContext.close();
    }
  });
});

test.describe('blog post page', () => {
  test.setTimeout(120_000);

  test("the post shows before the session's user info answers; with the blog switched off the server's refusal is shown", async ({
    browser,
  }) => {
    const admin = await apiSession(DEMO_ADMIN);
    const post = await apiSend<{ slug: string }>(admin, 'POST', '/v2/blog/posts', {
      title: `Read early ${Date.now()}`,
      summary: 'Shown as soon as the server answers it.',
      markdown: '## Early\n\nRead before the user info came back.',
      tags: ['e2e'],
      status: 'published',
    });
    const context = await browser.newContext();
    const reader = await loginAsDemoUser(context);
    try {
      const page = await context.newPage();
      // The user info (features) is held back until the post is on screen: the server has
      // already decided the feature by answering the post, so the page need not wait for it.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(`**/v2/user/${reader.userId}`, async (route) => {
        await held;
        await route.continue();
      });
      await openRoute(page, `/bw/blog/post/${post.slug}`);
      await expect(page.getByTestId('blog-post-body')).toContainText('Read before the user info came back.', { timeout: 30_000 });
      release();

      await apiSend(admin, 'PUT', `/admin/features/blog/users/${reader.userId}`, { level: 0 });
      // The server applies a feature change within its entitlement cache's 5 s: reopen until it does.
      const fresh = await context.newPage();
      await expect
        .poll(
          async () => {
            await openRoute(fresh, `/bw/blog/post/${post.slug}`);
            await fresh.reload();
            return (
              (await fresh
                .getByTestId('feature-unavailable')
                .or(fresh.getByTestId('blog-post-body'))
                .first()
                .getAttribute('data-testid', { timeout: 30_000 })) ?? ''
            );
          },
          { timeout: 60_000 },
        )
        .toBe('feature-unavailable');
      await expect(fresh.getByTestId('blog-post-body')).toHaveCount(0);
    } finally {
      await apiSend(admin, 'PUT', `/admin/features/blog/users/${reader.userId}`, { level: null });
      await context.close();
    }
  });
});

test.describe('platform commentary', () => {
  test.setTimeout(120_000);

  test('an admin publishes a note that a user reads on the market summary', async ({ page, context, browser }) => {
    await loginAsDemoUser(context, undefined, DEMO_ADMIN);
    await openRoute(page, '/bw/admin/platform-commentary');
    await page.getByTestId('commentary-headline').fill('Financials lead the rally', { timeout: 30_000 });
    await page.getByTestId('commentary-markdown').fill('Bank spreads **3bp tighter** on the open.');
    await page.getByTestId('commentary-save').click();
    await expect(page.getByTestId('commentary-item').first()).toContainText('Financials lead the rally');

    const userContext = await browser.newContext();
    try {
      await loginAsDemoUser(userContext);
      const userPage = await userContext.newPage();
      await openRoute(userPage, '/bw/market/summary');
      const panel = userPage.getByTestId('platform-commentary');
      await expect(panel.getByTestId('commentary-latest')).toContainText('Financials lead the rally', { timeout: 30_000 });
      await expect(panel.getByTestId('commentary-body').locator('strong')).toHaveText('3bp tighter');
    } finally {
      await userContext.close();
    }
  });
});

test.describe('media', () => {
  test.setTimeout(120_000);

  test('an uploaded image shows in a post through its signed link; the link tampered or for another file does not open', async ({
    page,
    context,
  }) => {
    const admin = await loginAsDemoUser(context, undefined, DEMO_ADMIN);
    // A real 1×1 PNG, so the browser decodes it.
    const pngBytes = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    await openRoute(page, '/bw/admin/media');
    await expect(page.getByTestId('admin-media-page')).toBeVisible({ timeout: 30_000 });
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('media-upload').click();
    await (await chooser).setFiles({ name: 'spread-chart.png', mimeType: 'image/png', buffer: pngBytes });
    await expect(page.getByTestId('media-item').first()).toContainText('spread-chart.png');
    await expect(page.getByTestId('media-item').first()).toContainText('1×1px');

    const { items } = await apiGet<{ items: Array<{ name: string; path: string; link: string; publicLink: string }> }>(
      admin,
      '/admin/media',
    );
    const image = items.find((i) => i.name === 'spread-chart.png')!;
    const post = await apiSend<{ slug: string }>(admin, 'POST', '/v2/blog/posts', {
      title: 'Chart of the week',
      markdown: `The spread chart:\n\n![spread chart](${image.publicLink})`,
      coverImage: image.publicLink,
      status: 'published',
    });
    await openRoute(page, `/bw/blog/post/${post.slug}`);
    const img = page.getByTestId('blog-post-body').getByRole('img', { name: 'spread chart' });
    await expect(img).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(1);

    const ok = await page.request.get(image.link);
    expect(ok.status()).toBe(200);
    expect(ok.headers()['content-type']).toBe('image/png');
    const token = image.link.split('jwt=')[1]!;
    const tampered = await page.request.get(
      image.link.replace(token, token.slice(0, -2) + (token.at(-2) === 'A' ? 'B' : 'A') + token.at(-1)),
    );
    expect(tampered.status()).toBe(403);
    const otherFile = items.find((i) => i.path !== image.path);
    if (otherFile) expect((await page.request.get(otherFile.link.replace(otherFile.link.split('jwt=')[1]!, token))).status()).toBe(403);
  });
});
