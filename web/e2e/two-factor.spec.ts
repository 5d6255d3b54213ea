// Two-factor authentication against the real portal: a role that requires it
// holds its user on enrolment; the user scans (here: reads the key off the screen and
// computes the codes with otpauth), keeps the recovery codes, and from then on signs in
// with a code. A wrong code and a replayed code are refused, a recovery code works once,
// and an administrator's reset sends the user back to enrolment. The audit trail has it all.
import { readFileSync } from 'node:fs';
import * as OTPAuth from 'otpauth';
import type { Page } from '@playwright/test';
import { ADMIN } from './admin';
import { adminApi, ensureRole, expect, expectAccessible, signIn, signInAs, snap, test } from './fixtures';

const ROLE = 'Two-Factor Officers';
const USER = { name: 'Tara Singh', email: 'tara.singh@e2e.test', password: 'Tara-Pass-1' };

const INVALID = 'The code is not valid. Check your authenticator app and try again.';
const REUSED = 'This code has already been used. Wait for the next one.';

const PERIOD = 30;

/** The authenticator app of the test: the key shown on screen, RFC 6238 with SHA-1, 6 digits, 30 s. */
function authenticator(secret: string) {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: PERIOD, algorithm: 'SHA1' });
}

/** The 30 s time step of now. */
function stepNow(): number {
  return Math.floor(Date.now() / 1000 / PERIOD);
}

/**
 * The app's code of the current step, once the step has at least `spareMs` left (and is not
 * step `notStep`): the code must still be current by the time the server checks it.
 */
async function currentCode(page: Page, app: OTPAuth.TOTP, spareMs: number, notStep?: number) {
  for (;;) {
    const remaining = app.remaining();
    const step = stepNow();
    if (remaining >= spareMs && step !== notStep) return { code: app.generate(), step };
    await page.waitForTimeout(remaining + 250);
  }
}

/** Six digits that are none of the codes the server accepts now (one step either side). */
function wrongCode(app: OTPAuth.TOTP): string {
  const now = Date.now();
  const valid = new Set([-1, 0, 1].map((k) => app.generate({ timestamp: now + k * PERIOD * 1000 })));
  return ['000000', '111111', '222222', '333333'].find((candidate) => !valid.has(candidate))!;
}

async function signOut(page: Page, name: string) {
  await page.getByRole('button', { name: `User menu for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
}

/** Signs in with the password and expects the code step. */
async function passwordStep(page: Page) {
  await signInAs(page, USER.email, USER.password);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}

async function enterCode(page: Page, code: string, label = 'Authentication code') {
  const form = page.getByRole('form', { name: 'Two-factor sign-in' });
  await form.getByLabel(label).fill(code);
  await form.getByRole('button', { name: 'Verify' }).click();
}

async function expectRefused(page: Page, text: string) {
  await expect(page.getByRole('form', { name: 'Two-factor sign-in' }).getByRole('alert')).toContainText(text);
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
}

async function expectSignedIn(page: Page) {
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`Logged in as ${USER.name} (${ROLE})`)).toBeVisible();
}

/** Enrols on the forced screen; answers the app and the recovery codes. */
async function enrol(page: Page, shots: boolean) {
  await expect(page).toHaveURL(/\/setup-two-factor$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up two-factor authentication' })).toBeVisible();
  await expect(page.getByText('Your role requires two-factor authentication. Set it up to continue.')).toBeVisible();
  // Full screen: no way around it but signing out.
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  const qr = page.getByRole('img', { name: 'QR code to add your Grievance Portal account to an authenticator app' });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);

  const shown = (await page.getByTestId('two-factor-secret').innerText()).trim();
  expect(shown, 'the key in groups of four').toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  const app = authenticator(shown.replace(/\s+/g, ''));
  if (shots) {
    await expectAccessible(page);
    await snap(page, 'two-factor-setup');
  }

  const first = await currentCode(page, app, 8_000);
  await page.getByLabel('Verification code').fill(first.code);
  await page.getByRole('button', { name: 'Verify and turn on' }).click();

  const list = page.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const recovery = (await list.getByRole('listitem').allInnerTexts()).map((code) => code.trim());
  for (const code of recovery) expect(code).toMatch(/^[a-z0-9]{4}-[a-z0-9]{4}$/);
  // The key is gone with the scan step.
  await expect(page.getByTestId('two-factor-secret')).toHaveCount(0);
  return { app, first, recovery };
}

test.describe('two-factor authentication', () => {
  test.beforeAll(async ({ request }) => {
    const api = await adminApi(request);
    const roleId = await ensureRole(request, ROLE, [
      { resource: 'grievances', can_create: true, can_read: true, can_view_all: false, can_update: true, can_delete: false },
      { resource: 'dashboard', can_create: false, can_read: true, can_view_all: false, can_update: false, can_delete: false },
    ]);
    // ensureRole knows nothing of two-factor: require it here (also when the role already existed).
    const role = (await (await api.get('/roles')).json()) as {
      data: { id: number; name: string; description: string; permissions: unknown[] }[];
    };
    const current = role.data.find((r) => r.id === roleId)!;
    const updated = await api.put(`/roles/${roleId}`, {
      name: current.name,
      description: current.description,
      permissions: current.permissions,
      require_two_factor: true,
    });
    expect(updated.ok(), 'require two-factor for the role').toBe(true);
    expect(((await updated.json()) as { data: { require_two_factor: boolean } }).data.require_two_factor).toBe(true);

    const created = await api.post('/users', {
      ...USER,
      phone: null,
      department: 'Crime Branch',
      designation: 'Sub-Inspector',
      role_id: roleId,
      status: 'active',
    });
    expect(created.status(), 'create the user').toBe(201);
  });

  test('enrolment, sign-in with a code, replay and recovery codes, reset by an administrator', async ({ page, request }) => {
    // Codes live 30 s: a journey may wait for the next step once or twice.
    test.setTimeout(240_000);

    // 1. The role requires two-factor: the first sign-in is held on enrolment.
    await signInAs(page, USER.email, USER.password);
    const { app, first, recovery } = await enrol(page, true);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download codes' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('grievance-portal-recovery-codes.txt');
    const text = readFileSync(await file.path(), 'utf8');
    for (const code of recovery) expect(text).toContain(code);
    expect(text).toContain(USER.email);
    await expectAccessible(page);
    await snap(page, 'two-factor-recovery-codes');

    await page.getByRole('button', { name: 'I have saved these codes' }).click();
    await expectSignedIn(page);
    // Nothing holds the user any more.
    await page.goto('/grievances');
    await expect(page).toHaveURL(/\/grievances$/);
    await signOut(page, USER.name);

    // 2. The next sign-in asks for the code; a wrong one is refused with the server's text.
    await passwordStep(page);
    await expectAccessible(page);
    await snap(page, 'two-factor-sign-in');
    await enterCode(page, wrongCode(app));
    await expectRefused(page, INVALID);

    // 3. A code is good once. Replay the enrolment's code while its step lasts; otherwise
    //    sign in with the current code and replay that one in a second sign-in.
    let replayed = false;
    if (stepNow() === first.step) {
      await enterCode(page, first.code);
      await expectRefused(page, REUSED);
      replayed = true;
    }
    // Time enough for a sign-out, a sign-in and the replay within the same step.
    const fresh = await currentCode(page, app, 20_000, first.step);
    await enterCode(page, fresh.code);
    await expectSignedIn(page);
    await signOut(page, USER.name);
    await passwordStep(page);
    if (!replayed) {
      expect(stepNow(), 'still the step of the code just used').toBe(fresh.step);
      await enterCode(page, fresh.code);
      await expectRefused(page, REUSED);
    }

    // 4. A recovery code signs in, once.
    const form = page.getByRole('form', { name: 'Two-factor sign-in' });
    await form.getByRole('button', { name: 'Use a recovery code' }).click();
    await enterCode(page, recovery[0], 'Recovery code');
    await expectSignedIn(page);
    await signOut(page, USER.name);
    await passwordStep(page);
    await form.getByRole('button', { name: 'Use a recovery code' }).click();
    await enterCode(page, recovery[0], 'Recovery code');
    await expectRefused(page, INVALID);

    // 5. An administrator resets the user's two-factor in User Management.
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('navigation', { name: 'Main navigation', exact: true }).getByRole('link', { name: 'User Management' }).click();
    const row = page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: USER.email });
    await row.getByRole('button', { name: `Reset Two-Factor for ${USER.name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Reset Two-Factor' });
    await expect(confirm).toContainText(`Reset two-factor authentication for ${USER.name} (${USER.email})?`);
    await expectAccessible(page);
    await snap(page, 'two-factor-reset-confirm');
    await confirm.getByRole('button', { name: 'Reset Two-Factor' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: `Two-factor authentication reset for ${USER.name}.` })).toBeVisible();
    await expect(row.getByRole('button', { name: `Reset Two-Factor for ${USER.name}` })).toHaveCount(0);
    await signOut(page, ADMIN.name);

    // 6. The user's next sign-in goes to enrolment again, with a new key.
    await signInAs(page, USER.email, USER.password);
    await expect(page).toHaveURL(/\/setup-two-factor$/);
    const again = (await page.getByTestId('two-factor-secret').innerText()).replace(/\s+/g, '');
    expect(again).not.toBe(app.secret.base32);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/$/);

    // 7. The audit trail has the set-up, the refused codes and the reset (the API, one action at a time).
    const api = await adminApi(request);
    type AuditRow = { action: string; user_email: string; action_details?: { subject?: { name?: string } } | null };
    const recordsOf = async (action: string) => {
      const response = await api.get(`/audit/all?action=${action}&limit=100&offset=0`);
      expect(response.ok(), `GET /audit/all?action=${action}`).toBe(true);
      const body = (await response.json()) as AuditRow[] | { data: AuditRow[] };
      const rows = Array.isArray(body) ? body : body.data;
      // The user's own doings name them as the actor; the reset names them as its subject.
      return rows.filter((row) => row.action === action && (row.user_email === USER.email || row.action_details?.subject?.name === USER.email));
    };
    expect(await recordsOf('TWO_FACTOR_ENABLED')).toHaveLength(1);
    // The wrong code, the replayed code and the spent recovery code.
    expect((await recordsOf('TWO_FACTOR_FAILED')).length).toBeGreaterThanOrEqual(3);
    const resets = await recordsOf('TWO_FACTOR_RESET');
    expect(resets).toHaveLength(1);
    expect(resets[0].user_email).toBe(ADMIN.email);
  });
});
