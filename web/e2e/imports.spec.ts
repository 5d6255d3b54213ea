// Imports from a file against the real portal: an organisation file checked (nothing written),
// its report read in English and in Hindi, a failing row corrected, a column the portal does
// not recognise matched by hand, and the file imported; then a staff file whose new user sets
// a password from their one-time link and signs in with it.
import type { Locator, Page } from '@playwright/test';
import { clickControl, ensureRole, expect, expectAccessible, signIn, signInAs, snap, test } from './fixtures';
import { ADMIN } from './admin';

const stamp = Date.now().toString(36).toUpperCase();

// As Excel saves "CSV UTF-8": Windows line endings.
const csv = (lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');

async function openImport(page: Page) {
  await page.goto('/admin?list=import');
  await expect(page.getByRole('heading', { level: 2, name: 'Import from a file' })).toBeVisible();
}

/** Picks a file and has it checked: the report's heading names it. */
async function check(page: Page, name: string, buffer: Buffer) {
  await page.getByLabel('File', { exact: true }).setInputFiles({ name, mimeType: 'text/csv', buffer });
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByRole('heading', { level: 3, name: `Check of ${name}` })).toBeVisible();
}

/** A count of the report or of the result, by its label. */
const count = (page: Page, label: string): Locator => page.locator('.import-counts .fact').filter({ has: page.getByText(label, { exact: true }) }).locator('dd');

async function switchLanguage(page: Page, menuName: string, language: string) {
  await page.getByRole('button', { name: menuName }).click();
  await page.getByRole('menuitem', { name: language }).click();
}

test.describe('imports', () => {
  test('an administrator checks an organisation file, reads the report in English and Hindi, maps a column and imports it', async ({ page }) => {
    test.setTimeout(150_000);
    const range = `Harbour Range ${stamp}`;
    const district = `Harbour ${stamp}`;
    const dock = `Dock Gate ${stamp}`;
    const lost = `Lost Post ${stamp}`;
    const header = 'range,district,district_code,station,station_code';
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await openImport(page);
    await expect(page.getByRole('tablist', { name: 'Data' }).getByRole('tab', { name: 'Import' })).toHaveAttribute('aria-selected', 'true');
    await clickControl(page.getByRole('radio', { name: 'Organisation (ranges, districts, police stations)' }));

    // A station in a district neither the file nor the portal has: the check says so, row by row.
    await check(
      page,
      'stations.csv',
      csv([header, `${range},${district},HB${stamp},,`, `,${district},,${dock},UP1${stamp}`, `,Nowhere,,${lost},UP2${stamp}`]),
    );
    await expect(page.getByText('A check only: nothing has been written yet.')).toBeVisible();
    await expect(count(page, 'Rows')).toHaveText('3');
    await expect(count(page, 'Failing')).toHaveText('1');
    const rows = page.getByRole('table', { name: 'Rows' });
    await expect(page.getByRole('checkbox', { name: 'Only failing rows' })).toBeChecked();
    const failing = rows.getByRole('row').filter({ hasText: 'Fails' });
    await expect(failing).toHaveCount(1);
    await expect(failing.getByRole('cell').first()).toHaveText('4');
    const english = (await failing.locator('.import-problems').innerText()).trim();
    expect(english).toMatch(/^district: /i);
    await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
    await expect(page.getByText('1 row fails: correct the file and check it again before importing.')).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'import-report');

    // In Hindi the same report reads in Hindi, the server's messages too.
    await switchLanguage(page, 'User menu for E2E Admin', 'हिन्दी');
    await expect(page.getByRole('heading', { level: 2, name: 'फ़ाइल से आयात' })).toBeVisible();
    const hindiRows = page.getByRole('table', { name: 'पंक्तियाँ' });
    const hindiFailing = hindiRows.getByRole('row').filter({ hasText: 'विफल' });
    await expect(hindiFailing).toHaveCount(1);
    const hindi = (await hindiFailing.locator('.import-problems').innerText()).trim();
    expect(hindi).not.toBe(english);
    expect(hindi).toMatch(/[\u0900-\u097F]/);
    await expect(page.getByRole('button', { name: 'आयात करें', exact: true })).toBeDisabled();
    await expectAccessible(page);
    await snap(page, 'import-report-hi');
    await switchLanguage(page, 'E2E Admin का उपयोगकर्ता मेनू', 'English');
    await expect(page.getByRole('heading', { level: 2, name: 'Import from a file' })).toBeVisible();

    // Corrected, with the station code under a heading the portal does not know: matched by hand.
    await check(
      page,
      'stations-fixed.csv',
      csv([
        'range,district,district_code,station,NIC code',
        `${range},${district},HB${stamp},,`,
        `,${district},,${dock},UP1${stamp}`,
        `,${district},,${lost},UP2${stamp}`,
      ]),
    );
    await expect(count(page, 'Failing')).toHaveText('0');
    const stationCode = page.getByLabel('Column for Police station code');
    await expect(stationCode).toHaveValue('');
    await stationCode.selectOption('NIC code');
    await expect(page.getByText('The columns have changed: check the file again before importing.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
    await page.getByRole('button', { name: 'Check again' }).click();
    await expect(page.getByText('The columns have changed: check the file again before importing.')).toBeHidden();
    await expect(page.getByLabel('Column for Police station code')).toHaveValue('NIC code');
    await expect(count(page, 'Failing')).toHaveText('0');
    const toCreate = (await count(page, 'To create').innerText()).trim();
    expect(Number(toCreate)).toBeGreaterThanOrEqual(3);
    // With no failing row every row shows.
    await expect(page.getByRole('checkbox', { name: 'Only failing rows' })).not.toBeChecked();
    await expect(page.getByRole('table', { name: 'Rows' }).getByRole('row').filter({ hasText: 'Create' })).not.toHaveCount(0);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByText('Imported: every row of the file is in.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: /^Import IMP-/ })).toBeVisible();
    await expect(count(page, 'Created')).toHaveText(toCreate);
    await expectAccessible(page);
    await snap(page, 'import-done');

    // The stations are in, each with the code from the column matched by hand.
    await page.getByRole('tab', { name: 'Police Stations' }).click();
    const stations = page.getByRole('table', { name: 'Police Stations' });
    await expect(stations.getByRole('row').filter({ hasText: dock })).toContainText(`UP1${stamp}`);
    await expect(stations.getByRole('row').filter({ hasText: lost })).toContainText(district);
    await page.getByRole('tab', { name: 'Districts' }).click();
    await expect(page.getByRole('table', { name: 'Districts' }).getByRole('row').filter({ hasText: district })).toContainText(`HB${stamp}`);
  });

  test('a user imported from a staff file sets a password from their link and signs in', async ({ page, request }) => {
    test.setTimeout(120_000);
    await ensureRole(request, 'Imported Clerk', [
      { resource: 'grievances', can_create: false, can_read: true, can_view_all: false, can_update: false, can_delete: false },
    ]);
    const officer = { name: `Imported Clerk ${stamp}`, email: `clerk.${stamp.toLowerCase()}@import.test`, password: 'Imported-Pass-1' };
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await openImport(page);
    await clickControl(page.getByRole('radio', { name: 'Staff' }));
    await check(
      page,
      'staff.csv',
      csv(['email,name,role,department,designation', `${officer.email},${officer.name},Imported Clerk,Crime Branch,Inspector`]),
    );
    await expect(count(page, 'Failing')).toHaveText('0');
    await expect(count(page, 'To create')).toHaveText('1');
    await page.getByRole('button', { name: 'Import', exact: true }).click();

    const links = page.getByRole('table', { name: 'Sign-in links' });
    const row = links.getByRole('row').filter({ hasText: officer.email });
    await expect(row).toContainText(officer.name);
    await expect(page.getByText(/shown once only, here, and expire in 7 days/)).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'import-sign-in-links');
    const link = (await row.locator('code').innerText()).trim();
    const fragment = new URL(link).hash;
    expect(fragment).toMatch(/^#token=./);

    // Signed out, on this portal's address (the link names the portal's configured one).
    await page.getByRole('button', { name: `User menu for ${ADMIN.name}` }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await page.goto(`/set-password${fragment}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Set your password' })).toBeVisible();
    await expect(page).toHaveURL(/\/set-password$/);
    await page.getByLabel('New Password', { exact: true }).fill(officer.password);
    await page.getByLabel('Confirm New Password', { exact: true }).fill('Something-Else-1');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByText('New passwords do not match')).toBeVisible();
    await page.getByLabel('Confirm New Password', { exact: true }).fill(officer.password);
    await expectAccessible(page);
    await snap(page, 'set-password');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByText('Your password is set. Sign in with your email and the new password.')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Go to sign in' }).click();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();

    await signInAs(page, officer.email, officer.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('button', { name: `User menu for ${officer.name}` })).toBeVisible();
  });
});
