// In-app notifications against the real portal: the administrator adds an officer who
// reads their own grievances and assigns them one through the API. The officer signs
// in; once the portal's notifier has run (every few seconds) the bell says '1 unread'.
// Its panel words the assignment, following it opens the grievance and marks it read,
// and the count drops to 0, on the bell and on the server. The Notifications screen
// lists it, read.
import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN } from './admin';
import { adminApi, ensureRole, expect, expectAccessible, signInAs, snap, test } from './fixtures';

// Specs share one portal: names no other spec (or earlier run) uses.
const stamp = Date.now().toString(36).toUpperCase();
const OFFICER = { name: 'Naveen Notified', email: `naveen.${stamp.toLowerCase()}@e2e.test`, password: 'Naveen-Pass-1' };
const FIR = `NOTIFY-${stamp}`;

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
const panel = (page: Page) => page.getByRole('region', { name: 'Notifications', exact: true });

interface Filed {
  id: number;
  grievance_number: string;
}

/** The API as `user`. */
async function apiAs(request: APIRequestContext, user: { email: string; password: string }) {
  const login = await request.post('/api/auth/login', { data: { email: user.email, password: user.password } });
  expect(login.ok(), `sign-in of ${user.email}`).toBe(true);
  const headers = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  return { get: (path: string) => request.get(`/api${path}`, { headers }) };
}

test.describe('notifications', () => {
  test('an officer assigned a grievance sees it on the bell, follows it, and the count drops to 0', async ({ page, request }) => {
    // Waits up to 30 s for the notifier, on a shared machine.
    test.setTimeout(180_000);
    let filed: Filed;

    await test.step('the administrator adds the officer and assigns them a grievance', async () => {
      const roleId = await ensureRole(request, 'Notified Reader', [
        { resource: 'grievances', can_create: false, can_read: true, can_view_all: false, can_update: false, can_delete: false },
      ]);
      const api = await adminApi(request);
      const created = await api.post('/users', {
        ...OFFICER,
        phone: null,
        department: 'Crime Branch',
        designation: 'Sub-Inspector',
        role_id: roleId,
        status: 'active',
      });
      expect(created.status(), `add ${OFFICER.email}`).toBe(201);
      const officerId = ((await created.json()) as { data: { id: number } }).data.id;

      const grievance = await api.post('/grievances', {
        fir_no: FIR,
        fir_date: '2025-03-01',
        section_and_act: '420 IPC',
        crime_title: 'Cheating and Fraud',
        district: 'Central District',
        police_station: 'City Kotwali',
        status: 'Pending',
        priority: 'High',
        put_in_court: false,
        cross_case: false,
        investigation_officers: [],
        brief_details: 'Money taken for a job that did not exist.',
      });
      expect(grievance.status(), `file ${FIR}`).toBe(201);
      filed = ((await grievance.json()) as { data: Filed }).data;

      const assigned = await api.put(`/grievances/${filed.id}/assign`, { user_id: officerId });
      expect(assigned.status(), 'assign').toBe(200);
    });

    await test.step("the officer signs in and the bell says '1 unread'", async () => {
      await signInAs(page, OFFICER.email, OFFICER.password);
      await expect(page).toHaveURL(/\/dashboard$/);
      // The notifier runs every few seconds; the bell asks every 30 s, a reload at once.
      await expect(async () => {
        await page.reload();
        await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 3_000 });
      }).toPass({ timeout: 30_000, intervals: [1_000, 2_000, 3_000] });
      await expect(bell(page)).toHaveText('1');
      await expect(bell(page)).toHaveAttribute('aria-expanded', 'false');
      await expectAccessible(page);
      await snap(page, 'notifications-bell');
    });

    await test.step('the panel words the assignment, at both widths', async () => {
      await bell(page).click();
      await expect(bell(page)).toHaveAttribute('aria-expanded', 'true');
      const link = panel(page).getByRole('link', { name: `Unread: ${ADMIN.name} assigned grievance ${filed.grievance_number} to you.` });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', `/grievances/${filed.id}`);
      await expect(panel(page).getByRole('button', { name: 'Mark all as read' })).toBeVisible();
      await expect(panel(page).getByRole('link', { name: 'See all notifications' })).toBeVisible();
      await expectAccessible(page);
      await snap(page, 'notifications-panel');

      // On a phone the panel stays on the screen, the bell beside the user menu.
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(link).toBeVisible();
      const box = await panel(page).boundingBox();
      expect(box, 'the panel at 390 px').not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      await expect(page.getByRole('button', { name: `User menu for ${OFFICER.name}` })).toBeVisible();
      await expectAccessible(page);
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    await test.step('following it opens the grievance, and the count drops to 0', async () => {
      await panel(page).getByRole('link', { name: new RegExp(`assigned grievance ${filed.grievance_number}`) }).click();
      await expect(page).toHaveURL(new RegExp(`/grievances/${filed.id}$`));
      await expect(page.getByRole('heading', { level: 1, name: filed.grievance_number })).toBeVisible();
      await expect(panel(page)).toHaveCount(0);
      await expect(bell(page)).toHaveAccessibleName('Notifications');
      await expect(bell(page)).toHaveText('');
      // The server agrees, and a reload shows it so.
      const api = await apiAs(request, OFFICER);
      expect(await (await api.get('/notifications/unread')).json()).toEqual({ success: true, data: { unread: 0 } });
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: filed.grievance_number })).toBeVisible();
      await expect(bell(page)).toHaveAccessibleName('Notifications');
      await expectAccessible(page);
    });

    await test.step('the Notifications screen lists it, read', async () => {
      await bell(page).click();
      await panel(page).getByRole('link', { name: 'See all notifications' }).click();
      await expect(page).toHaveURL(/\/notifications$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
      const list = page.getByRole('list', { name: 'Notifications' });
      await expect(list.getByRole('link')).toHaveText([`${ADMIN.name} assigned grievance ${filed.grievance_number} to you.`]);
      await expect(page.getByRole('button', { name: 'Mark all as read' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
      await expectAccessible(page);
      await snap(page, 'notifications-page');
    });
  });
});
