// Role Management against the real portal: add, edit, delete; the Admin role stays.
import { adminApi, clickControl, expect, expectAccessible, signIn, snap, test } from './fixtures';

interface RoleAnswer {
  data: { id: number; name: string; permissions: { resource: string; can_view_identities?: boolean }[] };
}

test.describe('role management', () => {
  test('an administrator adds, edits and deletes a role', async ({ page, request }) => {
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
    // Saved without it ticked, the role does not gain viewing sensitive identities.
    const api = await adminApi(request);
    const saved = ((await (await api.get('/roles')).json()) as { data: RoleAnswer['data'][] }).data.find((role) => role.name === 'Records Clerk')!;
    expect(saved.permissions.find((entry) => entry.resource === 'grievances')).not.toHaveProperty('can_view_identities');

    await row.getByRole('button', { name: 'Delete Records Clerk' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Role' });
    await expect(confirm).toContainText('Delete the role Records Clerk?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(table.getByRole('row').filter({ hasText: 'Records Clerk' })).toHaveCount(0);
  });

  test("a role given 'View sensitive identities' keeps it when saved with an unrelated change", async ({ page, request }) => {
    test.setTimeout(90_000);
    const api = await adminApi(request);
    const grievancesEntry = async (id: number) =>
      ((await (await api.get(`/roles/${id}`)).json()) as RoleAnswer).data.permissions.find((entry) => entry.resource === 'grievances');
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/roles');
    const table = page.getByRole('table', { name: 'Roles' });
    // The Admin role holds it: with it, every action on grievances is full access.
    await expect(table.getByRole('row').filter({ hasText: 'Admin' }).first().getByRole('listitem').first()).toHaveText('Grievances: Full access');

    await page.getByRole('button', { name: 'Add New Role' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Role' });
    await dialog.getByLabel('Role Name').fill('Victim Liaison');
    await clickControl(dialog.getByRole('checkbox', { name: 'Read Grievances' }));
    const reveal = dialog.getByRole('checkbox', { name: 'View sensitive identities' });
    await expect(reveal).not.toBeChecked();
    await expect(reveal).toHaveAccessibleDescription(
      'Reveal, with a stated reason, the identity of a victim the law protects (BNS s.72, POCSO s.23); each reveal is audited.',
    );
    await clickControl(reveal);
    await expect(reveal).toBeChecked();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Add Role' }).click();
    await expect(dialog).toBeHidden();
    const row = table.getByRole('row').filter({ hasText: 'Victim Liaison' });
    await expect(row.getByRole('listitem')).toHaveText(['Grievances: Read, View sensitive identities']);
    await expect(row).toContainText('1 resource • 2 actions');

    const roles = ((await (await api.get('/roles')).json()) as { data: RoleAnswer['data'][] }).data;
    const id = roles.find((role) => role.name === 'Victim Liaison')!.id;
    expect(await grievancesEntry(id)).toMatchObject({ can_read: true, can_view_identities: true });

    // Reopened, it shows the tick; an unrelated change saved keeps it.
    await row.getByRole('button', { name: 'Edit Victim Liaison' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Role: Victim Liaison' });
    await expect(edit.getByRole('checkbox', { name: 'View sensitive identities' })).toBeChecked();
    await expect(edit.getByRole('checkbox', { name: 'Approve closures' })).not.toBeChecked();
    await edit.getByLabel('Description').fill('Liaises with victims and the court');
    await clickControl(edit.getByRole('checkbox', { name: 'Read Reports' }));
    await expectAccessible(page);
    await snap(page, 'roles-view-identities');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText('Liaises with victims and the court');
    await expect(row.getByRole('listitem')).toHaveText(['Grievances: Read, View sensitive identities', 'Reports: Read']);
    expect(await grievancesEntry(id)).toMatchObject({ can_read: true, can_view_identities: true });

    // Untick it and save: it is gone, and the server writes no flag at all.
    await row.getByRole('button', { name: 'Edit Victim Liaison' }).click();
    await clickControl(edit.getByRole('checkbox', { name: 'View sensitive identities' }));
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();
    await expect(row.getByRole('listitem')).toHaveText(['Grievances: Read', 'Reports: Read']);
    expect(await grievancesEntry(id)).not.toHaveProperty('can_view_identities');
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
