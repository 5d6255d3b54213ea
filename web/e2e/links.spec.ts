// Linked grievances against the real portal: the administrator files two
// grievances through the API (FIR numbers no other spec uses), opens the first, links the
// second by its number and sees it listed; follows the link to the second, where the first
// is listed; unlinks them there, and the first lists none again.
import type { Page } from '@playwright/test';
import { adminApi, expect, expectAccessible, signIn, snap, test } from './fixtures';

const stamp = Date.now().toString(36).toUpperCase();
const STATION = 'City Kotwali';

interface Filed {
  id: number;
  grievance_number: string;
  fir_no: string;
}

const panel = (page: Page) => page.getByRole('region', { name: 'Linked grievances' });

/** Files a grievance at STATION through the API, as the administrator. */
async function fileAt(api: Awaited<ReturnType<typeof adminApi>>, firNo: string, brief: string): Promise<Filed> {
  const created = await api.post('/grievances', {
    fir_no: firNo,
    fir_date: '2025-04-02',
    section_and_act: '420 IPC',
    crime_title: 'Cheating and Fraud',
    district: 'Central District',
    police_station: STATION,
    status: 'Pending',
    priority: 'Medium',
    put_in_court: false,
    cross_case: true,
    investigation_officers: [],
    brief_details: brief,
  });
  expect(created.status(), `file ${firNo}`).toBe(201);
  return ((await created.json()) as { data: Filed }).data;
}

// Linking the same two again is refused on purpose (409).
test.use({ allowedConsole: [/the server responded with a status of 409/] });

test('two grievances are linked by number, each lists the other, and they are unlinked', async ({ page, request }) => {
  test.setTimeout(120_000);
  const api = await adminApi(request);
  const file = (firNo: string, brief: string) => fileAt(api, firNo, brief);
  const first = await file(`LINK-A-${stamp}`, 'Money taken for a plot of land that was sold to two buyers.');
  const second = await file(`LINK-B-${stamp}`, 'The second buyer of the same plot of land complains of the seller.');

  await signIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);

  // The first: nothing linked yet; the second linked by its number, typed in small letters.
  await page.goto(`/grievances/${first.id}`);
  await expect(page.getByRole('heading', { level: 1, name: first.grievance_number })).toBeVisible();
  const onFirst = panel(page);
  await expect(onFirst.getByText('No linked grievances')).toBeVisible();
  const form = onFirst.getByRole('form', { name: 'Link a grievance' });
  await form.getByLabel('Grievance number').fill(second.grievance_number.toLowerCase());
  await form.getByRole('button', { name: 'Link' }).click();
  await expect(onFirst.getByText(`${second.grievance_number} linked.`)).toBeVisible();

  const listed = onFirst.getByRole('list', { name: 'Linked grievances' }).getByRole('listitem');
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText(`FIR ${second.fir_no}`);
  await expect(listed).toContainText(STATION);
  await expect(listed).toContainText('Pending');
  const toSecond = listed.getByRole('link', { name: second.grievance_number });
  await expect(toSecond).toHaveAttribute('href', `/grievances/${second.id}`);
  await expect(form.getByLabel('Grievance number')).toHaveValue('');
  await expectAccessible(page);
  await snap(page, 'grievance-links');

  // Linked twice is refused, with the server's message under the number.
  await form.getByLabel('Grievance number').fill(second.grievance_number);
  await form.getByRole('button', { name: 'Link' }).click();
  await expect(form.getByText('These grievances are linked already')).toBeVisible();

  // The second lists the first. On a loaded machine a click can land while the panel is drawn
  // again after the refusal: it is clicked again until the screen changes.
  await expect(async () => {
    await toSecond.click();
    await expect(page).toHaveURL(new RegExp(`/grievances/${second.id}$`), { timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: second.grievance_number })).toBeVisible();
  const onSecond = panel(page);
  const back = onSecond.getByRole('list', { name: 'Linked grievances' }).getByRole('listitem');
  await expect(back).toHaveCount(1);
  await expect(back.getByRole('link', { name: first.grievance_number })).toHaveAttribute('href', `/grievances/${first.id}`);
  await expect(back).toContainText(`FIR ${first.fir_no}`);
  // No number left over from the first grievance's form.
  await expect(onSecond.getByLabel('Grievance number')).toHaveValue('');

  // Unlinked from the second, after the confirmation.
  await back.getByRole('button', { name: `Unlink ${first.grievance_number}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Unlink grievance' });
  await expect(dialog).toContainText(`Unlink ${first.grievance_number} from ${second.grievance_number}?`);
  await dialog.getByRole('button', { name: 'Unlink' }).click();
  await expect(dialog).toBeHidden();
  await expect(onSecond.getByText(`${first.grievance_number} unlinked.`)).toBeVisible();
  await expect(onSecond.getByText('No linked grievances')).toBeVisible();

  // The history says so.
  const history = page.getByRole('list', { name: 'Audit history' });
  await expect(history.getByText('Unlinked').first()).toBeVisible();

  // Neither lists the other now.
  const links = async (id: number) => ((await (await api.get(`/grievances/${id}/links`)).json()) as { data: unknown[] }).data;
  expect(await links(first.id)).toEqual([]);
  expect(await links(second.id)).toEqual([]);
  await page.goto(`/grievances/${first.id}`);
  await expect(panel(page).getByText('No linked grievances')).toBeVisible();
});

// A FIR number in hand: typed whole, in small letters, in the list's search, it offers the
// grievance that carries it (the server's index of numbers) above the results; it opens.
test('a grievance is opened from the list by its whole FIR number typed in the search', async ({ page, request }) => {
  const filed = await fileAt(await adminApi(request), `GOTO-${stamp}/2025`, 'A bicycle taken from outside the library.');

  await signIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/grievances');
  await expect(page.getByRole('table', { name: 'Grievances' })).toBeVisible();
  await page.getByRole('button', { name: /^Search & Filters/ }).click();
  await page.getByRole('textbox', { name: 'Search', exact: true }).fill(`goto-${stamp.toLowerCase()}/2025`);
  const offer = page.getByRole('list', { name: 'Grievances with this number' });
  const open = offer.getByRole('link', { name: `Open ${filed.grievance_number}` });
  await expect(open).toBeVisible();
  await expect(offer).toContainText(`FIR ${filed.fir_no} · ${STATION}`);
  await expectAccessible(page);
  await snap(page, 'grievance-go-to-number');
  await open.click();
  await expect(page).toHaveURL(new RegExp(`/grievances/${filed.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: filed.grievance_number })).toBeVisible();
});
