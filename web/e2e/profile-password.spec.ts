// A user changes their own password on the Profile screen, through the real UI:
// afterwards the old password is refused and the new one signs in.
import { adminApi, ensureRole, expect, signInAs, test } from './fixtures';

const OLD_PASSWORD = 'Priya-Old-Pass-1';
const NEW_PASSWORD = 'Priya-New-Pass-2';
const USER = { name: 'Priya Changer', email: 'priya.changer@e2e.test' };

// A wrong current password is answered 400, which the browser logs by itself.
test.use({ allowedConsole: [/Failed to load resource: the server responded with a status of 400/] });

test.describe('changing one’s own password', () => {
  test.beforeAll(async ({ request }) => {
    const roleId = await ensureRole(request, 'Password Changer', [
      { resource: 'grievances', can_create: false, can_read: true, can_view_all: false, can_update: false, can_delete: false },
    ]);
    const api = await adminApi(request);
    const created = await api.post('/users', {
      ...USER,
      password: OLD_PASSWORD,
      phone: null,
      department: 'Crime Branch',
      designation: 'Sub-Inspector',
      role_id: roleId,
      status: 'active',
    });
    expect(created.status(), 'create the user').toBe(201);
  });

  test('from the Profile screen; the old password stops working, the new one signs in', async ({ page }) => {
    await signInAs(page, USER.email, OLD_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.getByRole('button', { name: `User menu for ${USER.name}` }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await page.getByRole('button', { name: 'Change Password' }).click();

    const form = page.getByRole('form', { name: 'Change password' });
    // The form's own rules first, then the server's check of the current password.
    await form.getByLabel('Current Password').fill(OLD_PASSWORD);
    await form.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel('Confirm New Password').fill(`${NEW_PASSWORD}x`);
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expect(form.getByRole('alert')).toHaveText('New passwords do not match');

    await form.getByLabel('Current Password').fill('not-my-password');
    await form.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expect(form.getByRole('alert')).toHaveText('Current password is incorrect');

    await form.getByLabel('Current Password').fill(OLD_PASSWORD);
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expect(form.getByRole('status')).toHaveText('Password changed successfully!');
    // The form closes by itself a moment later.
    await expect(form).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Change Password' })).toBeVisible();

    // The session that changed the password goes on; sign out of it.
    await page.getByRole('button', { name: `User menu for ${USER.name}` }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();

    await signInAs(page, USER.email, OLD_PASSWORD);
    const refused = page.getByRole('alert');
    await expect(refused).toContainText('Login Failed');
    await expect(refused).toContainText('Invalid email or password');
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await signInAs(page, USER.email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(`Logged in as ${USER.name} (Password Changer)`)).toBeVisible();
  });
});
