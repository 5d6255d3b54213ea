// Admin Panel against the real portal: the twelve lists and the rules and limits; add, edit, delete a district; a renamed status everywhere it is named.
import { readFile } from 'node:fs/promises';
import { adminApi, clickControl, ensureRole, expect, expectAccessible, nextDownload, signIn, snap, test } from './fixtures';
import { workbookTexts } from './xlsx-text';

test.describe('admin panel', () => {
  test('an administrator adds, edits and deletes a district', async ({ page }) => {
    // A long journey with accessibility scans and screenshots on a shared machine.
    test.setTimeout(120_000);
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('navigation', { name: 'Main navigation', exact: true }).getByRole('link', { name: 'Admin Panel' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
    const lists = page.getByRole('tablist', { name: 'Lists', exact: true }).getByRole('tab');
    await expect(lists).toHaveCount(12);
    await expect(lists.first()).toHaveText('Categories');
    await expect(lists.last()).toHaveText('Designations');
    await expect(page.getByRole('tablist', { name: 'Rules and limits' }).getByRole('tab')).toHaveText([
      'Pendency Limits',
      'Transfer Limit',
      'Trash Retention',
      'Escalation Waits',
      'Statutory Clocks',
    ]);
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
    await dialog.getByLabel('Name', { exact: true }).fill('Harbour District');
    await dialog.getByLabel('Name in Hindi').fill('बंदरगाह ज़िला');
    await dialog.getByLabel('Description').fill('Port and coastal police stations');
    await dialog.getByLabel('Display Order').fill('90');
    await expectAccessible(page);
    await snap(page, 'admin-add-dialog');
    await dialog.getByRole('button', { name: 'Add Item' }).click();
    await expect(dialog).toBeHidden();
    const row = table.getByRole('row').filter({ hasText: 'Harbour District' });
    await expect(row).toContainText('Port and coastal police stations');
    await expect(row).toContainText('बंदरगाह ज़िला');
    await expect(row).toContainText('90');
    await expect(row).toContainText('Active');
    await expectAccessible(page);
    await snap(page, 'admin-districts');

    await row.getByRole('button', { name: 'Edit Harbour District' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit District' });
    await edit.getByLabel('Name', { exact: true }).fill('Harbour District (Coastal)');
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

  test('a renamed status reads by its new name on the dashboard tile, in the list, in a report\'s Excel and in a notification, and by its Hindi name in Hindi', async ({ page, request }) => {
    test.setTimeout(150_000);
    const api = await adminApi(request);
    type Status = { id: number; name: string; description: string; display_order: number };
    const statuses = (await (await api.get('/admin/dropdowns/statuses')).json()) as Status[];
    const status = statuses.find((s) => s.name === 'In Progress')!;
    const stamp = Date.now().toString(36).toUpperCase();
    const fir = `RENAME-${stamp}`;
    const created = await api.post('/grievances', {
      fir_no: fir,
      fir_date: '2025-06-01',
      section_and_act: '379 IPC',
      crime_title: 'Theft',
      district: 'Central District',
      police_station: 'City Kotwali',
      status: 'Pending',
      priority: 'Medium',
      put_in_court: false,
      cross_case: false,
      investigation_officers: [],
      brief_details: 'Bicycle stolen from the railway parking.',
    });
    expect(created.status()).toBe(201);
    const grievance = ((await created.json()) as { data: { id: number; grievance_number: string } }).data;

    // An officer assigned the case sets it In Progress before the rename: the Admin, who
    // filed it, is told, and the notice reads by the status's name at the time it is read.
    const officer = { name: 'Status Officer', email: `status.${stamp.toLowerCase()}@portal.test`, password: 'Status-Officer-1' };
    const roleId = await ensureRole(request, 'Status Setter', [
      { resource: 'grievances', can_create: false, can_read: true, can_view_all: false, can_update: true, can_delete: false },
    ]);
    const added = await api.post('/users', { ...officer, phone: null, department: 'Crime Branch', designation: 'Sub-Inspector', role_id: roleId, status: 'active' });
    expect(added.status()).toBe(201);
    const officerId = ((await added.json()) as { data: { id: number } }).data.id;
    expect((await api.put(`/grievances/${grievance.id}/assign`, { user_id: officerId })).status()).toBe(200);
    const login = await request.post('/api/auth/login', { data: { email: officer.email, password: officer.password } });
    const { token } = (await login.json()) as { token: string };
    const set = await request.put(`/api/grievances/${grievance.id}/status`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { status_id: status.id, notes: 'Statements recorded' },
    });
    expect(set.status()).toBe(200);

    const rename = (name: string, name_hi: string) =>
      api.put(`/admin/dropdowns/statuses/${status.id}`, { name, name_hi, description: status.description, display_order: status.display_order, is_active: true });
    expect((await rename('Under Investigation', 'विवेचनाधीन')).status()).toBe(200);
    try {
      await signIn(page);
      await expect(page).toHaveURL(/\/dashboard$/);
      const tile = page.locator('.stat-tile').filter({ has: page.locator('.tile-label', { hasText: /^Under Investigation$/ }) });
      await expect(tile).toBeVisible();
      await expect(page.getByRole('region', { name: 'Cases by Status' })).toContainText('Under Investigation');
      await tile.click();
      await expect(page).toHaveURL(/\/grievances\?status=Under\+Investigation$/);
      const row = page.getByRole('row').filter({ hasText: fir });
      await expect(row).toContainText('Under Investigation');

      // The notifier runs every few seconds: the notice is there after a reload or two.
      await page.goto('/notifications');
      const notices = page.getByRole('list', { name: 'Notifications' });
      const told = `Status Officer changed the status of grievance ${grievance.grievance_number} to Under Investigation.`;
      await expect(async () => {
        await page.reload();
        await expect(notices).toContainText(told, { timeout: 2_000 });
      }).toPass({ timeout: 60_000 });

      // The pendency report's workbook heads a column with the new name.
      await page.goto('/reports');
      const download = nextDownload(page);
      await page.getByRole('group', { name: 'Export Station-wise pendency' }).getByRole('button', { name: 'Excel' }).click();
      const texts = workbookTexts(await readFile((await (await download).path())!));
      expect(texts).toContain('Under Investigation');
      expect(texts).not.toContain('In Progress');
      await page.goto(`/grievances?status=Under+Investigation`);

      // In Hindi: the status's Hindi name on the badge, the filter, the tile and the notice.
      await page.getByRole('button', { name: 'User menu for E2E Admin' }).click();
      await page.getByRole('menuitem', { name: 'हिन्दी' }).click();
      await expect(row).toContainText('विवेचनाधीन');
      const filter = page.getByLabel('स्थिति', { exact: true });
      await expect(filter).toHaveValue('Under Investigation');
      await expect(filter.locator('option:checked')).toHaveText('विवेचनाधीन');
      await page.goto('/dashboard');
      await expect(page.locator('.tile-label', { hasText: /^विवेचनाधीन$/ })).toBeVisible();
      await page.goto('/notifications');
      await expect(page.getByRole('list', { name: 'सूचनाएँ' })).toContainText(`Status Officer ने शिकायत ${grievance.grievance_number} की स्थिति बदलकर विवेचनाधीन कर दी।`);
    } finally {
      expect((await rename('In Progress', 'प्रगति पर')).status()).toBe(200);
    }
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

  test('the rules and limits are tabs of their own; an old pendency-limits link still opens its tab', async ({ page }) => {
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/admin?list=pendency_limits');
    const rules = page.getByRole('tablist', { name: 'Rules and limits' });
    await expect(rules.getByRole('tab', { name: 'Pendency Limits' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('table', { name: 'Pendency Limits' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Transfer Limit' })).toHaveCount(0);

    await rules.getByRole('tab', { name: 'Escalation Waits' }).click();
    await expect(page).toHaveURL(/\/admin\?list=escalation$/);
    await expect(page.getByRole('tabpanel', { name: 'Escalation Waits' }).getByRole('heading', { level: 2, name: 'Escalation Waits' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Pendency Limits' })).toHaveCount(0);
    await expect(page.locator('.amplify-loader')).toHaveCount(0);
    await expectAccessible(page);
    await snap(page, 'admin-escalation-tab');

    // From the open list, Tab reaches the rules' row; the arrow keys go along it.
    await page.goto('/admin?list=designations');
    await page.getByRole('tab', { name: 'Designations' }).focus();
    await page.keyboard.press('Tab');
    await expect(rules.getByRole('tab', { name: 'Pendency Limits' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(rules.getByRole('tab', { name: 'Transfer Limit' })).toBeFocused();
    await expect(page).toHaveURL(/\/admin\?list=transfer_limit$/);
    await expect(page.getByLabel('Transfers allowed per grievance')).toBeVisible();
  });
});
