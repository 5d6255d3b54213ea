// Shared test fixtures: the server's address, a console-error watch, sign-in,
// screenshots at both widths and an accessibility check.
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Download, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN } from './admin';
import { startPortal, type PortalServer } from './portal-server';

const artifacts = join(dirname(fileURLToPath(import.meta.url)), '..', 'e2e-artifacts');

// A refused sign-in or an ended session is a 401 the browser logs by itself.
const EXPECTED_CONSOLE = [/Failed to load resource: the server responded with a status of 401/];

export const test = base.extend<{ consoleErrors: string[]; allowedConsole: RegExp[] }, { portal: PortalServer }>({
  // Each worker has a portal of its own, with its own data: the specs run side by side
  // without seeing each other's changes (a password changed, a role enrolled in 2FA).
  portal: [
    async ({}, use, workerInfo) => {
      const portal = await startPortal({ logName: `portal-server-${workerInfo.workerIndex}.log` });
      await use(portal);
      await portal.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ portal }, use) => {
    await use(portal.baseURL);
  },
  // Console errors a test provokes on purpose (a 404 or 409 it asks for), set with test.use().
  allowedConsole: [[], { option: true }],
  consoleErrors: [
    async ({ page, allowedConsole }, use) => {
      const errors: string[] = [];
      const expected = [...EXPECTED_CONSOLE, ...allowedConsole];
      page.on('console', (message) => {
        if (message.type() === 'error' && !expected.some((re) => re.test(message.text()))) {
          errors.push(message.text());
        }
      });
      page.on('pageerror', (error) => errors.push(String(error)));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export async function signIn(page: Page, password: string = ADMIN.password) {
  await signInAs(page, ADMIN.email, password);
}

/** Signs in through the login form as anyone. */
export async function signInAs(page: Page, email: string, password: string) {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Where a test's picture goes: web/e2e-artifacts/NAME. */
export function artifactPath(name: string): string {
  mkdirSync(artifacts, { recursive: true });
  return join(artifacts, name);
}

/** Saves full-page screenshots of the current screen at 1280 px and 390 px wide. */
export async function snap(page: Page, name: string) {
  mkdirSync(artifacts, { recursive: true });
  const original = page.viewportSize() ?? { width: 1280, height: 800 };
  // From the top: a scrolled page would draw the sticky top bar part-way down.
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(100);
    await page.screenshot({ path: join(artifacts, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(original);
}

/**
 * Fails on any serious or critical axe violation, on the screen as it settles: a colour still
 * in transition (a toggle just pressed) would be measured halfway, and its contrast with it.
 */
export async function expectAccessible(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        // A paused or endless one (a spinner) never finishes.
        .filter((animation) => animation.playState === 'running' && Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad, 'serious/critical accessibility violations').toEqual([]);
}

/** The API as the seeded administrator, for arranging data a test needs. */
export async function adminApi(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: { email: ADMIN.email, password: ADMIN.password } });
  expect(login.ok(), 'admin API sign-in').toBe(true);
  const { token } = (await login.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  return {
    get: (path: string) => request.get(`/api${path}`, { headers }),
    post: (path: string, data: unknown) => request.post(`/api${path}`, { headers, data }),
    put: (path: string, data: unknown) => request.put(`/api${path}`, { headers, data }),
    delete: (path: string) => request.delete(`/api${path}`, { headers }),
  };
}

/**
 * A grievance as the API files it: a pending, high-priority case at City Kotwali, Central
 * District, with no officers, as `fields` change it.
 */
export function caseBody<T extends Record<string, unknown>>(fields: T) {
  return {
    district: 'Central District',
    police_station: 'City Kotwali',
    status: 'Pending',
    priority: 'High',
    put_in_court: false,
    cross_case: false,
    investigation_officers: [],
    ...fields,
  };
}

/** The id of the role named `name`, creating it with `permissions` when missing. */
export async function ensureRole(request: APIRequestContext, name: string, permissions: unknown[]): Promise<number> {
  const api = await adminApi(request);
  const roles = (await (await api.get('/roles')).json()) as { data: { id: number; name: string }[] };
  const found = roles.data.find((role) => role.name === name);
  if (found) return found.id;
  const created = await api.post('/roles', { name, description: `${name} (e2e)`, permissions });
  expect(created.status(), `create role ${name}`).toBe(201);
  return ((await created.json()) as { data: { id: number } }).data.id;
}

/**
 * Clicks a checkbox or switch the way a person does: on its label. Amplify
 * hides the real input visually and draws the control inside the label.
 */
export async function clickControl(control: Locator) {
  const wrapping = control.locator('xpath=ancestor::label[1]');
  if ((await wrapping.count()) > 0) {
    await wrapping.click();
    return;
  }
  const id = await control.getAttribute('id');
  await control.page().locator(`label[for="${id}"]`).click();
}

/** The first download any window of the page's context starts (an export opens in a new window). */
export function nextDownload(page: Page): Promise<Download> {
  return new Promise((resolve) => {
    page.on('download', resolve);
    page.context().on('page', (opened) => opened.on('download', resolve));
  });
}
