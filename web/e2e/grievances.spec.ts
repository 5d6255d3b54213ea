// Grievances against the real portal: file one with two officers through the
// form, find it with the filters, view it, edit it, change its status, and see
// the dashboard, Recent Activity and the audit history follow; delete one from the list
// with a reason, and one from its own screen without.
import type { Page } from '@playwright/test';
import { adminApi, caseBody, expect, expectAccessible, signIn, snap, test } from './fixtures';

// A FIR number no other test uses, so the filters find exactly this one.
const FIR_NO = `E2E-${Date.now().toString(36).toUpperCase()}/2025`;

type Stats = { byStatus: { status: string; count: number }[]; byPriority: { priority: string; count: number }[] };
const count = (stats: Stats, status: string) => stats.byStatus.find((s) => s.status === status)?.count ?? 0;
const tileValue = (page: Page, label: string) =>
  page.locator('.stat-tile').filter({ has: page.locator('.tile-label', { hasText: new RegExp(`^${label}$`) }) }).locator('.tile-value');

test.describe('grievances', () => {
  // A 409 the conflict test provokes on purpose is logged by the browser.
  test.use({ allowedConsole: [/status of 409/] });

  test('an administrator files, finds, views, edits and moves a grievance', async ({ page, request }) => {
    // A long journey with accessibility scans and screenshots on a shared machine.
    test.setTimeout(240_000);
    const api = await adminApi(request);
    const before = (await (await api.get('/grievances/stats')).json()) as Stats;
    const total = before.byStatus.reduce((sum, s) => sum + s.count, 0);
    const auditBefore = (await (await api.get('/audit/statistics')).json()) as { totalActions: number };

    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(tileValue(page, 'Total Cases')).toHaveText(String(total));

    // The list, and the form
    await page.getByRole('navigation', { name: 'Main navigation', exact: true }).getByRole('link', { name: 'Grievances' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Grievances & FIR Management' })).toBeVisible();
    await page.getByRole('link', { name: 'New FIR / Grievance' }).click();
    await expect(page).toHaveURL(/\/grievances\/new$/);
    await expect(page.getByRole('heading', { level: 1, name: 'New Grievance / FIR' })).toBeVisible();
    await expect(page.getByLabel('Crime Title')).toContainText('Burglary');

    // The form's rules before anything is sent
    await page.getByLabel('FIR Number').fill('FIR 12');
    await page.getByLabel('Brief Details').fill('too short');
    await page.getByRole('group', { name: 'Officer 1' }).getByLabel('Officer Name').fill('SI Meera Nair');
    await page.getByRole('button', { name: 'Create Grievance' }).click();
    await expect(page.getByText('Please fix the validation errors below before submitting.')).toBeVisible();
    await expect(page.getByText('FIR Number should contain only letters, numbers, slashes and hyphens')).toBeVisible();
    await expect(page.getByText('Brief details must be at least 10 characters long')).toBeVisible();
    await expect(page.getByText('From date is required when officer name is provided')).toBeVisible();
    await expect(page.getByText('District is required')).toBeVisible();
    await expect(page.getByLabel('FIR Number')).toBeFocused();
    await expectAccessible(page);
    await snap(page, 'grievance-form-errors');

    // A valid grievance with two officers
    await page.getByLabel('Type of Call').selectOption('Phone Call');
    await page.getByLabel('FIR Number').fill(FIR_NO);
    await page.getByLabel('FIR Date').fill('2025-01-05');
    await page.getByLabel('Section & Act').fill('420 IPC');
    await page.getByLabel('Crime Title').selectOption('Cheating and Fraud');
    await page.getByLabel('District').selectOption('North District');
    await page.getByLabel('Police Station').selectOption('Civil Lines');
    const first = page.getByRole('group', { name: 'Officer 1' });
    await first.getByLabel('From Date').fill('2025-01-06');
    await first.getByLabel('To Date').fill('2025-02-10');
    await first.getByLabel('Findings').fill('Statements of the complainant recorded.');
    await page.getByRole('button', { name: 'Add Officer' }).click();
    const second = page.getByRole('group', { name: 'Officer 2' });
    await expect(second.getByLabel('Officer Name')).toBeFocused();
    await second.getByLabel('Officer Name').fill('Inspector Arjun Das');
    await second.getByLabel('From Date').fill('2025-02-11');
    await second.getByLabel('Findings').fill('Bank records requested.');
    await page.getByLabel('Priority').selectOption('High');
    await page.getByLabel('Current Investigation Officer').fill('Inspector Arjun Das');
    await page.getByLabel('Reason').selectOption('Delay in Investigation');
    await page.getByLabel('Brief Details').fill('The complainant paid Rs 2,00,000 for a job abroad that never came.');
    await page.getByLabel('Date of Inward').fill('2025-01-07');
    await expectAccessible(page);
    await snap(page, 'grievance-form-new');
    await page.getByRole('button', { name: 'Create Grievance' }).click();
    await expect(page.getByText('Saved successfully!')).toBeVisible();
    // The new grievance opens, its number in the heading and said on arrival.
    await expect(page).toHaveURL(/\/grievances\/\d+$/, { timeout: 5_000 });
    const heading = page.getByRole('heading', { level: 1, name: /^GRV-\d{4}-\d{6}$/ });
    await expect(heading).toBeVisible();
    const createdNumber = (await heading.textContent())?.trim() ?? '';
    await expect(page.getByRole('status').filter({ hasText: `Grievance ${createdNumber} saved` })).toBeVisible();
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await expect(page).toHaveURL(/\/grievances$/);

    // Find it with the filters (kept in the URL), once they are opened: the rows come first.
    const filterToggle = page.getByRole('button', { name: /^Search & Filters/ });
    await expect(filterToggle).toHaveAttribute('aria-expanded', 'false');
    await filterToggle.click();
    await page.getByLabel('FIR Number').fill(FIR_NO);
    await page.getByLabel('District').selectOption('North District');
    await expect(page).toHaveURL(/fir_no=.*district=North\+District/);
    await expect(page.getByText('2 active')).toBeVisible();
    const table = page.getByRole('table', { name: 'Grievances' });
    await expect(table.getByRole('row')).toHaveCount(2);
    const row = table.getByRole('row').filter({ hasText: FIR_NO });
    await expect(row).toContainText('Cheating and Fraud');
    await expect(row).toContainText('Civil Lines');
    await expect(row).toContainText('Pending');
    await expect(row).toContainText('High');
    await expect(row).toContainText('5 Jan 2025');
    await expect(page.getByText(`Showing 1 of ${total + 1} ${total + 1 === 1 ? 'grievance' : 'grievances'}`)).toBeVisible();
    await expect(page.getByText(`${total} filtered out`)).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'grievances-filtered');
    const number = (await row.getByRole('link').first().textContent())?.trim() ?? '';
    expect(number).toBe(createdNumber);

    // The same filters from the URL
    await page.reload();
    await expect(page.getByLabel('FIR Number')).toHaveValue(FIR_NO);
    await expect(table.getByRole('row')).toHaveCount(2);

    // A grievance and Back: the list as it was left, filters and all
    await page.getByRole('link', { name: number, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: number })).toBeVisible();
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await expect(page).toHaveURL(/fir_no=.*district=North\+District/);
    await expect(page.getByLabel('FIR Number')).toHaveValue(FIR_NO);
    await expect(table.getByRole('row')).toHaveCount(2);
    await page.getByLabel('Priority').selectOption('Low');
    await expect(page.getByRole('heading', { name: 'No Matching Results' })).toBeVisible();
    await snap(page, 'grievances-no-match');
    await page.getByRole('button', { name: 'Clear All', exact: true }).click();
    await expect(page).toHaveURL(/\/grievances$/);
    await expect(page.getByLabel('FIR Number')).toHaveValue('');

    // View it
    await page.getByRole('link', { name: number, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: number })).toBeVisible();
    const officers = page.getByRole('table', { name: 'Investigation Officers' });
    await expect(officers.getByRole('row')).toHaveCount(3);
    await expect(officers).toContainText('SI Meera Nair');
    await expect(officers).toContainText('6 Jan 2025');
    await expect(officers).toContainText('Inspector Arjun Das');
    await expect(page.getByText('Pending decision')).toBeVisible();
    await expect(page.getByText('No action recorded')).toBeVisible();
    const history = page.getByRole('list', { name: 'Audit history' });
    await expect(history).toContainText('Created');
    await expectAccessible(page);
    await snap(page, 'grievance-detail');

    // Edit it
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Grievance' })).toBeVisible();
    await expect(page.getByLabel('FIR Number')).toHaveValue(FIR_NO);
    await expect(page.getByRole('group', { name: 'Officer 2' }).getByLabel('Officer Name')).toHaveValue('Inspector Arjun Das');
    await page.getByLabel('Priority').selectOption('Critical');
    await page.getByLabel('Final Decision').fill('Charge sheet to be filed.');
    await expectAccessible(page);
    await snap(page, 'grievance-form-edit');
    await page.getByRole('button', { name: 'Update Grievance' }).click();
    await expect(page.getByText('Saved successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/grievances$/, { timeout: 5_000 });

    // Change its status with a note: View is in the row's menu.
    await page.getByRole('button', { name: `Actions for ${number}` }).click();
    await page.getByRole('menuitem', { name: 'View' }).click();
    await expect(page.getByText('Charge sheet to be filed.', { exact: true })).toBeVisible();
    await page.getByLabel('New Status').selectOption('In Progress');
    // Exact: the Case Notes section's own label holds the word too.
    await page.getByLabel('Notes', { exact: true }).fill('Accused traced to Pune.');
    await page.getByRole('button', { name: 'Update Status' }).click();
    await expect(page.getByText('Status changed to In Progress.')).toBeVisible();
    await expect(history).toContainText('Status Changed');
    await expect(history).toContainText('Pending → In Progress');
    await expect(history).toContainText('Notes: Accused traced to Pune.');
    await expect(history).toContainText('Priority Changed');
    await expect(history).toContainText('High → Critical');
    await expectAccessible(page);

    // The dashboard and Recent Activity follow
    await page.getByRole('navigation', { name: 'Main navigation', exact: true }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(tileValue(page, 'Total Cases')).toHaveText(String(total + 1));
    await expect(tileValue(page, 'In Progress')).toHaveText(String(count(before, 'In Progress') + 1));
    const recent = page.getByRole('region', { name: 'Recent Activity' });
    await expect(recent.getByRole('listitem').first()).toContainText(`${number} from Pending to In Progress`);
    await expect(page.getByRole('region', { name: 'Cases by Status' })).toContainText('In Progress');
    await expectAccessible(page);
    await snap(page, 'dashboard-figures');
    await tileValue(page, 'In Progress').click();
    await expect(page).toHaveURL(/\/grievances\?status=In\+Progress$/);
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('In Progress');

    // The audit history, and one record's details
    await page.getByRole('navigation', { name: 'Main navigation', exact: true }).getByRole('link', { name: 'Audit History' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Audit History' })).toBeVisible();
    const auditAfter = (await (await api.get('/audit/statistics')).json()) as { totalActions: number };
    expect(auditAfter.totalActions).toBeGreaterThan(auditBefore.totalActions);
    await expect(page.locator('.stat-tile', { hasText: 'Total Actions' }).locator('.tile-value')).toHaveText(
      auditAfter.totalActions.toLocaleString('en-IN'),
    );
    await page.getByLabel('Search', { exact: true }).first().fill(number);
    // The search runs on the server after a pause in typing: wait for its answer.
    await expect(page.getByRole('status').filter({ hasText: `matching “${number}”` })).toBeVisible();
    const audit = page.getByRole('table', { name: 'Audit Records' });
    const statusRow = audit.getByRole('row').filter({ hasText: 'Status Changed' });
    await expect(statusRow).toContainText('Pending → In Progress');
    await expect(audit.getByRole('row').filter({ hasText: 'Priority Changed' })).toContainText('High → Critical');
    await expect(audit.getByRole('row').filter({ hasText: 'Created' })).toContainText('Complete record');
    await expectAccessible(page);
    await snap(page, 'audit-history');
    await statusRow.getByRole('button', { name: /^Details/ }).click();
    const details = page.getByRole('dialog', { name: 'Audit Record Details' });
    await expect(details).toContainText('E2E Admin');
    await expect(details).toContainText('admin@e2e.test');
    await expect(details).toContainText('Accused traced to Pune.');
    await expect(details).toContainText('127.0.0.1');
    await expect(details).toContainText('Chrome');
    await expectAccessible(page);
    await snap(page, 'audit-details');
    await details.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(details).toBeHidden();

    // The created record's change details
    await audit.getByRole('row').filter({ hasText: 'Created' }).getByRole('button', { name: /^Details/ }).click();
    const created = page.getByRole('dialog', { name: 'Audit Record Details' });
    await expect(created.getByRole('table', { name: 'Change details' })).toContainText(FIR_NO);
    await page.keyboard.press('Escape');
    await expect(created).toBeHidden();
  });

  test('an edit based on an old version is refused with a reload offer', async ({ page, request }) => {
    const api = await adminApi(request);
    const created = await api.post('/grievances', {
      fir_no: `CONFLICT-${Date.now()}`,
      fir_date: '2025-03-01',
      section_and_act: '323 IPC',
      crime_title: 'Assault',
      district: 'South District',
      police_station: 'Cantonment',
      status: 'Pending',
      priority: 'Medium',
      put_in_court: false,
      cross_case: false,
      investigation_officers: [],
      brief_details: 'A scuffle at the bus stand left the complainant injured.',
    });
    expect(created.status()).toBe(201);
    const grievance = ((await created.json()) as { data: { id: number; version: number } }).data;

    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`/grievances/edit/${grievance.id}`);
    await expect(page.getByLabel('FIR Number')).toHaveValue(/^CONFLICT-/);

    // Someone else changes it meanwhile.
    const statuses = (await (await api.get('/admin/dropdowns/statuses')).json()) as { id: number; name: string }[];
    const inProgress = statuses.find((s) => s.name === 'In Progress')!.id;
    expect((await api.put(`/grievances/${grievance.id}/status`, { status_id: inProgress, notes: null, version: grievance.version })).ok()).toBe(true);

    await page.getByLabel('Section & Act').fill('323, 506 IPC');
    await page.getByRole('button', { name: 'Update Grievance' }).click();
    await expect(page.getByText('This grievance was changed by someone else since you opened it. Please reload it and try again.')).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'grievance-conflict');
    await page.getByRole('button', { name: /Reload grievance/ }).click();
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('In Progress');
    await expect(page.getByLabel('Section & Act')).toHaveValue('323 IPC');
    await page.getByLabel('Section & Act').fill('323, 506 IPC');
    await page.getByRole('button', { name: 'Update Grievance' }).click();
    await expect(page.getByText('Saved successfully!')).toBeVisible();
  });

  test('a grievance is deleted after the confirm prompt', async ({ page, request }) => {
    const api = await adminApi(request);
    const firNo = `DEL-${Date.now()}`;
    const created = await api.post('/grievances', {
      fir_no: firNo,
      fir_date: '2025-04-01',
      section_and_act: '379 IPC',
      crime_title: 'Theft',
      district: 'East District',
      police_station: 'Railway Station',
      status: 'Pending',
      priority: 'Low',
      put_in_court: false,
      cross_case: false,
      investigation_officers: [],
      brief_details: 'A phone was stolen on platform 2.',
    });
    expect(created.status()).toBe(201);
    const number = ((await created.json()) as { data: { grievance_number: string } }).data.grievance_number;

    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`/grievances?fir_no=${encodeURIComponent(firNo)}`);
    await page.getByRole('button', { name: `Actions for ${number}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Grievance' });
    await expect(confirm).toContainText(`Are you sure you want to delete grievance ${number}?`);
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    // The reason is optional; typed, it goes as the request's JSON body.
    await confirm.getByLabel('Reason for deletion (optional)').fill('Filed twice by the front desk');
    await expectAccessible(page);
    await snap(page, 'grievance-delete-confirm');
    const sent = page.waitForRequest((r) => r.method() === 'DELETE' && /\/api\/grievances\/\d+$/.test(r.url()));
    await confirm.getByRole('button', { name: 'Delete' }).click();
    expect((await sent).postDataJSON()).toEqual({ reason: 'Filed twice by the front desk' });
    await expect(confirm).toBeHidden();
    await expect(page.getByText(`Grievance ${number} deleted.`)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No Matching Results' })).toBeVisible();
  });

  test('a grievance is deleted from its own screen, then the list says so', async ({ page, request }) => {
    const api = await adminApi(request);
    const firNo = `DELD-${Date.now()}`;
    const created = await api.post(
      '/grievances',
      caseBody({ fir_no: firNo, fir_date: '2025-04-01', section_and_act: '379 IPC', crime_title: 'Theft', brief_details: 'A bicycle was stolen from the market.' }),
    );
    expect(created.status()).toBe(201);
    const { id, grievance_number: number } = ((await created.json()) as { data: { id: number; grievance_number: string } }).data;

    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`/grievances/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: number })).toBeVisible();
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Grievance' });
    await expect(confirm).toContainText(`Are you sure you want to delete grievance ${number}?`);
    // Without a reason, no body at all.
    const sent = page.waitForRequest((r) => r.method() === 'DELETE' && r.url().endsWith(`/api/grievances/${id}`));
    await confirm.getByRole('button', { name: 'Delete' }).click();
    expect((await sent).postData()).toBeNull();
    await expect(page).toHaveURL(/\/grievances(\?.*)?$/);
    await expect(page.getByText(`Grievance ${number} deleted.`)).toBeVisible();
    expect((await api.get(`/grievances/${id}`)).status()).toBe(404);
  });

  test('the column headers sort the list on the server, both ways', async ({ page, request }) => {
    const api = await adminApi(request);
    const prefix = `SRT-${Date.now().toString(36).toUpperCase()}`;
    // Filed in this order, their FIR dates and priorities out of step with it.
    for (const [suffix, firDate, priority] of [
      ['A', '2025-03-05', 'High'],
      ['B', '2025-03-01', 'Critical'],
      ['C', '2025-03-09', 'Low'],
    ] as const) {
      const created = await api.post('/grievances', {
        fir_no: `${prefix}-${suffix}`,
        fir_date: firDate,
        section_and_act: '379 IPC',
        crime_title: 'Theft',
        district: 'East District',
        police_station: 'Railway Station',
        status: 'Pending',
        priority,
        put_in_court: false,
        cross_case: false,
        investigation_officers: [],
        brief_details: 'A bicycle was stolen outside the station.',
      });
      expect(created.status()).toBe(201);
    }
    const firs = () => page.locator('.grievance-table tbody tr td.cell-fir').evaluateAll((cells) => cells.map((c) => c.firstChild?.textContent ?? ''));

    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`/grievances?fir_no=${prefix}`);
    await expect.poll(firs).toEqual([`${prefix}-C`, `${prefix}-B`, `${prefix}-A`]);
    await expect(page.getByRole('columnheader', { name: /Filed Date/ })).toHaveAttribute('aria-sort', 'descending');

    await page.getByRole('button', { name: /^FIR No/ }).click();
    await expect(page).toHaveURL(/sort=fir_date&direction=desc/);
    await expect.poll(firs).toEqual([`${prefix}-C`, `${prefix}-A`, `${prefix}-B`]);
    await page.getByRole('button', { name: /^FIR No/ }).click();
    await expect.poll(firs).toEqual([`${prefix}-B`, `${prefix}-A`, `${prefix}-C`]);
    await expect(page.getByRole('columnheader', { name: /^FIR No/ })).toHaveAttribute('aria-sort', 'ascending');

    await page.getByRole('button', { name: /^Priority/ }).click();
    await expect.poll(firs).toEqual([`${prefix}-B`, `${prefix}-A`, `${prefix}-C`]);
    await expect(page.getByRole('columnheader', { name: /Priority/ })).toHaveAttribute('aria-sort', 'descending');
    // The order survives a reload: it is in the URL.
    await page.reload();
    await expect.poll(firs).toEqual([`${prefix}-B`, `${prefix}-A`, `${prefix}-C`]);
    await expectAccessible(page);
  });

  test('the list fits a desk and a phone: a dozen one-line rows, a compact card, the filters closed', async ({ page, request }) => {
    // Thirteen grievances filed, two sizes, a reload and three accessibility scans, on a shared machine.
    test.setTimeout(120_000);
    const api = await adminApi(request);
    // FIR numbers shaped as those in use: STATION/YEAR/NUMBER.
    const prefix = `F${Date.now().toString(36).slice(-5).toUpperCase()}`;
    // Enough rows for a full screen, whatever the other tests left.
    for (let i = 0; i < 13; i++) {
      const created = await api.post('/grievances', {
        fir_no: `${prefix}/2025/${String(40 + i).padStart(5, '0')}`,
        fir_date: '2025-03-01',
        section_and_act: '420 IPC',
        crime_title: 'Cheating and Fraud',
        district: 'North District',
        police_station: 'Civil Lines',
        status: 'Pending',
        priority: i % 2 ? 'High' : 'Low',
        put_in_court: false,
        cross_case: false,
        investigation_officers: [],
        brief_details: 'The complainant paid for a job abroad that never came.',
      });
      expect(created.status()).toBe(201);
    }
    /** The rows wholly on screen, and their heights. */
    const rowsInView = () =>
      page.locator('.grievance-table tbody tr').evaluateAll((rows) =>
        rows.map((row) => row.getBoundingClientRect()).filter((box) => box.top >= 0 && box.bottom <= window.innerHeight).map((box) => box.height),
      );

    // A desk screen of 1366x768.
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/grievances');
    const table = page.getByRole('table', { name: 'Grievances' });
    await expect(table.getByRole('row').filter({ hasText: `${prefix}/2025/00052` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Compact' })).toHaveAttribute('aria-pressed', 'true');
    // Every column the specification lists, by its words, in the default density.
    for (const heading of ['Grievance No', 'FIR No', 'Crime Title', 'District', 'Police Station', 'Status', 'Priority', 'Filed By', 'Filed Date']) {
      await expect(table.getByRole('columnheader', { name: heading, exact: true }), heading).toBeVisible();
    }
    await expect(table.getByRole('row').filter({ hasText: `${prefix}/2025/00052` })).toContainText('North District');
    await page.setViewportSize({ width: 1366, height: 900 });
    const desk = await rowsInView();
    expect(desk.length, 'rows in view at 1366x900').toBeGreaterThanOrEqual(12);
    for (const height of desk) expect(height, 'one line per grievance').toBeLessThanOrEqual(44);
    // Nothing to scroll sideways: the row menu is in view.
    expect(await page.locator('.table-scroll').evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(1);
    await expectAccessible(page);

    // Comfortable, remembered by the browser.
    await page.getByRole('button', { name: 'Comfortable' }).click();
    await expect(table).toHaveClass(/density-comfortable/);
    await expectAccessible(page);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Comfortable' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Compact' }).click();

    // A phone: the filters closed with their count, one compact card per grievance, the first in view.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/grievances?fir_no=${encodeURIComponent(prefix)}&priority=High`);
    const toggle = page.getByRole('button', { name: /^Search & Filters/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toContainText('2 active');
    // Newest first: the last one filed with High priority.
    const firstCard = page.locator('.grievance-table tbody tr').first();
    await expect(firstCard).toContainText(`${prefix}/2025/00051`);
    await expect(firstCard).toBeInViewport({ ratio: 1 });
    const card = await firstCard.boundingBox();
    expect(card!.y + card!.height, 'the first case ends above the fold').toBeLessThanOrEqual(844);
    expect(card!.height, 'a compact card').toBeLessThanOrEqual(140);
    await expect(firstCard).toContainText('Civil Lines');
    await expect(firstCard).toContainText('Pending');
    // The FIR number on one line, whole.
    const fir = firstCard.locator('.fir-no');
    await expect(fir).toHaveText(`${prefix}/2025/00051`);
    expect(await fir.evaluate((span) => span.getClientRects().length)).toBe(1);
    await expectAccessible(page);
  });
});
