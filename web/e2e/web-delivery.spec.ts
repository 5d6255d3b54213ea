// How the portal hands out the web app: hashed assets compressed at
// build and kept by the browser for a year, index.html checked on every load, a
// missing asset a 404 rather than index.html. The first visit's bytes over the
// wire, for the login page and for the grievance list, are measured and written
// to the test's output.
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

/** Bytes received over the network (headers and compressed bodies) while `step` runs. */
async function bytesOverTheWire(page: Page, step: () => Promise<void>): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  let total = 0;
  cdp.on('Network.loadingFinished', (event) => {
    total += event.encodedDataLength;
  });
  await step();
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  await cdp.detach();
  return total;
}

test('assets are compressed and cached for a year; index.html is revalidated', async ({ page, request }) => {
  await page.goto('/login');
  const entry = await page.locator('script[type="module"][src^="/assets/"]').first().getAttribute('src');
  expect(entry).toBeTruthy();

  const asset = await request.get(entry!, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(asset.status()).toBe(200);
  expect(asset.headers()['content-encoding']).toBe('br');
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const gzip = await request.get(entry!, { headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers()['content-encoding']).toBe('gzip');
  const plain = await request.get(entry!, { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
  expect(await plain.text()).toBe(await asset.text());

  for (const path of ['/', '/grievances/12']) {
    const html = await request.get(path);
    expect(html.headers()['content-type']).toContain('text/html');
    expect(html.headers()['cache-control'], path).toBe('no-cache');
  }
  const missing = await request.get('/assets/no-such-chunk-abc123.js');
  expect(missing.status()).toBe(404);
  expect(missing.headers()['cache-control']).toBe('no-cache');
});

test('first visit: bytes over the wire for the login page and the grievance list', async ({ page }, testInfo) => {
  const login = await bytesOverTheWire(page, async () => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });
  await signIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  const list = await bytesOverTheWire(page, async () => {
    await page.goto('/grievances');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
  });
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const line = `first visit over the wire: login page ${kb(login)}, grievance list ${kb(list)}`;
  console.log(line);
  testInfo.annotations.push({ type: 'bytes', description: line });
  // Compressed, the login page is far below the 850 KB an uncompressed first visit took.
  expect(login).toBeLessThan(250 * 1024);
  expect(list).toBeLessThan(350 * 1024);
});
