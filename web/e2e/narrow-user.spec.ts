// A user whose role may only read users: no write buttons, no admin screens.
import { adminApi, ensureRole, expect, expectAccessible, signInAs, snap, test } from './fixtures';

const VIEWER = { name: 'Nina Viewer', email: 'nina.viewer@e2e.test', password: 'Nina-Pass-1' };

test.describe('a user with only users read', () => {
  test.beforeAll(async ({ request }) => {
    const roleId = await ensureRole(request, 'User Viewer', [
      { resource: 'users', can_create: false, can_read: true, can_view_all: false, can_update: false, can_delete: false },
    ]);
    const api = await adminApi(request);
    const created = await api.post('/users', {
      ...VIEWER,
      phone: null,
      department: 'Crime Branch',
      designation: 'Inspector',
      role_id: roleId,
      status: 'active',
    });
    expect([201, 409]).toContain(created.status());
  });

  test('sees the user list without Add User, Edit or Delete', async ({ page }) => {
    await signInAs(page, VIEWER.email, VIEWER.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    const nav = page.getByRole('navigation', { name: 'Main navigation', exact: true });
    await expect(nav.getByRole('link', { name: 'User Management' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Role Management' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Trash' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);

    await nav.getByRole('link', { name: 'User Management' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: VIEWER.email })).toContainText('User Viewer');
    await expect(page.getByRole('button', { name: 'Add User' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Reset Password/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
    await expect(page.getByText('No actions available').first()).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'users-narrow');
  });

  test('is sent to the dashboard from Role Management and the Admin Panel', async ({ page }) => {
    await signInAs(page, VIEWER.email, VIEWER.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/roles');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });
});
