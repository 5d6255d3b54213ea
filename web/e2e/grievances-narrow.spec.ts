// A user whose role may only read grievances, without view_all: they see only
// the grievances filed by or assigned to them, and no New, Edit or Delete. The
// Administrator assigns theirs from its screen, and it is in their list.
import { ADMIN } from './admin';
import { adminApi, clickControl, ensureRole, expect, expectAccessible, signIn, signInAs, snap, test } from './fixtures';

const READER = { name: 'Gita Reader', email: 'gita.reader@e2e.test', password: 'Gita-Pass-1' };
const stamp = Date.now().toString(36).toUpperCase();
const MINE = `MINE-${stamp}`;
const OTHERS = `OTHER-${stamp}`;

const grievance = (firNo: string) => ({
  fir_no: firNo,
  fir_date: '2025-02-14',
  section_and_act: '379 IPC',
  crime_title: 'Theft',
  district: 'West District',
  police_station: 'Industrial Area',
  status: 'Pending',
  priority: 'Medium',
  put_in_court: false,
  cross_case: false,
  investigation_officers: [],
  brief_details: 'Copper wire stolen from the factory store.',
});

let mine = { id: 0, number: '' };
let others = { id: 0, number: '' };

test.describe('a user with grievances read only', () => {
  // Opening another user's grievance by its address is answered 404 on purpose.
  test.use({ allowedConsole: [/status of 404/] });

  test.beforeAll(async ({ request }) => {
    const roleId = await ensureRole(request, 'Grievance Reader', [
      { resource: 'grievances', can_create: false, can_read: true, can_view_all: false, can_update: false, can_delete: false },
    ]);
    const api = await adminApi(request);
    const created = await api.post('/users', {
      ...READER,
      phone: null,
      department: 'Crime Branch',
      designation: 'Inspector',
      role_id: roleId,
      status: 'active',
    });
    expect([201, 409]).toContain(created.status());
    for (const firNo of [MINE, OTHERS]) {
      const response = await api.post('/grievances', grievance(firNo));
      expect(response.status()).toBe(201);
      const { data } = (await response.json()) as { data: { id: number; grievance_number: string } };
      if (firNo === MINE) mine = { id: data.id, number: data.grievance_number };
      else others = { id: data.id, number: data.grievance_number };
    }
  });

  test('sees only the grievance assigned to them, without New, Edit or Delete', async ({ page, browser, baseURL }) => {
    test.setTimeout(90_000);
    await test.step('the Administrator assigns it to them from its screen', async () => {
      const context = await browser.newContext({ baseURL });
      const admin = await context.newPage();
      await signIn(admin);
      await expect(admin).toHaveURL(/\/dashboard$/);
      await admin.goto(`/grievances/${mine.id}`);
      await admin.getByRole('button', { name: 'Assign', exact: true }).click();
      const dialog = admin.getByRole('dialog', { name: `Assign Grievance ${mine.number}` });
      await dialog.getByLabel('Find an officer').fill('gita');
      await clickControl(dialog.getByRole('radio', { name: new RegExp(READER.name) }));
      await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
      await expect(admin.getByRole('status').filter({ hasText: `Grievance assigned to ${READER.name}` })).toBeVisible();
      // The assignee is the case's investigating officer from today, and the case is with them.
      const current = admin.getByRole('region', { name: 'Current Status' });
      await expect(current).toContainText(`Current Investigation Officer${READER.name}`);
      await expect(current).toContainText('With Investigating Officer');
      await admin.getByRole('button', { name: `User menu for ${ADMIN.name}` }).click();
      await admin.getByRole('menuitem', { name: 'हिन्दी' }).click();
      const currentHindi = admin.getByRole('region', { name: 'वर्तमान स्थिति' });
      await expect(currentHindi).toContainText(`वर्तमान विवेचना अधिकारी${READER.name}`);
      await expect(currentHindi).toContainText('विवेचना अधिकारी के पास');
      await context.close();
    });
    await signInAs(page, READER.email, READER.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    const nav = page.getByRole('navigation', { name: 'Main navigation', exact: true });
    await expect(nav.getByRole('link', { name: 'Audit History' })).toHaveCount(0);

    // The dashboard counts only what they can see.
    await expect(page.locator('.stat-tile', { hasText: 'Total Cases' }).locator('.tile-value')).toHaveText('1');
    const actions = page.getByRole('region', { name: 'Quick Actions' });
    await expect(actions.getByRole('link')).toHaveText(['View All', 'Profile']);
    await expectAccessible(page);
    await snap(page, 'dashboard-narrow');

    await nav.getByRole('link', { name: 'Grievances' }).click();
    const table = page.getByRole('table', { name: 'Grievances' });
    await expect(table.getByRole('row').filter({ hasText: MINE })).toContainText(mine.number);
    await expect(table.getByRole('row').filter({ hasText: OTHERS })).toHaveCount(0);
    await expect(page.getByText('Showing 1 of 1 grievance', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'New FIR / Grievance' })).toHaveCount(0);
    await expectAccessible(page);
    await snap(page, 'grievances-narrow');
    // The row's menu offers View alone: no Edit, no Delete.
    await page.getByRole('button', { name: `Actions for ${mine.number}` }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText(['View']);
    await expect(menu.getByRole('menuitem', { name: 'View' })).toHaveAttribute('href', `/grievances/${mine.id}`);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    // Searching cannot reach the other grievance either.
    await page.getByRole('button', { name: /^Search & Filters/ }).click();
    await page.getByLabel('FIR Number').fill(OTHERS);
    await expect(page.getByRole('heading', { name: 'No Matching Results' })).toBeVisible();

    await page.goto(`/grievances/${mine.id}`);
    await expect(page.getByRole('heading', { level: 1, name: mine.number })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Update Status' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'System Information' })).toContainText('Gita Reader');
    await expect(page.getByRole('list', { name: 'Audit history' })).toContainText('Assigned');
    await expectAccessible(page);
    await snap(page, 'grievance-detail-narrow');

    await page.goto(`/grievances/${others.id}`);
    await expect(page.getByText('Grievance not found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to List' })).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'grievance-not-found');

    await page.goto('/grievances/new');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`/grievances/edit/${mine.id}`);
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
