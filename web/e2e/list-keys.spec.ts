// The grievance list from the keyboard, against the real portal: 'j' down the rows and Enter
// on the third opens it, '/' puts the cursor in the search box, '?' lists the keys; the filter
// panel closed to a one-line summary and open, checked with axe; and a whole grievance number
// typed in the search offers "Open <number>", which opens it.
import type { APIRequestContext } from '@playwright/test';
import { adminApi, caseBody, expect, expectAccessible, signIn, snap, test } from './fixtures';

const stamp = Date.now().toString(36).toUpperCase();

interface Filed {
  id: number;
  grievance_number: string;
  fir_no: string;
}

/** Files a grievance through the API, as the administrator. */
async function file(request: APIRequestContext, firNo: string): Promise<Filed> {
  const api = await adminApi(request);
  const created = await api.post(
    '/grievances',
    caseBody({
      fir_no: firNo,
      fir_date: '2025-03-01',
      section_and_act: '379 IPC',
      crime_title: 'Theft',
      brief_details: 'A motorcycle taken from outside the market.',
    }),
  );
  expect(created.status(), `file ${firNo}`).toBe(201);
  return ((await created.json()) as { data: Filed }).data;
}

test('the list is worked from the keyboard', async ({ page, request }) => {
  for (const n of [1, 2, 3]) await file(request, `KEYS-${n}-${stamp}`);

  await signIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/grievances');
  const table = page.getByRole('table', { name: 'Grievances' });
  const rows = table.locator('tbody tr');
  await expect(rows.nth(2)).toBeVisible();

  // The filters start closed, saying so in one line; axe with the panel closed.
  const toggle = page.getByRole('button', { name: /^Search & Filters/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toContainText('No filters');
  await expectAccessible(page);

  // The third row, whatever it holds: 'j' three times reaches it and Enter opens it.
  const third = rows.nth(2).getByRole('link').first();
  const number = ((await third.textContent()) ?? '').trim();
  const href = (await third.getAttribute('href')) ?? '';
  expect(number).toMatch(/^GRV-\d{4}-\d{6}$/);
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await expect(third).toBeFocused();
  await expect(rows.nth(2)).toHaveClass(/row-current/);
  await snap(page, 'grievance-list-keys');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('heading', { level: 1, name: number })).toBeVisible();

  // Back on the list: '/' opens the filters on the search box, where keys are text.
  await page.goBack();
  await expect(rows.nth(2)).toBeVisible();
  await page.keyboard.press('/');
  const search = page.getByRole('textbox', { name: 'Search', exact: true });
  await expect(search).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.type('jk');
  await expect(search).toHaveValue('jk');
  await expect(page).toHaveURL(/search=jk/);
  // axe with the panel open.
  await expectAccessible(page);
  await search.fill('');
  await expect(page).not.toHaveURL(/search=/);

  // '?' lists the keys; Escape closes the list.
  await page.getByRole('heading', { level: 1, name: 'Grievances & FIR Management' }).click();
  await page.keyboard.press('?');
  const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(shortcuts).toBeVisible();
  await expect(shortcuts).toContainText('Go to the search box');
  await expect(shortcuts).toContainText('Open the highlighted case');
  await expect(shortcuts).toContainText('Start a new case');
  await expectAccessible(page);
  await snap(page, 'grievance-list-shortcuts');
  await page.keyboard.press('Escape');
  await expect(shortcuts).toBeHidden();

  // A filter set, the panel closed again: the summary names it.
  await page.getByLabel('Status').selectOption('Pending');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toContainText('Status: Pending');
  await snap(page, 'grievance-list-filter-summary');

  // 'c' starts a new case for the administrator.
  await page.keyboard.press('c');
  await expect(page).toHaveURL(/\/grievances\/new$/);
});

test('a whole grievance number typed in the search offers its grievance, which opens', async ({ page, request }) => {
  const filed = await file(request, `WHOLE-${stamp}/2025`);

  await signIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/grievances');
  await expect(page.getByRole('table', { name: 'Grievances' })).toBeVisible();
  await page.getByRole('button', { name: /^Search & Filters/ }).click();
  // Typed in small letters: numbers are looked up whatever the capitals.
  await page.getByRole('textbox', { name: 'Search', exact: true }).fill(filed.grievance_number.toLowerCase());
  const offer = page.getByRole('list', { name: 'Grievances with this number' });
  const open = offer.getByRole('link', { name: `Open ${filed.grievance_number}` });
  await expect(open).toBeVisible();
  await expect(offer).toContainText(`FIR ${filed.fir_no}`);
  await expectAccessible(page);
  await snap(page, 'grievance-open-number');
  await open.click();
  await expect(page).toHaveURL(new RegExp(`/grievances/${filed.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: filed.grievance_number })).toBeVisible();
});
