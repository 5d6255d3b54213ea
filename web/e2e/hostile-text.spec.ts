// Hostile text: script, markup and SQL-looking input is stored as typed and shown as text.
// Nothing of it runs (no dialog, no injected element) on the detail screen or in the list.
import { adminApi, expect, signIn, test } from './fixtures';

const stamp = Date.now().toString(36).toUpperCase();
const FIR = `XSS-${stamp}`;
const SCRIPT = `<script>window.__pwned = 1; alert('xss')</script><img src=x onerror="window.__pwned = 2">`;
const SQL = `'; DROP TABLE grievances; -- " OR 1=1`;
const UNICODE = 'हिंदी में विवरण — naïve café 🚓\tटैब';

test('script, markup and SQL-looking text is stored intact and shown as text', async ({ page, request }) => {
  const api = await adminApi(request);
  const created = await api.post('/grievances', {
      fir_no: FIR,
      fir_date: '2025-05-02',
      section_and_act: '420 IPC',
      crime_title: 'Cheating and Fraud',
      district: 'Central District',
      police_station: 'City Kotwali',
      status: 'Pending',
      priority: 'High',
      investigation_officers: [{ officer_name: `SI ${SQL}`, from_date: '2025-05-03', to_date: null, findings: SCRIPT }],
      brief_details: `${SCRIPT}\n${SQL}\n${UNICODE}`,
      final_decision: UNICODE,
  });
  expect(created.status(), await created.text()).toBe(201);
  const { data } = (await created.json()) as { data: { id: number; brief_details: string; final_decision: string } };
  expect(data.brief_details).toBe(`${SCRIPT}\n${SQL}\n${UNICODE}`);
  expect(data.final_decision).toBe(UNICODE);

  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signIn(page);
  // Signed in before moving on: a navigation would cancel the sign-in request.
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/grievances/${data.id}`);
  await expect(page.getByText(SCRIPT, { exact: false }).first()).toBeVisible();
  await expect(page.getByText(UNICODE).first()).toBeVisible();
  await expect(page.getByText(`SI ${SQL}`)).toBeVisible();
  // Searching for the SQL-looking text finds it, as plain text.
  const found = await api.get(`/grievances?search=${encodeURIComponent('DROP TABLE grievances;')}`);
  expect(found.status()).toBe(200);
  const { data: rows } = (await found.json()) as { data: { fir_no: string }[] };
  expect(rows.map((g) => g.fir_no)).toContain(FIR);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(dialogs).toEqual([]);
});
