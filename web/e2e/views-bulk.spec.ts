// The officer's desk against the real portal: an SHO posted at Civil Lines filters the
// grievance list, saves it as their default view, signs out and in again and finds the list
// opening with it; the Administrator selects 21 cases (20 at Civil Lines, one at Cantonment)
// and assigns them to that SHO at once: the 20 are done, and the Cantonment case is named as
// refused with the server's reason (the SHO would not see it).
import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN } from './admin';
import { adminApi, caseBody, clickControl, ensureRole, expect, expectAccessible, signIn, signInAs, snap, test } from './fixtures';

const stamp = Date.now().toString(36).toUpperCase();
/** Every FIR number this spec files holds it, so that a fir_no filter finds exactly them. */
const PREFIX = `DESK-${stamp}`;
const SHO = { name: 'Suresh Chauhan', email: `sho.${stamp.toLowerCase()}@e2e.test`, password: 'Sho-Pass-1' };
const VIEW = 'Pending, most urgent first';

interface Filed {
  id: number;
  grievance_number: string;
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation', exact: true });

async function signOut(page: Page, name: string) {
  await page.getByRole('button', { name: `User menu for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
}

async function file(request: APIRequestContext, firNo: string, station: string, extra: Record<string, unknown> = {}): Promise<Filed> {
  const api = await adminApi(request);
  const created = await api.post(
    '/grievances',
    caseBody({
      fir_no: firNo,
      fir_date: '2025-03-01',
      section_and_act: '379 IPC',
      crime_title: 'Theft',
      police_station: station,
      brief_details: 'A motorcycle taken from outside the market.',
      ...extra,
    }),
  );
  expect(created.status(), `file ${firNo}`).toBe(201);
  return ((await created.json()) as { data: Filed }).data;
}

let cantonment: Filed;

test.describe('the officer’s desk: saved views and bulk changes', () => {
  test.beforeAll(async ({ request }) => {
    test.setTimeout(120_000);
    const api = await adminApi(request);
    const stations = (await (await api.get('/admin/dropdowns/police_stations')).json()) as { id: number; name: string }[];
    const civilLines = stations.find((station) => station.name === 'Civil Lines');
    expect(civilLines, 'the seeded Civil Lines police station').toBeDefined();
    const role = await ensureRole(request, 'SHO', [
      { resource: 'grievances', can_create: false, can_read: true, can_view_all: false, can_update: true, can_delete: false, can_view_posting: true },
    ]);
    const made = await api.post('/users', {
      ...SHO,
      phone: null,
      department: 'Law and Order',
      designation: 'Inspector',
      role_id: role,
      status: 'active',
      posting: { level: 'station', id: civilLines!.id },
    });
    expect(made.status(), 'add the SHO').toBe(201);
    // Twenty at Civil Lines, some no longer pending and of every priority; one at Cantonment.
    const priorities = ['Low', 'Medium', 'High', 'Critical'];
    for (let i = 1; i <= 20; i++) {
      await file(request, `${PREFIX}-${String(i).padStart(2, '0')}`, 'Civil Lines', {
        priority: priorities[i % 4],
        status: i % 5 === 0 ? 'In Progress' : 'Pending',
      });
    }
    cantonment = await file(request, `${PREFIX}-CANTT`, 'Cantonment');
  });

  test('an SHO saves a view, signs out and in, and it is there as their default', async ({ page }) => {
    test.setTimeout(180_000);
    await signInAs(page, SHO.email, SHO.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await nav(page).getByRole('link', { name: 'Grievances' }).click();
    const table = page.getByRole('table', { name: 'Grievances' });
    await expect(table.getByRole('row').filter({ hasText: `${PREFIX}-01` })).toBeVisible();
    // Their posting's cases only.
    await expect(table.getByRole('row').filter({ hasText: `${PREFIX}-CANTT` })).toHaveCount(0);

    await test.step('filters the list to the pending cases, most urgent first', async () => {
      const toggle = page.getByRole('button', { name: /^Search & Filters/ });
      await toggle.click();
      await page.getByLabel('Status').selectOption('Pending');
      await expect(page).toHaveURL(/status=Pending/);
      await page.getByRole('button', { name: /^Priority/ }).click();
      await expect(page).toHaveURL(/status=Pending&sort=priority&direction=desc/);
      await expect(page.getByRole('columnheader', { name: /Priority/ })).toHaveAttribute('aria-sort', 'descending');
      await toggle.click();
      await expect(toggle).toContainText('Status: Pending');
    });

    await test.step('saves it as their default view', async () => {
      // axe with the Views button (an open menu hides the page from screen readers, as it should).
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Views', exact: true }).click();
      const menu = page.getByRole('menu');
      await expect(menu.getByRole('menuitem', { name: 'No saved views yet' })).toBeDisabled();
      await menu.getByRole('menuitem', { name: 'Save view…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save view' });
      await dialog.getByLabel('Name').fill(VIEW);
      await clickControl(dialog.getByRole('checkbox', { name: 'Make this my default view' }));
      await expectAccessible(page);
      await snap(page, 'save-view-dialog');
      await dialog.getByRole('button', { name: 'Save view' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('status').filter({ hasText: `View "${VIEW}" saved` })).toBeVisible();
      await page.getByRole('button', { name: 'Views', exact: true }).click();
      await expect(page.getByRole('menu').getByRole('menuitem', { name: new RegExp(VIEW) })).toContainText('Default');
      await page.keyboard.press('Escape');
      await signOut(page, SHO.name);
    });

    await test.step('signs in again: the list opens with the view', async () => {
      await signInAs(page, SHO.email, SHO.password);
      await expect(page).toHaveURL(/\/dashboard$/);
      await nav(page).getByRole('link', { name: 'Grievances' }).click();
      await expect(page).toHaveURL(/\/grievances\?status=Pending&sort=priority&direction=desc$/);
      await expect(page.getByRole('status').filter({ hasText: `Opened your default view "${VIEW}"` })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Search & Filters/ })).toContainText('Status: Pending');
      await expect(page.getByRole('columnheader', { name: /Priority/ })).toHaveAttribute('aria-sort', 'descending');
      // The in-progress ones are left out; the first rows are the critical ones.
      await expect(table.getByRole('row').filter({ hasText: `${PREFIX}-05` })).toHaveCount(0);
      await expect(table.locator('tbody tr').first()).toContainText('Critical');
      await snap(page, 'grievance-list-default-view');

      // Clearing the filters is not undone by the default view.
      await page.getByRole('button', { name: /^Search & Filters/ }).click();
      await page.getByRole('button', { name: 'Clear All' }).click();
      await expect(page).toHaveURL(/\/grievances\?sort=priority&direction=desc$/);
      await expect(table.getByRole('row').filter({ hasText: `${PREFIX}-05` })).toBeVisible();
      await expect(page).toHaveURL(/\/grievances\?sort=priority&direction=desc$/);
    });
  });

  test('the Administrator assigns 21 cases at once: 20 done, the Cantonment one refused with the reason', async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`/grievances?fir_no=${PREFIX}`);
    const table = page.getByRole('table', { name: 'Grievances' });
    await expect(page.getByText(/^Showing 21 of /)).toBeVisible();

    await test.step('selects the 21 shown', async () => {
      await table.getByRole('checkbox', { name: `Select grievance ${cantonment.grievance_number}` }).check();
      const toolbar = page.getByRole('toolbar', { name: 'Selected grievances' });
      await expect(toolbar.getByRole('status')).toHaveText('1 selected');
      // Space on a checkbox picks its row and opens nothing.
      await table.locator('tbody tr').nth(1).getByRole('checkbox').focus();
      await page.keyboard.press('Space');
      await expect(toolbar.getByRole('status')).toHaveText('2 selected');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/grievances\?fir_no=/);
      await table.getByRole('checkbox', { name: 'Select every grievance shown' }).check();
      await expect(toolbar.getByRole('status')).toHaveText('21 selected');
      await expect(table.locator('tbody tr.row-selected')).toHaveCount(21);
      await expectAccessible(page);
      await snap(page, 'grievance-list-bulk-toolbar');
    });

    await test.step('assigns them to the SHO', async () => {
      await page.getByRole('toolbar', { name: 'Selected grievances' }).getByRole('button', { name: 'Assign…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Assign 21 grievances' });
      await dialog.getByLabel('Find an officer').fill('suresh');
      await clickControl(dialog.getByRole('radio', { name: `${SHO.name} (Inspector)` }));
      await expectAccessible(page);
      await snap(page, 'bulk-assign-dialog');
      await dialog.getByRole('button', { name: 'Assign', exact: true }).click();

      await expect(dialog.getByRole('status')).toHaveText('20 done');
      const refused = dialog.getByRole('list', { name: '1 refused' });
      await expect(refused.getByRole('listitem')).toHaveText([
        `${cantonment.grievance_number}This grievance does not lie in this user's scope: choose someone posted where it lies`,
      ]);
      await expectAccessible(page);
      await snap(page, 'bulk-assign-result');
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await expect(dialog).toBeHidden();
    });

    await test.step('the list says so: 20 assigned to the SHO, the Cantonment one still selected and unassigned', async () => {
      // Comfortable rows show whom each case is assigned to at any width.
      await page.getByRole('button', { name: 'Comfortable' }).click();
      const toolbar = page.getByRole('toolbar', { name: 'Selected grievances' });
      await expect(toolbar.getByRole('status')).toHaveText('1 selected');
      await expect(table.getByRole('checkbox', { name: `Select grievance ${cantonment.grievance_number}` })).toBeChecked();
      await expect(table.getByRole('row').filter({ hasText: SHO.name })).toHaveCount(20);
      await expect(table.getByRole('row').filter({ hasText: `${PREFIX}-CANTT` })).not.toContainText(SHO.name);
      await toolbar.getByRole('button', { name: 'Clear selection' }).click();
      await expect(toolbar).toBeHidden();
    });
    await expect(page.getByRole('button', { name: `User menu for ${ADMIN.name}` })).toBeVisible();
  });
});
