// Role Management against the real portal: add, edit, delete; the Admin role stays.
import { clickControl, expect, expectAccessible, signIn, snap, test } from './fixtures';

test.describe('role management', () => {
  test('an administrator adds, edits and deletes a role', async ({ page }) => {
    // A long journey with accessibility scans and screenshots on a shared machine.
    test.setTimeout(120_000);
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('navigation', { name: 'Main navigation', exact: true }).getByRole('link', { name: 'Role Management' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Role Management' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Roles' });
    await expect(table.getByRole('row').filter({ hasText: 'Admin' }).first()).toContainText('7 resources');

    await page.getByRole('button', { name: 'Add New Role' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Role' });
    await dialog.getByRole('button', { name: 'Add Role' }).click();
    await expect(dialog.getByText('Role name is required')).toBeVisible();
    await dialog.getByLabel('Role Name').fill('Records Clerk');
    await dialog.getByLabel('Description').fill('Keeps the grievance register');
    await clickControl(dialog.getByRole('checkbox', { name: 'Create Grievances' }));
    await clickControl(dialog.getByRole('checkbox', { name: 'Read Grievances' }));
    await clickControl(dialog.getByRole('checkbox', { name: 'Read Reports' }));
    await expect(dialog.getByRole('checkbox', { name: 'Read Grievances' })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'Read Reports' })).toBeChecked();
    // A new role sees its own cases only until given a wider grievance scope.
    const scope = dialog.getByLabel('Grievance scope');
    await expect(scope).toHaveValue('own');
    await expect(scope.getByRole('option')).toHaveText(['Own cases only', 'Their posting (station, district or range)', 'View All Grievances (the whole state)']);
    await expectAccessible(page);
    await snap(page, 'roles-add-dialog');
    await dialog.getByRole('button', { name: 'Add Role' }).click();
    await expect(dialog).toBeHidden();

    const row = table.getByRole('row').filter({ hasText: 'Records Clerk' });
    await expect(row).toContainText('Keeps the grievance register');
    await expect(row).toContainText('2 resources • 3 actions');
    await expect(row.getByRole('listitem')).toHaveText(['Grievances: Create, Read', 'Reports: Read']);
    await expectAccessible(page);
    await snap(page, 'roles-list');

    await row.getByRole('button', { name: 'Edit Records Clerk' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Role: Records Clerk' });
    await expect(edit.getByRole('checkbox', { name: 'Read Reports' })).toBeChecked();
    await clickControl(edit.getByRole('checkbox', { name: 'Update Grievances' }));
    await edit.getByLabel('Grievance scope').selectOption({ label: 'View All Grievances (the whole state)' });
    await clickControl(edit.getByRole('checkbox', { name: 'Read Reports' }));
    await expect(edit.getByRole('checkbox', { name: 'Read Reports' })).not.toBeChecked();
    await expect(edit.getByLabel('Grievance scope')).toHaveValue('state');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText('1 resource • 4 actions');
    await expect(row.getByRole('listitem')).toHaveText(['Grievances: Create, Read, Update, Whole state']);

    await row.getByRole('button', { name: 'Delete Records Clerk' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Role' });
    await expect(confirm).toContainText('Delete the role Records Clerk?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(table.getByRole('row').filter({ hasText: 'Records Clerk' })).toHaveCount(0);
  });

  test("the Admin role's Delete is disabled and says 'Cannot delete the Admin role' for 3 s", async ({ page }) => {
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/roles');
    const button = page.getByRole('button', { name: 'Delete Admin' });
    await expect(button).toBeDisabled();
    await button.click({ force: true });
    const message = page.getByText('Cannot delete the Admin role');
    await expect(message).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expectAccessible(page);
    await snap(page, 'roles-admin-delete');
    await expect(message).toBeHidden({ timeout: 5_000 });
  });
});
