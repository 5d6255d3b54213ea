// The warning before an idle session ends, "Stay signed in", and the sign-out
// when the countdown runs out, against a portal of its own with a short idle timeout.
//
// PORTAL_SESSION_IDLE_MINUTES=1.1 is 66 s on the server, which promises a little less
// (GET /auth/session: it records a session's use only every few seconds). The browser's
// clock is Playwright's: the spec jumps it forward instead of waiting, as a computer waking
// from sleep would, while the server's clock is real and its session never really idles
// (the spec takes seconds); that the server ends idle sessions is the API tests' to show.
import { ADMIN } from './admin';
import { expect, expectAccessible, signIn, snap, test as base } from './fixtures';
import { startPortal, type PortalServer } from './portal-server';

// A worker fixture: this file runs in a worker of its own, whose end stops the portal.
const test = base.extend<object, { sessionPortal: PortalServer }>({
  sessionPortal: [
    async ({}, use) => {
      const portal = await startPortal({ env: { PORTAL_SESSION_IDLE_MINUTES: '1.1' }, logName: 'portal-server-session-timeout.log' });
      await use(portal);
      await portal.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  // Every page and request of this spec talks to that portal.
  baseURL: async ({ sessionPortal }, use) => {
    await use(sessionPortal.baseURL);
  },
});

const isSessionCall = (url: string) => new URL(url).pathname === '/api/auth/session';

test('warns before the idle timeout, keeps the session on request, and signs out when the countdown runs out', async ({ page }) => {
  await page.clock.install();
  const firstTimes = page.waitForResponse((response) => isSessionCall(response.url()));
  await signIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`Welcome back, ${ADMIN.name}!`)).toBeVisible();

  // Asked once signed in: 66 s less what the server may count early, and the 12-hour lifetime.
  const times = await firstTimes;
  expect(times.status()).toBe(200);
  const { idleTimeoutSeconds, expiresAt } = (await times.json()) as { idleTimeoutSeconds: number; expiresAt: number };
  expect(idleTimeoutSeconds).toBeGreaterThanOrEqual(50);
  expect(idleTimeoutSeconds).toBeLessThanOrEqual(66);
  expect(expiresAt * 1000).toBeGreaterThan(Date.now() + 11 * 3_600_000);
  // The warning opens a minute before the end, or half the idle time when that is shorter.
  const warningSeconds = Math.min(60, idleTimeoutSeconds / 2);
  // Into the middle of the warning's time: half of it left after the last request the
  // web app counted (src/api/activity.ts keeps its time).
  const jumpIntoWarning = async () => {
    const [now, last] = await page.evaluate(() => [Date.now(), Number(localStorage.getItem('portal.lastActivity'))]);
    expect(last).toBeGreaterThan(0);
    await page.clock.fastForward(last + (idleTimeoutSeconds - warningSeconds / 2) * 1000 - now);
  };

  const dialog = page.getByRole('alertdialog', { name: 'Your session is about to end' });
  const stay = dialog.getByRole('button', { name: 'Stay signed in' });
  const inactivity = /^You will be signed out in (\d+) seconds? because of inactivity\.$/;
  // The dialog's description: the message with its countdown.
  const secondsShown = async () => {
    const id = await dialog.getAttribute('aria-describedby');
    const text = (await page.locator(`[id="${id}"]`).textContent()) ?? '';
    return Number(inactivity.exec(text)?.[1] ?? NaN);
  };

  // The dashboard's reads end first: each answer moves the last activity on, and one that
  // came after the jump below (on a busy machine) left a second more on the countdown.
  await page.waitForLoadState('networkidle');
  // From here the page's clock moves only when the spec moves it, until the accessibility
  // check: the checks take what time they need without the countdown running out.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2_000);
  await expect(dialog).toBeHidden();
  await jumpIntoWarning();
  await expect(dialog).toBeVisible();
  await expect(stay).toBeFocused();
  await expect(dialog).toHaveAccessibleDescription(inactivity);
  const before = await secondsShown();
  expect(before).toBe(Math.ceil(warningSeconds / 2));
  // It counts down.
  await page.clock.runFor(2_000);
  await expect.poll(secondsShown).toBeLessThan(before);
  await snap(page, 'session-timeout-warning');
  // axe needs the page's timers: from here the clock runs again, with the countdown
  // (about 13 s left, which "Stay signed in" below needs far less than).
  await page.clock.resume();
  await expectAccessible(page);
  await expect(dialog).toBeVisible();

  // "Stay signed in" asks the server, which keeps the session; the warning closes.
  const kept = page.waitForResponse((response) => isSessionCall(response.url()));
  await stay.click();
  expect((await kept).status()).toBe(200);
  await expect(dialog).toBeHidden();

  // It comes back a full idle time later.
  await jumpIntoWarning();
  await expect(dialog).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).not.toBeNull();

  // Left to run out: signed out here and on the server, with the reason on the login page.
  const loggedOut = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/logout');
  await page.clock.runFor(warningSeconds * 1000);
  expect((await loggedOut).status()).toBe(200);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('status').filter({ hasText: 'You were signed out because of inactivity.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  const after = await page.request.get('/api/auth/session', { headers: { Authorization: `Bearer ${token}` } });
  expect(after.status()).toBe(401);
  expect(await after.json()).toMatchObject({ error: 'Your session has ended. Please sign in again.' });
});
