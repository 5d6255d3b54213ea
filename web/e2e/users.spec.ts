// User Management against the real portal: add, reset password, edit, delete.
import { ADMIN } from './admin';
import { artifactPath, clickControl, ensureRole, expect, expectAccessible, signIn, snap, test } from './fixtures';

const NEW_USER = { name: 'Meena Rao', email: 'meena.rao@e2e.test', password: 'Meena-Pass-1' };

test.describe('user management', () => {
  test('an administrator adds, resets, edits and deletes a user', async ({ page, request }) => {
    // A long journey with accessibility scans and screenshots on a shared machine.
    test.setTimeout(120_000);
    await ensureRole(request, 'Station Clerk', [
      { resource: 'grievances', can_create: true, can_read: true, can_view_all: false, can_update: false, can_delete: false },
    ]);
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('navigation', { name: 'Main navigation', exact: true }).getByRole('link', { name: 'User Management' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Users' });
    await expect(table.getByRole('row').filter({ hasText: ADMIN.email })).toContainText('Active');

    // Add
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await expect(dialog.getByLabel('Role')).toHaveValue('0');
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await expect(dialog.getByText('Department is required')).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'users-add-dialog');

    await dialog.getByLabel('Name').fill(NEW_USER.name);
    await dialog.getByLabel('Email').fill(NEW_USER.email);
    await dialog.getByLabel('Password', { exact: true }).fill(NEW_USER.password);
    await dialog.getByLabel('Phone').fill('+91 90000 11111');
    await dialog.getByLabel('Department').selectOption('Crime Branch');
    await dialog.getByLabel('Designation').selectOption('Inspector');
    await dialog.getByLabel('Role').selectOption({ label: 'Station Clerk' });
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: `User ${NEW_USER.name} added.` })).toBeVisible();
    const row = table.getByRole('row').filter({ hasText: NEW_USER.email });
    await expect(row).toContainText(NEW_USER.name);
    await expect(row).toContainText('+91 90000 11111');
    await expect(row).toContainText('Crime Branch');
    await expect(row).toContainText('Station Clerk');
    await expect(row).toContainText('Active');
    await expectAccessible(page);
    await snap(page, 'users-list');
    // Found by a word of the department and of the name, kept in the address.
    await page.getByLabel('Search users').fill('crime meena');
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(page).toHaveURL(/\/users\?q=crime\+meena$/);
    await expect(page.getByText(/^1 of \d+ users$/)).toBeVisible();
    await page.getByLabel('Search users').fill('');
    await expect(table.getByRole('row').filter({ hasText: ADMIN.email })).toBeVisible();

    // Reset password
    await row.getByRole('button', { name: `Reset Password for ${NEW_USER.name}` }).click();
    const reset = page.getByRole('dialog', { name: `Reset Password for ${NEW_USER.name}` });
    await reset.getByLabel('New Password').fill('abc');
    await reset.getByRole('button', { name: 'Reset Password' }).click();
    await expect(reset.getByText('Password must be at least 6 characters long')).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'users-reset-dialog');
    await reset.getByLabel('New Password').fill('Meena-Pass-2');
    await reset.getByRole('button', { name: 'Reset Password' }).click();
    await expect(reset).toBeHidden();
    await expect(page.getByText(`Password reset for ${NEW_USER.name}.`)).toBeVisible();
    const login = await request.post('/api/auth/login', { data: { email: NEW_USER.email, password: 'Meena-Pass-2' } });
    expect(login.ok(), 'the new password signs in').toBe(true);

    // Edit
    await row.getByRole('button', { name: `Edit ${NEW_USER.name}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit User: ${NEW_USER.name}` });
    await expect(edit.getByLabel('Password', { exact: true })).toHaveCount(0);
    await expect(edit.getByLabel('Department')).toHaveValue('Crime Branch');
    await edit.getByLabel('Phone').fill('+91 90000 22222');
    await clickControl(edit.getByRole('switch', { name: 'Active' }));
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText('+91 90000 22222');
    await expect(row).toContainText('Inactive');

    // Delete, after a confirm prompt
    await row.getByRole('button', { name: `Delete ${NEW_USER.name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete User' });
    await expect(confirm).toContainText(`Delete the user ${NEW_USER.name} (${NEW_USER.email})?`);
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectAccessible(page);
    await snap(page, 'users-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText(`User ${NEW_USER.name} deleted.`)).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: NEW_USER.email })).toHaveCount(0);
  });

  test('the add dialog works from the keyboard and gives focus back', async ({ page }) => {
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/users');
    const add = page.getByRole('button', { name: 'Add User' });
    await add.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Email')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(add).toBeFocused();
  });

  test('on a phone the table becomes cards and the dialog fits', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/users');
    const row = page.getByRole('row').filter({ hasText: ADMIN.email });
    await expect(row).toBeVisible();
    const box = await row.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    const dialogBox = await dialog.boundingBox();
    expect(dialogBox && dialogBox.x).toBeGreaterThanOrEqual(0);
    expect(dialogBox && dialogBox.x + dialogBox.width).toBeLessThanOrEqual(390);
    await expectAccessible(page);
    await page.screenshot({ path: artifactPath('users-add-dialog-phone-390.png') });
  });
});
