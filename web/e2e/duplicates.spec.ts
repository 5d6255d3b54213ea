// Duplicate warnings against the real portal: a grievance is filed with a FIR
// number no other spec uses; a second one started with the same FIR number (in other
// capitals), police station and year shows 'Possible duplicates' with a link to the first;
// Save is refused (by the form, and by the server without the confirmation) until 'This is
// a different case' is ticked, and then it is saved.
import type { Page } from '@playwright/test';
import { adminApi, clickControl, expect, expectAccessible, signIn, snap, test } from './fixtures';

const stamp = Date.now().toString(36).toUpperCase();
const FIR = `DUP-${stamp}/2025`;
const DISTRICT = 'South District';
const STATION = 'Cantonment';

/** Fills the new-grievance form with FIR, its date, the station and the brief details. */
async function fill(page: Page, firNo: string, firDate: string, brief: string) {
  await page.goto('/grievances/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New Grievance / FIR' })).toBeVisible();
  await page.getByLabel('FIR Number').fill(firNo);
  await page.getByLabel('FIR Date').fill(firDate);
  await page.getByLabel('Section & Act').fill('379 IPC');
  await page.getByLabel('Crime Title').selectOption('Theft');
  await page.getByLabel('District').selectOption(DISTRICT);
  await page.getByLabel('Police Station').selectOption(STATION);
  await page.getByLabel('Brief Details').fill(brief);
}

/** Saves the form; answers the new grievance's id and number from the screen it opens. */
async function saved(page: Page): Promise<{ id: number; number: string }> {
  await expect(page.getByText('Saved successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/grievances\/\d+$/, { timeout: 5_000 });
  const heading = page.getByRole('heading', { level: 1, name: /^GRV-\d{4}-\d{6}$/ });
  await expect(heading).toBeVisible();
  return { id: Number(new URL(page.url()).pathname.split('/').pop()), number: (await heading.textContent())?.trim() ?? '' };
}

test('a FIR number already recorded at the station that year is saved only as a different case', async ({ page, request }) => {
  test.setTimeout(120_000);
  const api = await adminApi(request);
  const filed = async () => {
    const answer = await api.get(`/grievances?fir_no=${encodeURIComponent(FIR)}`);
    expect(answer.ok()).toBe(true);
    return ((await answer.json()) as { data: { id: number }[] }).data.map((g) => g.id).sort((a, b) => a - b);
  };

  await signIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);

  // The first: no grievance has its FIR number yet.
  await fill(page, FIR, '2025-03-10', 'Bicycle taken from outside the cantonment library in the afternoon.');
  await page.getByRole('button', { name: 'Create Grievance' }).click();
  const first = await saved(page);
  expect(await filed()).toEqual([first.id]);

  // The second: the same FIR number in small letters, the same station, later that year.
  await fill(page, FIR.toLowerCase(), '2025-08-21', 'A mobile phone was snatched near the cantonment market gate.');
  const panel = page.getByRole('region', { name: 'Possible duplicates' });
  await expect(panel).toBeVisible();
  const same = panel.getByRole('list', { name: 'Same FIR number at this police station this year' });
  const item = same.getByRole('listitem').filter({ hasText: first.number });
  await expect(item).toContainText(`FIR ${FIR} of 10 Mar 2025`);
  await expect(item).toContainText(STATION);
  await expect(item).toContainText('Pending');
  const link = item.getByRole('link', { name: new RegExp(first.number) });
  await expect(link).toHaveAttribute('href', `/grievances/${first.id}`);
  await expect(link).toHaveAttribute('target', '_blank');
  const differentCase = panel.getByRole('checkbox', { name: 'This is a different case' });
  await expect(differentCase).not.toBeChecked();
  await expectAccessible(page);
  await snap(page, 'grievance-duplicates');

  // Saving without the confirmation is refused, on the form and by the server.
  await page.getByRole('button', { name: 'Create Grievance' }).click();
  await expect(
    page.getByText("This FIR number is already recorded at this police station this year. Check the grievance listed, or tick 'This is a different case' to save."),
  ).toBeVisible();
  await expect(differentCase).toBeFocused();
  await expect(page).toHaveURL(/\/grievances\/new$/);
  await expectAccessible(page);
  await snap(page, 'grievance-duplicates-refused');
  const refused = await api.post('/grievances', {
    fir_no: FIR.toLowerCase(),
    fir_date: '2025-08-21',
    section_and_act: '379 IPC',
    crime_title: 'Theft',
    district: DISTRICT,
    police_station: STATION,
    status: 'Pending',
    priority: 'Medium',
    put_in_court: false,
    cross_case: false,
    investigation_officers: [],
    brief_details: 'A mobile phone was snatched near the cantonment market gate.',
  });
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toMatchObject({ code: 'DUPLICATE_FIR', params: { number: first.number } });
  expect(await filed()).toEqual([first.id]);

  // Confirmed as another case, it is saved.
  await clickControl(differentCase);
  await expect(differentCase).toBeChecked();
  await page.getByRole('button', { name: 'Create Grievance' }).click();
  const second = await saved(page);
  expect(second.id).not.toBe(first.id);
  expect(await filed()).toEqual([first.id, second.id]);
});
