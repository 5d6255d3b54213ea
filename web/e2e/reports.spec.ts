// Reports in Chromium: grievances filed through the API show up in the six
// reports, each drawn as a chart (a canvas) beside its table, the chapter report in English
// and in Hindi; a wrong range is refused on
// the page; an export opens its short-lived link and downloads the workbook. A case whose
// statutory clock was missed shows in the compliance report, on screen in English and
// Hindi and in its workbook. The complainants' satisfaction report shows its table, and
// says so in a period without ratings, in English and Hindi. On an en-US browser the
// period's date boxes still read and show dd/mm/yyyy.
import { readFile } from 'node:fs/promises';
import { adminApi, expect, expectAccessible, nextDownload, signIn, test } from './fixtures';
import { workbookTexts } from './xlsx-text';

const stamp = Date.now().toString(36).toUpperCase();

const grievance = (n: number, crime: string) => ({
  fir_no: `REP-${stamp}-${n}`,
  fir_date: '2025-05-02',
  section_and_act: '379 IPC',
  crime_title: crime,
  district: 'Central District',
  police_station: 'City Kotwali',
  status: 'Pending',
  priority: 'High',
  put_in_court: false,
  cross_case: false,
  investigation_officers: [],
  brief_details: 'Two-wheeler stolen from outside the market.',
});


interface MonthlyReport {
  months: { month: string; filed: number; disposed: number }[];
}

interface ComplianceAnswer {
  rows: { station_name: string; figures: { missed: number } }[];
  missed: { grievance_number: string; rule_name: string; due_on: string; days_late: number }[];
}

interface SatisfactionAnswer {
  rows: { station: string }[];
}

/** `days` before today in India, as YYYY-MM-DD. */
function daysAgo(days: number): string {
  return new Date(Date.now() + 330 * 60_000 - days * 86_400_000).toISOString().slice(0, 10);
}

test.describe('reports', () => {
  test.beforeAll(async ({ request }) => {
    const api = await adminApi(request);
    for (const [n, crime] of [[1, 'Theft'], [2, 'Theft'], [3, 'Cyber Crime']] as const) {
      const created = await api.post('/grievances', grievance(n, crime));
      expect(created.status(), `admin files grievance ${n}`).toBe(201);
    }
  });

  test('the Reports screen draws its charts and figures, and exports a report', async ({ page }) => {
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    const monthlyAnswer = page.waitForResponse((r) => r.url().includes('/api/reports/monthly'));
    await page.getByRole('navigation', { name: 'Main navigation', exact: true }).getByRole('link', { name: 'Reports' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();

    // Every report is drawn: a canvas in each of the six sections.
    for (const name of ['pendency', 'monthly', 'disposal', 'crime-heads', 'chapters', 'compliance']) {
      await expect(page.locator(`section[data-report="${name}"] canvas`), `${name} chart`).toHaveCount(1);
    }

    await expectAccessible(page);

    // The monthly table shows the server's figures; this month holds at least the three filed now.
    const monthly = (await (await monthlyAnswer).json()) as MonthlyReport;
    const thisMonth = monthly.months[monthly.months.length - 1]!;
    expect(thisMonth.filed).toBeGreaterThanOrEqual(3);
    const monthlySection = page.locator('section[data-report="monthly"]');
    const lastRow = monthlySection.getByRole('row').last();
    await expect(lastRow.getByRole('cell').nth(1)).toHaveText(new Intl.NumberFormat('en-IN').format(thisMonth.filed));

    // The station's row in the pendency table, and the crime heads filed.
    const pendency = page.locator('section[data-report="pendency"]');
    await expect(pendency.getByRole('row').filter({ hasText: 'City Kotwali' })).toHaveCount(1);
    const crimes = page.locator('section[data-report="crime-heads"]');
    await expect(crimes.getByRole('cell', { name: 'Theft', exact: true })).toBeVisible();
    await expect(crimes.getByRole('cell', { name: 'Cyber Crime', exact: true })).toBeVisible();
    // Filed under IPC 379, theft: counted under the chapter of BNS 303(2), which replaced it.
    const chapters = page.locator('section[data-report="chapters"]');
    const property = chapters.getByRole('row').filter({ hasText: 'BNS XVII' });
    await expect(property.getByRole('cell').nth(1)).toHaveText('Of offences against property');

    // A range that ends before it starts is refused on the page.
    await page.getByLabel('From date').fill('2026-02-01');
    await page.getByLabel('To date').fill('2026-01-01');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page.getByText('From date must not be after To date')).toBeVisible();
    await page.getByLabel('From date').fill('');
    await page.getByLabel('To date').fill('');
    await page.getByRole('button', { name: 'Show' }).click();

    // Excel of the pendency report: a new window opens the link, the workbook downloads.
    const exportAnswer = page.waitForResponse((r) => r.url().includes('/api/reports/pendency/export/excel'));
    const download = nextDownload(page);
    await page.getByRole('group', { name: 'Export Station-wise pendency' }).getByRole('button', { name: 'Excel' }).click();
    const answered = await exportAnswer;
    expect(answered.status()).toBe(200);
    const link = (await answered.json()) as { url: string };
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(link.url).not.toContain(token!);
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^report-pendency-.*\.xlsx$/);
    expect((await readFile((await file.path())!)).subarray(0, 2).toString('latin1')).toBe('PK');
    await expect(page.getByText('The Excel file of Station-wise pendency is ready.')).toBeVisible();
  });

  test('a case that missed its statutory clock shows in the compliance report, in English, in Hindi and in its workbook', async ({ page, request }) => {
    // Recorded 120 days ago, after the BNSS came in: the informant was due news of the
    // investigation within 90 days (BNSS s.193(3)(ii)), 30 days ago, and has had none.
    const api = await adminApi(request);
    const created = await api.post('/grievances', {
      ...grievance(9, 'Theft'),
      fir_date: daysAgo(120),
      district: 'North District',
      police_station: 'Civil Lines',
    });
    expect(created.status(), 'admin files a case whose clock is missed').toBe(201);
    const late = ((await created.json()) as { data: { id: number; grievance_number: string } }).data;

    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    const answered = page.waitForResponse((r) => r.url().includes('/api/reports/compliance'));
    await page.goto('/reports');
    const report = (await (await answered).json()) as ComplianceAnswer;
    const section = page.locator('section[data-report="compliance"]');
    await expect(section.getByRole('heading', { level: 2, name: 'Statutory Compliance by Station' })).toBeVisible();
    await expect(section.locator('canvas')).toHaveCount(1);

    // The server lists the missed clock: due 90 days after the FIR, 30 days ago.
    const listed = report.missed.find((m) => m.grievance_number === late.grievance_number);
    expect(listed, 'the compliance report lists the missed clock').toMatchObject({ rule_name: 'Informant told of progress', due_on: daysAgo(30), days_late: 30 });
    const civilLines = report.rows.find((row) => row.station_name === 'Civil Lines');
    expect(civilLines?.figures.missed ?? 0).toBeGreaterThanOrEqual(1);

    // The station's row shows its missed clocks (other specs' cases may be there too).
    const stations = section.getByRole('table', { name: 'Statutory Compliance by Station' });
    const header = stations.getByRole('columnheader');
    await expect(header).toHaveText(['Police Station', 'Met on time', 'Met late', 'Missed', 'Running', 'Compliance (%)']);
    const stationRow = stations.getByRole('row').filter({ hasText: 'Civil Lines' });
    await expect(stationRow.getByRole('cell').nth(3)).toHaveText(new Intl.NumberFormat('en-IN').format(civilLines!.figures.missed));
    await expect(stations.getByRole('row').last().getByRole('cell').first()).toHaveText('Total');
    await expect(section.getByRole('table', { name: 'Compliance by Clock' }).getByRole('row').filter({ hasText: 'Informant told of progress' })).toHaveCount(1);

    // The clocks missed: the case's number opens it; the due day as dates are shown elsewhere.
    const missed = section.getByRole('table', { name: 'Clocks Missed' });
    const row = missed.getByRole('row').filter({ hasText: late.grievance_number });
    await expect(row.getByRole('cell')).toHaveText([
      late.grievance_number,
      `REP-${stamp}-9`,
      'Civil Lines',
      'Informant told of progress',
      await page.evaluate((day) => new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`)), daysAgo(30)),
      '30',
    ]);
    await expect(row.getByRole('link', { name: late.grievance_number })).toHaveAttribute('href', `/grievances/${late.id}`);
    await expectAccessible(page);

    // The Excel workbook of the report holds the case.
    const download = nextDownload(page);
    await section.getByRole('group', { name: 'Export Statutory Compliance by Station' }).getByRole('button', { name: 'Excel' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^report-compliance-.*\.xlsx$/);
    const texts = workbookTexts(await readFile((await file.path())!));
    expect(texts).toContain(late.grievance_number);
    expect(texts).toContain('Informant told of progress');
    await expect(page.getByText('The Excel file of Statutory Compliance by Station is ready.')).toBeVisible();

    // In Hindi, from the user menu: the headings, the station and the clock by their Hindi names.
    await page.getByRole('button', { name: 'User menu for E2E Admin' }).click();
    await page.getByRole('menuitem', { name: 'हिन्दी' }).click();
    await expect(section.getByRole('heading', { level: 2, name: 'थाना-वार वैधानिक समय-सीमा अनुपालन' })).toBeVisible();
    const hindiStations = section.getByRole('table', { name: 'थाना-वार वैधानिक समय-सीमा अनुपालन' });
    await expect(hindiStations.getByRole('columnheader')).toHaveText(['थाना', 'समय पर पूर्ण', 'विलंब से पूर्ण', 'चूक', 'चालू', 'अनुपालन (%)']);
    await expect(hindiStations.getByRole('row').filter({ hasText: 'सिविल लाइंस' }).getByRole('cell').nth(3)).toHaveText(new Intl.NumberFormat('en-IN').format(civilLines!.figures.missed));
    const hindiMissed = section.getByRole('table', { name: 'चूकी हुई समय-सीमाएँ' });
    await expect(hindiMissed.getByRole('columnheader')).toHaveText(['शिकायत संख्या', 'एफ़आईआर संख्या', 'थाना', 'समय-सीमा', 'नियत तिथि', 'विलंब (दिन)']);
    const hindiRow = hindiMissed.getByRole('row').filter({ hasText: late.grievance_number });
    await expect(hindiRow).toContainText('सूचनाकर्ता को अन्वेषण की प्रगति की सूचना');
    await expect(hindiRow).toContainText('सिविल लाइंस');
    await expectAccessible(page);
  });

  test("the complainants' satisfaction report shows its table, and says when the period has no ratings", async ({ page }) => {
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    const answered = page.waitForResponse((r) => r.url().includes('/api/reports/satisfaction'));
    await page.goto('/reports');
    const answer = await answered;
    expect(answer.status()).toBe(200);
    const report = (await answer.json()) as SatisfactionAnswer;

    const title = "Complainants' satisfaction by police station";
    const section = page.locator('section[data-report="satisfaction"]');
    await expect(section.getByRole('heading', { level: 2, name: title })).toBeVisible();
    const table = section.getByRole('table', { name: title });
    await expect(table.getByRole('columnheader')).toHaveText(['Police Station', 'Satisfied', 'Partly satisfied', 'Not satisfied', 'Total ratings', 'Satisfied (%)', 'Appeals']);
    // A rating is given through the complainant's SMS link: another spec on this worker's
    // portal may have given one, so the default period may hold rows or none.
    if (report.rows.length === 0) await expect(table.getByText('No ratings in this period.')).toBeVisible();
    else await expect(table.getByRole('row').last().getByRole('rowheader')).toHaveText('Total');
    await expectAccessible(page);

    // Years before any rating was given: none, whatever the other specs did.
    const asked = page.waitForResponse((r) => r.url().includes('/api/reports/satisfaction?from=2020-01-01&to=2020-01-31'));
    await page.getByLabel('From date').fill('2020-01-01');
    await page.getByLabel('To date').fill('2020-01-31');
    await page.getByRole('button', { name: 'Show' }).click();
    expect((await asked).status()).toBe(200);
    await expect(table.getByText('Ratings given from 1 Jan 2020 to 31 Jan 2020')).toBeVisible();
    await expect(table.getByText('No ratings in this period.')).toBeVisible();
    await expect(table.getByRole('columnheader')).toHaveCount(7);
    await expect(table.getByRole('rowheader')).toHaveCount(0);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'User menu for E2E Admin' }).click();
    await page.getByRole('menuitem', { name: 'हिन्दी' }).click();
    const hindiTable = section.getByRole('table', { name: 'थाना-वार शिकायतकर्ताओं की संतुष्टि' });
    await expect(hindiTable.getByRole('columnheader')).toHaveText(['थाना', 'संतुष्ट', 'आंशिक रूप से संतुष्ट', 'असंतुष्ट', 'कुल प्रतिक्रियाएँ', 'संतुष्ट (%)', 'अपील']);
    await expect(hindiTable.getByText('इस अवधि में कोई प्रतिक्रिया नहीं मिली।')).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('reports on an en-US browser', () => {
  // Chromium draws a native date input in the browser's locale (mm/dd/yyyy in en-US); the
  // portal's date boxes keep to dd/mm/yyyy whatever the browser's locale is.
  test.use({ locale: 'en-US' });

  test('the period boxes show a day typed or picked from the calendar as dd/mm/yyyy', async ({ page }) => {
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(await page.evaluate(() => navigator.language)).toBe('en-US');
    await page.goto('/reports');
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();

    const from = page.getByLabel('From date');
    await expect(from).toHaveAttribute('placeholder', 'dd/mm/yyyy');
    await from.fill('2026-01-15');
    await from.blur();
    await expect(from).toHaveValue('15/01/2026');

    // The browser's calendar sits behind the button beside the box: a day picked there is
    // set on its input, as here.
    const period = page.getByRole('form', { name: 'Filing date' });
    await expect(period.getByRole('button', { name: 'Open calendar' })).toHaveCount(2);
    await period.locator('input[type="date"]').nth(1).fill('2026-02-03');
    await expect(page.getByLabel('To date')).toHaveValue('03/02/2026');
    const asked = page.waitForRequest((r) => r.url().includes('/api/reports/monthly?'));
    await page.getByRole('button', { name: 'Show' }).click();
    expect(new URL((await asked).url()).search).toContain('from=2026-01-15&to=2026-02-03');
  });
});
