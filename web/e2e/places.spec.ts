// District and police station agree, against the real portal: the form offers only the
// chosen district's stations (and those placed in none), a station brings its district, and
// a pair that does not agree (a station moved to another district while the form was open)
// is refused by the server, its reason shown under Police Station in English and in Hindi.
import type { Page } from '@playwright/test';
import { adminApi, expect, signIn, test } from './fixtures';

const stamp = Date.now().toString(36).toUpperCase();
const HARBOUR = `Harbour ${stamp}`;
const HILLS = `Hills ${stamp}`;
const DOCK = `Dock ${stamp}`;
const PASS = `Pass ${stamp}`;

const grievance = (fir: string, district: string, station: string) => ({
  fir_no: fir,
  fir_date: '2025-06-01',
  section_and_act: '379 IPC',
  crime_title: 'Theft',
  district,
  police_station: station,
  status: 'Pending',
  priority: 'Medium',
  put_in_court: false,
  cross_case: false,
  investigation_officers: [],
  brief_details: 'Outboard motor taken from a moored boat.',
});

/** The new-case form's labels, in each language. */
const ENGLISH = {
  call: 'Type of Call', fir: 'FIR Number', firDate: 'FIR Date', section: 'Section & Act', crime: 'Crime Title',
  district: 'District', station: 'Police Station', priority: 'Priority', brief: 'Brief Details', create: 'Create Grievance',
};
const HINDI: typeof ENGLISH = {
  call: 'कॉल का प्रकार', fir: 'एफ़आईआर संख्या', firDate: 'एफ़आईआर दिनांक', section: 'धारा एवं अधिनियम', crime: 'अपराध शीर्षक',
  district: 'जिला', station: 'थाना', priority: 'प्राथमिकता', brief: 'संक्षिप्त विवरण', create: 'शिकायत दर्ज करें',
};

/** Fills the new-case form as a writer does, the place last. */
async function fillCase(page: Page, labels: typeof ENGLISH, fir: string, district: string, station: string) {
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await field(labels.call).selectOption('Walk-in');
  await field(labels.fir).fill(fir);
  await field(labels.firDate).fill('2025-06-01');
  await field(labels.section).fill('303 BNS');
  await field(labels.crime).selectOption('Theft');
  await field(labels.priority).selectOption('Medium');
  await field(labels.brief).fill('Outboard motor taken from a moored boat.');
  await field(labels.district).selectOption(district);
  await field(labels.station).selectOption(station);
  await expect(field(labels.station)).toHaveValue(station);
}

/** The names offered by a select, its placeholder left out. */
const offered = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter(Boolean));

test.describe('place data that agrees', () => {
  // The refusals are 400 answers, which the browser logs.
  test.use({ allowedConsole: [/status of 400/] });

  test('district narrows station, a station brings its district, and a mismatched pair is refused, in English and Hindi', async ({ page, request }) => {
    test.setTimeout(120_000);
    const api = await adminApi(request);
    const district = async (name: string) => {
      const answer = await api.post('/admin/dropdowns/districts', { name, description: '', display_order: 90 });
      expect(answer.status(), name).toBe(201);
      return ((await answer.json()) as { id: number }).id;
    };
    const [harbour, hills] = [await district(HARBOUR), await district(HILLS)];
    const station = async (name: string, districtId: number) => {
      const answer = await api.post('/admin/dropdowns/police_stations', { name, description: '', display_order: 90, district_id: districtId });
      expect(answer.status(), name).toBe(201);
      return ((await answer.json()) as { id: number }).id;
    };
    const dock = await station(DOCK, harbour);
    await station(PASS, hills);
    const place = async (districtId: number) =>
      expect((await api.put(`/admin/dropdowns/police_stations/${dock}`, { name: DOCK, description: '', display_order: 90, is_active: true, district_id: districtId })).status()).toBe(200);

    // The server refuses a station of another district, with the reason and its code.
    const refused = await api.post('/grievances', grievance(`PLACE-${stamp}/1`, HARBOUR, PASS));
    expect(refused.status()).toBe(400);
    const body = (await refused.json()) as { fields: Record<string, string>; field_codes: Record<string, { code: string }> };
    expect(body.fields.police_station).toBe(`${PASS} is not a police station of ${HARBOUR}: choose one of its stations, or its own district`);
    expect(body.field_codes.police_station.code).toBe('STATION_OUTSIDE_DISTRICT');

    // The new-case form: a station brings its district; a district offers its own stations.
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/grievances/new');
    await page.getByLabel('Police Station', { exact: true }).selectOption(PASS);
    await expect(page.getByLabel('District', { exact: true })).toHaveValue(HILLS);
    await page.getByLabel('District', { exact: true }).selectOption(HARBOUR);
    await expect(page.getByLabel('Police Station', { exact: true }), 'a station of another district is let go').toHaveValue('');
    const harbours = await offered(page, 'Police Station');
    expect(harbours).toContain(DOCK);
    expect(harbours).not.toContain(PASS);

    // A new case at the Harbour's Dock, while an Admin moves the Dock to the Hills: the form,
    // read before the move, offers the pair; the server refuses it, and the form says why
    // under Police Station.
    await fillCase(page, ENGLISH, `PLACE-${stamp}/2`, HARBOUR, DOCK);
    await place(hills);
    await page.getByRole('button', { name: ENGLISH.create }).click();
    await expect(page.getByText(`${DOCK} is not a police station of ${HARBOUR}: choose one of its stations, or its own district`)).toBeVisible();
    await expect(page).toHaveURL(/\/grievances\/new$/);

    // Editing a filed case, whose station moves only by transfer: its district is the
    // station's own.
    const filed = await api.post('/grievances', grievance(`PLACE-${stamp}/4`, HILLS, PASS));
    expect(filed.status()).toBe(201);
    await page.goto(`/grievances/edit/${((await filed.json()) as { data: { id: number } }).data.id}`);
    await expect(page.getByLabel('Police Station', { exact: true })).toHaveValue(PASS);
    expect(await offered(page, 'District')).toEqual([HILLS]);
    await page.goto('/grievances/new');

    // In Hindi, read afresh (the Dock now in the Hills): Hills + Dock, while the Dock goes
    // back to the Harbour.
    await page.getByRole('button', { name: /^User menu for / }).click();
    await page.getByRole('menuitem', { name: 'हिन्दी' }).click();
    await page.reload();
    await fillCase(page, HINDI, `PLACE-${stamp}/3`, HILLS, DOCK);
    await place(harbour);
    await page.getByRole('button', { name: HINDI.create }).click();
    await expect(page.getByText(`${DOCK} ${HILLS} का थाना नहीं है: उसका कोई थाना चुनें, या थाने का अपना ज़िला`)).toBeVisible();
  });
});
