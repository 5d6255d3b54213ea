// How the portal hands out the web app: hashed assets compressed at
// build and kept by the browser for a year, index.html checked on every load, a
// missing asset a 404 rather than index.html. The first visit's bytes over the
// wire, for the login page and for the grievance list, are measured and written
// to the test's output: on a portal of its own holding a full page of typical cases, so the
// figure does not depend on what the other specs happened to file before it.
import type { Page } from '@playwright/test';
import { ADMIN } from './admin';
import { adminApi, expect, signIn, test } from './fixtures';
import { startPortal, type PortalServer } from './portal-server';

/** The list's first page: fifty FIRs as a station files them, with sections and a brief. */
const PAGE = 50;
const typicalCase = (n: number) => ({
  fir_no: `WD-${n}/2026`,
  fir_date: '2026-03-02',
  section_and_act: n % 3 === 0 ? '64 BNS' : '303(2) BNS',
  sections: [{ act: 'BNS', section: n % 3 === 0 ? '64' : '303(2)' }],
  crime_title: n % 3 === 0 ? 'Other' : 'Theft',
  district: 'Central District',
  police_station: 'City Kotwali',
  status: 'Pending',
  priority: 'High',
  investigation_officers: [{ officer_name: 'SI Meena Rao', from_date: '2026-03-03', to_date: null, findings: 'Statements recorded; CCTV footage sought from the market association.' }],
  brief_details: 'The informant reported that the accused entered the house at night and took jewellery and cash kept in the almirah; neighbours heard the gate and saw two men leave on a motorcycle.',
});

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

  // The API's JSON is gzipped for a client that accepts it, and plain for one that does not.
  const login = await request.post('/api/auth/login', { data: { email: ADMIN.email, password: ADMIN.password } });
  const { token } = (await login.json()) as { token: string };
  const lists = (encoding: string) => request.get('/api/admin/dropdowns/police_stations', { headers: { Authorization: `Bearer ${token}`, 'accept-encoding': encoding } });
  const zipped = await lists('gzip');
  expect(zipped.headers()['content-encoding']).toBe('gzip');
  const unzipped = await lists('identity');
  expect(unzipped.headers()['content-encoding']).toBeUndefined();
  expect(await zipped.json()).toEqual(await unzipped.json());
});

// A worker fixture: this test runs in a worker of its own, whose end stops the portal.
const fullPage = test.extend<object, { fullPagePortal: PortalServer }>({
  fullPagePortal: [
    async ({}, use) => {
      const portal = await startPortal({ logName: 'portal-server-web-delivery.log' });
      await use(portal);
      await portal.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ fullPagePortal }, use) => {
    await use(fullPagePortal.baseURL);
  },
});

fullPage('first visit: bytes over the wire for the login page and the grievance list', async ({ page, request }, testInfo) => {
  const api = await adminApi(request);
  for (let n = 1; n <= PAGE; n += 1) {
    const filed = await api.post('/grievances', typicalCase(n));
    expect(filed.status(), `case ${n} filed`).toBe(201);
  }
  const login = await bytesOverTheWire(page, async () => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await page.waitForLoadState('networkidle');
  });
  await signIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  const list = await bytesOverTheWire(page, async () => {
    await page.goto('/grievances');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('WD-1/2026', { exact: true })).toBeVisible();
    await page.waitForLoadState('networkidle');
  });
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const line = `first visit over the wire: login page ${kb(login)}, grievance list ${kb(list)}`;
  console.log(line);
  testInfo.annotations.push({ type: 'bytes', description: line });
  // Compressed, the login page is far below the 850 KB an uncompressed first visit took.
  expect(login).toBeLessThan(250 * 1024);
  // A full page of fifty cases: their JSON gzipped is a few KB of it.
  expect(list).toBeLessThan(300 * 1024);
});
