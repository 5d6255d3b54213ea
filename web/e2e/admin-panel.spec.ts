// Admin Panel against the real portal: the twelve lists and the pendency limits; add, edit, delete a district.
import { clickControl, expect, expectAccessible, signIn, snap, test } from './fixtures';

test.describe('admin panel', () => {
  test('an administrator adds, edits and deletes a district', async ({ page }) => {
    // A long journey with accessibility scans and screenshots on a shared machine.
    test.setTimeout(120_000);
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('navigation', { name: 'Main navigation', exact: true }).getByRole('link', { name: 'Admin Panel' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
    const tabs = page.getByRole('tablist', { name: 'Admin lists' }).getByRole('tab');
    await expect(tabs).toHaveCount(14);
    await expect(tabs.nth(12)).toHaveText('Pendency Limits');
    await expect(tabs.last()).toHaveText('Statutory Clocks');
    await expect(page.getByRole('tab', { name: 'Current Positions' })).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'admin-categories');

    await page.getByRole('tab', { name: 'Districts' }).click();
    await expect(page).toHaveURL(/\/admin\?list=districts$/);
    const table = page.getByRole('table', { name: 'Districts' });
    await expect(table.getByRole('row').filter({ hasText: 'Central District' })).toContainText('Active');

    await page.getByRole('button', { name: 'Add New District' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New District' });
    await expect(dialog.getByLabel('Display Order')).toHaveValue('0');
    await dialog.getByRole('button', { name: 'Add Item' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await dialog.getByLabel('Name').fill('Harbour District');
    await dialog.getByLabel('Description').fill('Port and coastal police stations');
    await dialog.getByLabel('Display Order').fill('90');
    await expectAccessible(page);
    await snap(page, 'admin-add-dialog');
    await dialog.getByRole('button', { name: 'Add Item' }).click();
    await expect(dialog).toBeHidden();
    const row = table.getByRole('row').filter({ hasText: 'Harbour District' });
    await expect(row).toContainText('Port and coastal police stations');
    await expect(row).toContainText('90');
    await expect(row).toContainText('Active');
    await expectAccessible(page);
    await snap(page, 'admin-districts');

    await row.getByRole('button', { name: 'Edit Harbour District' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit District' });
    await edit.getByLabel('Name').fill('Harbour District (Coastal)');
    await clickControl(edit.getByRole('switch', { name: 'Active' }));
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();
    const edited = table.getByRole('row').filter({ hasText: 'Harbour District (Coastal)' });
    await expect(edited).toContainText('Inactive');

    await edited.getByRole('button', { name: 'Delete Harbour District (Coastal)' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete District' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(table.getByRole('row').filter({ hasText: 'Harbour District' })).toHaveCount(0);
    await expect(page.getByText('Harbour District (Coastal) deleted.')).toBeVisible();
  });

  test('the tabs are reachable with the arrow keys', async ({ page }) => {
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/admin?list=reasons');
    const reasons = page.getByRole('tab', { name: 'Reasons' });
    await expect(reasons).toHaveAttribute('aria-selected', 'true');
    await reasons.focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Actions' })).toBeFocused();
    await expect(page.getByRole('heading', { level: 2, name: 'Actions' })).toBeVisible();
  });
});
