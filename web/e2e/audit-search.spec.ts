// Audit History search against the real portal: it runs on the
// server over the whole trail, so a grievance whose records are far past the
// first page is still found by its number, on screen and in the API. The page
// says whether the chains of the records it shows hold.
import { readFile } from 'node:fs/promises';
import { adminApi, expect, expectAccessible, nextDownload, signIn, test } from './fixtures';

const stamp = Date.now().toString(36).toUpperCase();

const grievance = (firNo: string) => ({
  fir_no: firNo,
  fir_date: '2025-03-01',
  section_and_act: '379 IPC',
  crime_title: 'Theft',
  district: 'Central District',
  police_station: 'City Kotwali',
  status: 'Pending',
  priority: 'Medium',
  put_in_court: false,
  cross_case: false,
  investigation_officers: [],
  brief_details: 'A bicycle taken from outside the market.',
});

type AdminApi = Awaited<ReturnType<typeof adminApi>>;

async function file(api: AdminApi, firNo: string) {
  const created = await api.post('/grievances', grievance(firNo));
  expect(created.status(), `file ${firNo}`).toBe(201);
  return ((await created.json()) as { data: { id: number; grievance_number: string } }).data;
}

interface AuditRow {
  grievance_id: number;
  grievance_number: string;
  action: string;
}

test('an Audit History search finds an old grievance by its number, past the first page', async ({ page, request }) => {
  const api = await adminApi(request);
  const old = await file(api, `OLD-${stamp}/2019`);
  // A hundred newer records push the old one off the first page (100 records).
  for (let batch = 0; batch < 10; batch += 1) {
    await Promise.all(Array.from({ length: 10 }, (_, n) => file(api, `NEW-${stamp}-${batch * 10 + n}`)));
  }
  const firstPage = (await (await api.get('/audit/all?limit=100&offset=0')).json()) as AuditRow[];
  expect(firstPage.some((record) => record.grievance_id === old.id)).toBe(false);
  const searched = (await (await api.get(`/audit/all?limit=100&offset=0&search=${old.grievance_number}`)).json()) as AuditRow[];
  expect(searched.map((record) => [record.grievance_number, record.action])).toEqual([[old.grievance_number, 'CREATED']]);

  await signIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/audit');
  const table = page.getByRole('table', { name: 'Audit Records' });
  await expect(table.getByRole('row')).toHaveCount(101);
  // The server checked the chains of the hundred records shown.
  await expect(page.getByRole('status').filter({ hasText: 'Integrity verified' })).toBeVisible();
  await expect(table.getByRole('link', { name: old.grievance_number })).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Search', exact: true }).fill(old.grievance_number.toLowerCase());
  await expect(page.getByText(`Records 1–1 matching “${old.grievance_number.toLowerCase()}”`)).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('link', { name: old.grievance_number })).toBeVisible();
  await expect(table.getByRole('row').nth(1)).toContainText('Created');
  await expectAccessible(page);
  // The search is the address's: a reload keeps it, in the Filters panel's box too.
  await expect(page).toHaveURL(new RegExp(`/audit\\?search=${old.grievance_number.toLowerCase()}$`));
  await page.reload();
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Filters' }).click();
  await expect(page.getByRole('form', { name: 'Audit filters' }).getByLabel('Search Text')).toHaveValue(old.grievance_number.toLowerCase());

  // The records found, exported as CSV: the file holds that one record and says what it is.
  const download = nextDownload(page);
  await page.getByRole('group', { name: 'Export audit records' }).getByRole('button', { name: 'CSV' }).click();
  await expect(page.getByText('CSV export ready: 1 audit record')).toBeVisible();
  const saved = await download;
  expect(saved.suggestedFilename()).toMatch(/^audit_history_\d{8}_\d{4}\.csv$/);
  const text = (await readFile((await saved.path())!)).toString('utf8');
  expect(text.startsWith('\ufeffAudit History')).toBe(true);
  expect(text).toContain('Integrity: verified');
  // The action as the screen names it, and the plural the count takes.
  expect(text).toContain(`${old.grievance_number},Created`);
  expect(text).toContain('every hash and link of the 1 record in the 1 chain of these records holds');
});
