// Grievance scopes and transfers against the real portal: an administrator sets
// up two districts with a police station each, a posting-scoped role and a user
// posted at each station, and files a grievance at each. The Sadar Bazar user
// sees only their station's grievance, transfers it to Kotwali and loses it;
// the Kotwali user finds it with its transfer history and assigns it from its
// screen.
import type { Locator, Page } from '@playwright/test';
import { clickControl, expect, expectAccessible, signIn, signInAs, snap, test } from './fixtures';
import { ADMIN } from './admin';

// Specs share one portal: names no other spec (or earlier run) uses.
const stamp = Date.now().toString(36).toUpperCase();
const AGRA = `Agra ${stamp}`;
const AGRA_RANGE = `Agra Range ${stamp}`;
const MATHURA = `Mathura ${stamp}`;
const SADAR = `Sadar Bazar ${stamp}`;
const KOTWALI = `Kotwali ${stamp}`;
const ROLE = `Station Officer ${stamp}`;
const SADAR_USER = { name: 'Ravi Shankar', email: `ravi.${stamp.toLowerCase()}@e2e.test`, password: 'Ravi-Pass-1' };
const KOTWALI_USER = { name: 'Kiran Yadav', email: `kiran.${stamp.toLowerCase()}@e2e.test`, password: 'Kiran-Pass-1' };
const SADAR_FIR = `SCOPE-${stamp}-1/2025`;
const KOTWALI_FIR = `SCOPE-${stamp}-2/2025`;
const REASON = 'The theft took place in Kotwali jurisdiction';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation', exact: true });

async function signOut(page: Page, name: string) {
  await page.getByRole('button', { name: `User menu for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
}

/** Adds an item to the open Admin Panel tab, `place` filling in its district or range. */
async function addItem(page: Page, list: string, singular: string, name: string, place: (dialog: Locator) => Promise<unknown>) {
  await page.getByRole('tab', { name: list }).click();
  await page.getByRole('button', { name: `Add New ${singular}` }).click();
  const dialog = page.getByRole('dialog', { name: `Add New ${singular}` });
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await place(dialog);
  await dialog.getByRole('button', { name: 'Add Item' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('table', { name: list }).getByRole('row').filter({ hasText: name })).toContainText('Active');
}

async function addUser(page: Page, user: typeof SADAR_USER, station: string) {
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await dialog.getByLabel('Name', { exact: true }).fill(user.name);
  await dialog.getByLabel('Email').fill(user.email);
  await dialog.getByLabel('Password', { exact: true }).fill(user.password);
  await dialog.getByLabel('Department').selectOption('Crime Branch');
  await dialog.getByLabel('Designation').selectOption('Inspector');
  await dialog.getByLabel('Role').selectOption({ label: ROLE });
  await dialog.getByLabel('Posting', { exact: true }).selectOption({ label: 'Police Station' });
  await dialog.getByLabel('Police Station').selectOption({ label: station });
  await dialog.getByRole('button', { name: 'Add User' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: user.email })).toContainText(`${station} police station`);
}

async function fileGrievance(page: Page, fir: string, district: string, station: string) {
  await page.goto('/grievances/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New Grievance / FIR' })).toBeVisible();
  await page.getByLabel('FIR Number').fill(fir);
  await page.getByLabel('FIR Date').fill('2025-03-01');
  await page.getByLabel('Section & Act').fill('379 IPC');
  await page.getByLabel('Crime Title').selectOption('Burglary');
  await page.getByLabel('District').selectOption(district);
  await page.getByLabel('Police Station').selectOption(station);
  await page.getByLabel('Priority').selectOption('High');
  await page.getByLabel('Brief Details').fill('A shop near the bus stand was broken into at night.');
  await page.getByRole('button', { name: 'Create Grievance' }).click();
  await expect(page.getByText('Saved successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/grievances\/\d+$/, { timeout: 5_000 });
  await expect(page.getByRole('heading', { level: 1, name: /^GRV-\d{4}-\d{6}$/ })).toBeVisible();
}

const factValue = (page: Page, label: string) => page.locator('.fact').filter({ has: page.getByText(label, { exact: true }) }).locator('dd');

test.describe('grievance scopes and transfers', () => {
  // Reading a grievance again after sending it out of reach answers 404, and the browser logs it.
  test.use({ allowedConsole: [/status of 404/] });

  test('a station user sees only their station, transfers a grievance away, and the other station receives it', async ({ page }) => {
    // A long journey through five screens and three sign-ins on a shared machine.
    test.setTimeout(300_000);
    let number = '';

    await test.step('the administrator adds the districts and police stations', async () => {
      await signIn(page);
      await expect(page).toHaveURL(/\/dashboard$/);
      await nav(page).getByRole('link', { name: 'Admin Panel' }).click();
      await addItem(page, 'Districts', 'District', AGRA, (dialog) => dialog.getByLabel('Range').fill(AGRA_RANGE));
      await addItem(page, 'Districts', 'District', MATHURA, async () => undefined);
      await addItem(page, 'Police Stations', 'Police Station', SADAR, (dialog) => dialog.getByLabel('District').selectOption({ label: AGRA }));
      await addItem(page, 'Police Stations', 'Police Station', KOTWALI, (dialog) => dialog.getByLabel('District').selectOption({ label: MATHURA }));
      // The transfer limit has a tab of its own among the rules and limits: 3 until saved.
      await page.getByRole('tab', { name: 'Transfer Limit' }).click();
      await expect(page).toHaveURL(/\/admin\?list=transfer_limit$/);
      await expect(page.getByLabel('Transfers allowed per grievance')).toHaveValue(/^\d+$/);
      await expect(page.locator('.amplify-loader')).toHaveCount(0);
      await expectAccessible(page);
      await snap(page, 'admin-transfer-limit');
    });

    await test.step('the administrator adds a role reaching its holders’ posting', async () => {
      await nav(page).getByRole('link', { name: 'Role Management' }).click();
      await page.getByRole('button', { name: 'Add New Role' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add New Role' });
      await dialog.getByLabel('Role Name').fill(ROLE);
      for (const name of ['Create Grievances', 'Read Grievances', 'Update Grievances']) await clickControl(dialog.getByRole('checkbox', { name }));
      await dialog.getByLabel('Grievance scope').selectOption({ label: 'Their posting (station, district or range)' });
      await dialog.getByRole('button', { name: 'Add Role' }).click();
      await expect(dialog).toBeHidden();
      const row = page.getByRole('table', { name: 'Roles' }).getByRole('row').filter({ hasText: ROLE });
      await expect(row.getByRole('listitem')).toHaveText(['Grievances: Create, Read, Update, Their posting']);
    });

    await test.step('the administrator adds a user posted at each station', async () => {
      await nav(page).getByRole('link', { name: 'User Management' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
      await addUser(page, SADAR_USER, SADAR);
      await addUser(page, KOTWALI_USER, KOTWALI);
    });

    await test.step('the administrator files a grievance at each station', async () => {
      await fileGrievance(page, SADAR_FIR, AGRA, SADAR);
      await fileGrievance(page, KOTWALI_FIR, MATHURA, KOTWALI);
      await signOut(page, ADMIN.name);
    });

    await test.step('the Sadar Bazar user sees their posting and only its grievance', async () => {
      await signInAs(page, SADAR_USER.email, SADAR_USER.password);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.locator('.session-banner')).toHaveText(`Logged in as ${SADAR_USER.name} (${ROLE}), posted at ${SADAR} police station`);
      await nav(page).getByRole('link', { name: 'Grievances' }).click();
      const table = page.getByRole('table', { name: 'Grievances' });
      const row = table.getByRole('row').filter({ hasText: SADAR_FIR });
      await expect(row).toContainText(SADAR);
      await expect(table.getByRole('row').filter({ hasText: KOTWALI_FIR })).toHaveCount(0);
      await expect(page.getByText('Showing 1 of 1 grievance', { exact: true })).toBeVisible();
      // The station filter offers the posting's station only.
      await page.getByRole('button', { name: /^Search & Filters/ }).click();
      await expect(page.getByLabel('Police Station').getByRole('option')).toHaveText(['All police stations', SADAR]);
      number = (await row.getByRole('link').first().textContent())?.trim() ?? '';
      expect(number).toMatch(/^GRV-\d{4}-\d{6}$/);
    });

    await test.step('the Sadar Bazar user transfers it to Kotwali and it leaves their list', async () => {
      await page.getByRole('link', { name: number, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: number })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Transfers' })).toHaveCount(0);
      await page.getByRole('button', { name: 'Transfer', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Transfer Grievance ${number}` });
      await expect(dialog.getByText(`Now at ${SADAR}`)).toBeVisible();
      await expect(dialog.getByLabel('New Police Station').getByRole('option', { name: SADAR, exact: true })).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Transfer', exact: true }).click();
      await expect(dialog.getByText('Give the reason for the transfer')).toBeVisible();
      await dialog.getByLabel('New Police Station').selectOption({ label: KOTWALI });
      await dialog.getByLabel('Reason for transfer').fill(REASON);
      await expectAccessible(page);
      await snap(page, 'transfer-dialog');
      await dialog.getByRole('button', { name: 'Transfer', exact: true }).click();
      // Out of their posting now: back to the list, with the message.
      await expect(page).toHaveURL(/\/grievances$/);
      await expect(page.getByRole('status').filter({ hasText: `Grievance transferred to ${KOTWALI}` })).toBeVisible();
      await expect(page.getByRole('link', { name: number, exact: true })).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'No Grievances Yet' })).toBeVisible();
      await signOut(page, SADAR_USER.name);
    });

    await test.step('the Kotwali user finds it with its transfer history', async () => {
      await signInAs(page, KOTWALI_USER.email, KOTWALI_USER.password);
      await expect(page).toHaveURL(/\/dashboard$/);
      await nav(page).getByRole('link', { name: 'Grievances' }).click();
      const table = page.getByRole('table', { name: 'Grievances' });
      await expect(table.getByRole('row').filter({ hasText: SADAR_FIR })).toContainText(KOTWALI);
      await expect(table.getByRole('row').filter({ hasText: KOTWALI_FIR })).toBeVisible();
      await page.getByRole('link', { name: number, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: number })).toBeVisible();
      await expect(factValue(page, 'District')).toHaveText(MATHURA);
      await expect(factValue(page, 'Police Station')).toHaveText(KOTWALI);
      const transfers = page.getByRole('table', { name: 'Transfers' });
      const rows = transfers.getByRole('row');
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(1)).toContainText(`${SADAR}${KOTWALI}${SADAR_USER.name}${REASON}`);
      await expect(page.getByRole('list', { name: 'Audit history' })).toContainText('Transferred');
      await expectAccessible(page);
      await snap(page, 'transfer-history');
    });

    await test.step('the Kotwali user assigns it from its screen, offered only officers who would see it', async () => {
      await page.getByRole('button', { name: 'Assign', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Assign Grievance ${number}` });
      await expect(dialog.getByText('Not assigned yet')).toBeVisible();
      await expect(dialog.getByRole('radio', { name: `${KOTWALI_USER.name} (Inspector)` })).toBeVisible();
      // The Sadar Bazar user would not see a Kotwali grievance: not offered.
      await expect(dialog.getByRole('radio', { name: new RegExp(SADAR_USER.name) })).toHaveCount(0);
      await dialog.getByLabel('Find an officer').fill('kiran');
      await expect(dialog.getByRole('radio')).toHaveCount(1);
      await clickControl(dialog.getByRole('radio', { name: `${KOTWALI_USER.name} (Inspector)` }));
      await expectAccessible(page);
      await snap(page, 'assign-dialog');
      await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('status').filter({ hasText: `Grievance assigned to ${KOTWALI_USER.name}` })).toBeVisible();
      await expect(factValue(page, 'Assigned To')).toHaveText(KOTWALI_USER.name);
      await expect(page.getByRole('list', { name: 'Audit history' })).toContainText('Assigned');
    });
  });
});
