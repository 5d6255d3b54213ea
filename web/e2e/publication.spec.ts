// Withholding from publication against the real portal: the Admin, who holds "withhold from
// publication", withholds a case on its screen with a reason, and every reader is told so, in
// English and Hindi. The list's Publication export, the state's public list of FIRs, then
// downloads without that case, without a sensitive one, and with nothing of a victim or a
// mobile number.
import { readFile } from 'node:fs/promises';
import { adminApi, caseBody, expect, expectAccessible, nextDownload, signIn, snap, test } from './fixtures';
import { workbookTexts } from './xlsx-text';

const RUN = Date.now().toString(36).toUpperCase();
/** Every FIR number this spec files contains it, so a fir_no filter finds exactly them. */
const PREFIX = `PUB-${RUN}`;
const REASON = `Accused still at large; the FIR would warn him (e2e ${RUN})`;
const PUBLISHED = { complainant: 'Ram Kishore', mobile: '9811100033', victim: 'Geeta Rani' };
const SENSITIVE_VICTIM = 'Kamla Kumari';

/** `days` before today in India, as the API takes a date. */
function daysAgo(days: number): string {
  return new Date(Date.now() + 330 * 60_000 - days * 86_400_000).toISOString().slice(0, 10);
}

const filed = (suffix: string, section: string, crime: string, parties: object[]) =>
  caseBody({
    fir_no: `${PREFIX}-${suffix}`,
    fir_date: daysAgo(2),
    section_and_act: section,
    crime_title: crime,
    brief_details: 'Statement of the informant recorded at the station desk.',
    parties,
  });

test.describe.serial('withholding from publication', () => {
  let withheldId = 0;

  test.beforeAll(async ({ request }) => {
    const api = await adminApi(request);
    const cases = [
      filed('A', 'BNS 303(2)', 'Theft', [{ role: 'complainant', name: 'Mohan Lal', mobile: '9811100044' }]),
      filed('B', 'BNS 303(2)', 'Theft', [
        { role: 'complainant', name: PUBLISHED.complainant, mobile: PUBLISHED.mobile },
        { role: 'victim', name: PUBLISHED.victim, gender: 'female' },
      ]),
      filed('C', 'BNS 64', 'Assault', [
        { role: 'complainant', name: 'Shanti Devi', mobile: '9811100055' },
        { role: 'victim', name: SENSITIVE_VICTIM, gender: 'female', age: 16 },
      ]),
    ];
    const ids: number[] = [];
    for (const body of cases) {
      const made = await api.post('/grievances', body);
      expect(made.status(), `file ${body.fir_no}`).toBe(201);
      ids.push(((await made.json()) as { data: { id: number } }).data.id);
    }
    withheldId = ids[0];
  });

  test('the Admin withholds a case with a reason; its screen says so, in English and Hindi', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`/grievances/${withheldId}`);
    const section = page.getByRole('region', { name: 'Publication' });
    await expect(section).toContainText("Not withheld from the state's public list of FIRs.");

    await section.getByRole('button', { name: 'Withhold from publication' }).click();
    const dialog = page.getByRole('dialog', { name: 'Withhold from publication' });
    await expect(dialog).toContainText("The change is recorded in the case's history with your reason.");
    await dialog.getByLabel('Reason').fill(REASON);
    await expectAccessible(page);
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/grievances/${withheldId}/publication`) && r.request().method() === 'PUT');
    await dialog.getByRole('button', { name: 'Withhold from publication' }).click();
    expect((await saved).status()).toBe(200);
    await expect(dialog).toBeHidden();

    await expect(page.getByRole('status').filter({ hasText: 'Case withheld from publication' })).toBeVisible();
    await expect(section.getByRole('note')).toHaveText('Withheld from publication');
    await expect(section).toContainText(REASON);
    await expect(section.getByRole('button', { name: 'Publish again' })).toBeVisible();
    // The marking is a change of the case, in its history.
    await expect(page.getByRole('list', { name: 'Audit history' })).toContainText(`Withheld from publication by`);
    await expectAccessible(page);
    await snap(page, 'grievance-publication-withheld');

    // Read again from the server, in Hindi.
    await page.reload();
    await page.getByRole('button', { name: /^User menu for / }).click();
    await page.getByRole('menuitem', { name: 'हिन्दी' }).click();
    const hindi = page.getByRole('region', { name: 'प्रकाशन' });
    await expect(hindi.getByRole('note')).toHaveText('प्रकाशन से रोका गया');
    await expect(hindi).toContainText('रोकने का कारण');
    await expect(hindi).toContainText(REASON);
    await expect(hindi.getByRole('button', { name: 'फिर से प्रकाशित करें' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: /का उपयोगकर्ता मेनू$/ }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.getByRole('region', { name: 'Publication' })).toBeVisible();
  });

  test("the list's Publication export downloads the public list of FIRs: no withheld or sensitive case, no victim, no mobile", async ({ page }) => {
    test.setTimeout(120_000);
    expect(withheldId, 'the case withheld in the test before').toBeGreaterThan(0);
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`/grievances?fir_no=${encodeURIComponent(PREFIX)}`);
    await expect(page.getByText(/^Showing 3 of \d+ grievances/)).toBeVisible();
    // The publication export sits with the filters it is run by.
    await page.getByRole('button', { name: /^Search & Filters/ }).click();
    const exports = page.getByRole('group', { name: 'Export for publication' });
    const button = exports.getByRole('button', { name: 'Publication' });
    await expect(button).toHaveAttribute('title', "The state's public list of FIRs, without withheld or sensitive cases");
    await expectAccessible(page);

    const answer = page.waitForResponse((r) => r.url().includes('/api/grievances/export/publication'));
    const popup = page.waitForEvent('popup');
    const download = nextDownload(page);
    await button.click();
    const answered = await answer;
    expect(answered.status()).toBe(200);
    expect(new URL(answered.url()).searchParams.get('fir_no')).toBe(PREFIX);
    expect(answered.request().headers()['authorization']).toMatch(/^Bearer /);
    // Only the case that may be published is written.
    expect(((await answered.json()) as { rows: number }).rows).toBe(1);
    await popup;
    await expect(page.getByText('Publication export ready: 1 FIR', { exact: true })).toBeVisible();

    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^fir-publication-.*\.xlsx$/);
    const texts = workbookTexts(await readFile((await file.path())!));
    expect(texts).toContain(`${PREFIX}-B`);
    expect(texts).toContain(PUBLISHED.complainant);
    const all = texts.join('\n');
    for (const absent of [`${PREFIX}-A`, `${PREFIX}-C`, REASON, PUBLISHED.victim, PUBLISHED.mobile, SENSITIVE_VICTIM, 'Shanti Devi']) {
      expect(all, `the public list leaves out ${absent}`).not.toContain(absent);
    }
  });
});
