// Closing the loop with the complainant, against the real portal: a case is filed through the
// form with its complainant's mobile, their language for messages (Hindi) and their consent to
// be told of progress by SMS; the edit form shows both as kept. On the case screen an officer
// sends a progress update: the screen says beforehand that it goes by SMS to the masked mobile
// and counts as telling the informant (BNSS s.193(3)(ii)), lists it once sent, and the case's
// history holds its PROGRESS_RECORDED record. The case screen passes axe before and after.
import { adminApi, clickControl, expect, expectAccessible, signIn, snap, test } from './fixtures';

const RUN = Date.now().toString(36).toUpperCase();
const FIR = `CPR-${RUN}/1`;
const PROGRESS = 'Statements of two witnesses recorded; the CCTV footage is being examined.';

/** `days` before today in India, as the date boxes take it. */
function daysAgo(days: number): string {
  return new Date(Date.now() + 330 * 60_000 - days * 86_400_000).toISOString().slice(0, 10);
}

test('a case filed with the complainant in Hindi and their consent is sent progress, listed and in its history', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/grievances/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New Grievance / FIR' })).toBeVisible();
  await page.getByLabel('FIR Number').fill(FIR);
  await page.getByLabel('FIR Date').fill(daysAgo(5));
  await page.getByLabel('Section & Act').fill('BNS 303(2)');
  await page.getByLabel('Crime Title').selectOption('Theft');
  await page.getByLabel('District').selectOption('North District');
  await page.getByLabel('Police Station').selectOption('Civil Lines');
  await page.getByLabel('Brief Details').fill('Motorcycle stolen from outside the complainant’s shop at night.');
  const person = page.getByRole('group', { name: 'Person 1' });
  await person.getByLabel('Role').selectOption('Complainant or informant');
  await person.getByLabel('Name', { exact: true }).fill('Ram Lal');
  await person.getByLabel('Mobile').fill('98123 45678');
  const people = page.getByRole('region', { name: 'People in the case' });
  await people.getByLabel("Complainant's language for messages").selectOption('हिंदी');
  const consent = people.getByRole('checkbox', { name: 'The complainant agrees to be told of progress by SMS' });
  await clickControl(consent);
  await expect(consent).toBeChecked();
  await page.getByRole('button', { name: 'Create Grievance' }).click();
  await expect(page).toHaveURL(/\/grievances\/\d+$/, { timeout: 10_000 });
  const id = Number(/\/grievances\/(\d+)$/.exec(page.url())![1]);

  // Kept on the case as chosen, and shown so on the edit form.
  const api = await adminApi(request);
  const filed = ((await (await api.get(`/grievances/${id}`)).json()) as { data: { citizen_language: string; sms_consent: boolean } }).data;
  expect(filed).toMatchObject({ citizen_language: 'hi', sms_consent: true });

  const section = page.getByRole('region', { name: 'Progress for the complainant' });
  await expect(section).toContainText('No progress recorded for the complainant yet.');
  const send = section.getByRole('button', { name: 'Send progress' });
  await expect(send).toHaveAccessibleDescription(
    "Goes by SMS, in हिंदी, to the complainant's mobile ******678. With consent: counts as telling the informant of progress (BNSS s.193(3)(ii)).",
  );
  await expectAccessible(page);

  // Too short: the server's own words, before anything is sent.
  await section.getByRole('textbox', { name: 'Progress update' }).fill('Soon.');
  await send.click();
  await expect(section.getByText('Write the progress made, in at least 10 characters')).toBeVisible();

  await section.getByRole('textbox', { name: 'Progress update' }).fill(PROGRESS);
  await expect(section).toContainText(`${PROGRESS.length} / 300 characters`);
  await send.click();
  await expect(page.getByRole('status').filter({ hasText: 'Progress recorded' })).toHaveText('Progress recorded; an SMS goes to ******678');
  const updates = section.getByRole('list', { name: 'Progress updates' });
  await expect(updates.getByRole('listitem')).toHaveCount(1);
  await expect(updates.getByRole('listitem')).toContainText(PROGRESS);
  await expect(updates.getByRole('listitem')).toContainText('E2E Admin');
  await expect(section.getByRole('textbox', { name: 'Progress update' })).toHaveValue('');

  const history = page.getByRole('list', { name: 'Audit history' });
  const recorded = history.getByRole('listitem').filter({ hasText: 'Progress recorded' });
  await expect(recorded).toContainText(PROGRESS);
  await expect(recorded).toContainText('Progress for the complainant');
  const trail = ((await (await api.get(`/grievances/${id}/history`)).json()) as { data: { action: string; new_value: string | null }[] }).data;
  expect(trail).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'PROGRESS_RECORDED', new_value: PROGRESS })]));
  await expectAccessible(page);
  await snap(page, 'complainant-progress');

  await page.goto(`/grievances/edit/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Grievance' })).toBeVisible();
  await expect(page.getByLabel("Complainant's language for messages")).toHaveValue('hi');
  await expect(page.getByRole('checkbox', { name: 'The complainant agrees to be told of progress by SMS' })).toBeChecked();
});
