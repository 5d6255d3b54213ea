// The people in a case against the real portal: a station clerk files a theft with its
// complainant and victim and sees them on the case, the complainant's Aadhaar by its last four
// only; files a rape case under BNS s.64, whose
// victim the case screen shows protected (BNS s.72) in English and Hindi, without the name or
// the mobile; and edits that case, the victim staying on it protected. The Admin, who holds
// "view sensitive identities", reveals that victim with a reason the audit trail keeps. At
// Civil Lines, a station officer without that permission sees another such victim protected
// in English and Hindi with no reveal, and a holder posted there reveals it in Hindi.
import type { APIRequestContext, Page } from '@playwright/test';
import { adminApi, ensureRole, expect, expectAccessible, signIn, signInAs, snap, test } from './fixtures';

const RUN = Date.now().toString(36).toUpperCase();
const CLERK = { name: 'Parties Clerk', email: `parties-${RUN.toLowerCase()}@e2e.test`, password: 'Parties-Pass-1' };
const PROTECTED = 'Identity protected (BNS s.72)';
const PROTECTED_HI = 'पहचान संरक्षित (बीएनएस धारा 72)';
const VICTIM = { name: 'Kamla Kumari', mobile: '98765 43210', digits: '9876543210' };

/** `days` before today in India, as the date boxes take it. */
function daysAgo(days: number): string {
  return new Date(Date.now() + 330 * 60_000 - days * 86_400_000).toISOString().slice(0, 10);
}

/** The clerk's own token, for reading the case as they are given it. */
async function clerkToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/auth/login', { data: { email: CLERK.email, password: CLERK.password } });
  expect(login.ok(), 'clerk API sign-in').toBe(true);
  return ((await login.json()) as { token: string }).token;
}

/** Fills a new case's required fields. */
async function fillCase(page: Page, fir: string, section: string, crime: string) {
  await page.goto('/grievances/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New Grievance / FIR' })).toBeVisible();
  await page.getByLabel('FIR Number').fill(fir);
  await page.getByLabel('FIR Date').fill(daysAgo(3));
  await page.getByLabel('Section & Act').fill(section);
  await page.getByLabel('Crime Title').selectOption(crime);
  await page.getByLabel('District').selectOption('North District');
  await page.getByLabel('Police Station').selectOption('Civil Lines');
  await page.getByLabel('Brief Details').fill('Statement of the informant recorded at the station desk.');
}

/** Fills person `n` of the form (adding the row when it is not there yet). */
async function fillPerson(page: Page, n: number, person: { role: string; name: string; mobile?: string; gender?: string; age?: string; idKind?: string; idNumber?: string }) {
  const group = page.getByRole('group', { name: `Person ${n}` });
  if ((await group.count()) === 0) await page.getByRole('button', { name: 'Add Person' }).click();
  await group.getByLabel('Role').selectOption(person.role);
  await group.getByLabel('Name', { exact: true }).fill(person.name);
  if (person.gender) await group.getByLabel('Gender').selectOption(person.gender);
  if (person.age) await group.getByLabel('Age').fill(person.age);
  if (person.mobile) await group.getByLabel('Mobile').fill(person.mobile);
  if (person.idKind) await group.getByLabel('Identity document').selectOption(person.idKind);
  if (person.idNumber) await group.getByLabel('Document number').fill(person.idNumber);
}

const peopleTable = (page: Page) => page.getByRole('table', { name: 'People in the case' });

test.describe.serial('the people in a case', () => {
  let sensitiveId = 0;

  test.beforeAll(async ({ request }) => {
    const api = await adminApi(request);
    const role = await ensureRole(request, 'Parties Station Writer', [{ resource: 'grievances', can_create: true, can_read: true, can_update: true }]);
    const made = await api.post('/users', { ...CLERK, phone: null, department: 'Crime Branch', designation: 'Head Constable', role_id: role, status: 'active' });
    expect(made.status()).toBe(201);
  });

  test('a theft is filed with its complainant and victim, shown on the case with their mobiles and the Aadhaar by its last four only', async ({ page }) => {
    await signInAs(page, CLERK.email, CLERK.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await fillCase(page, `PTY-${RUN}/1`, 'BNS 303(2)', 'Theft');
    await fillPerson(page, 1, { role: 'Complainant or informant', name: 'Ram Lal', mobile: '98123 45678', gender: 'Male', age: '52', idKind: 'Aadhaar', idNumber: '2345 6789 0123' });
    await fillPerson(page, 2, { role: 'Victim', name: 'Sunita Devi', mobile: '+91 99887 76655', gender: 'Female' });
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Create Grievance' }).click();
    await expect(page).toHaveURL(/\/grievances\/\d+$/, { timeout: 10_000 });

    const people = peopleTable(page);
    await expect(people.getByRole('row').filter({ hasText: 'Ram Lal' })).toContainText('+919812345678');
    await expect(people.getByRole('row').filter({ hasText: 'Ram Lal' })).toContainText('Complainant or informant');
    await expect(people.getByRole('row').filter({ hasText: 'Sunita Devi' })).toContainText('+919988776655');
    await expect(page.getByText("Victim's identity protected (BNS s.72)")).toHaveCount(0);
    await expect(people.getByRole('row').filter({ hasText: 'Ram Lal' })).toContainText('Aadhaar ending 0123');
    const shown = await page.locator('body').innerText();
    for (const number of ['2345 6789 0123', '234567890123']) expect(shown).not.toContain(number);
    await expectAccessible(page);

    // At the desk the case is found by the complainant's mobile, typed as it is said.
    const searched = page.waitForResponse((r) => r.url().includes('/api/grievances?') && r.url().includes('search='));
    await page.goto(`/grievances?search=${encodeURIComponent('98123 45678')}`);
    await searched;
    const table = page.getByRole('table', { name: 'Grievances' });
    await expect(table.getByRole('row').filter({ hasText: `PTY-${RUN}/1` })).toBeVisible();
  });

  test("a BNS s.64 case shows its victim protected, in English and Hindi, never the victim's name or mobile", async ({ page }) => {
    test.setTimeout(120_000);
    await signInAs(page, CLERK.email, CLERK.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await fillCase(page, `PTY-${RUN}/2`, 'BNS 64', 'Assault');
    await fillPerson(page, 1, { role: 'Complainant or informant', name: 'Shanti Devi', mobile: '98111 22233' });
    await fillPerson(page, 2, { role: 'Victim', name: VICTIM.name, mobile: VICTIM.mobile, gender: 'Female', age: '16' });
    await page.getByRole('button', { name: 'Create Grievance' }).click();
    await expect(page).toHaveURL(/\/grievances\/\d+$/, { timeout: 10_000 });
    sensitiveId = Number(/\/grievances\/(\d+)$/.exec(page.url())![1]);

    const people = peopleTable(page);
    const victim = people.getByRole('row').filter({ hasText: 'Victim' });
    await expect(victim).toContainText(PROTECTED);
    await expect(victim).toContainText('Female, 16 years');
    await expect(people.getByRole('row').filter({ hasText: 'Shanti Devi' })).toContainText('+919811122233');
    await expect(page.getByText("Victim's identity protected (BNS s.72)")).toBeVisible();
    const text = await page.locator('body').innerText();
    for (const identifying of [VICTIM.name, 'Kamla', VICTIM.digits, VICTIM.mobile]) expect(text).not.toContain(identifying);
    await expectAccessible(page);
    await snap(page, 'grievance-parties-protected');

    await page.getByRole('button', { name: `User menu for ${CLERK.name}` }).click();
    await page.getByRole('menuitem', { name: 'हिन्दी' }).click();
    const hindi = page.getByRole('table', { name: 'मामले के व्यक्ति' });
    await expect(hindi.getByRole('row').filter({ hasText: 'पीड़ित' }).first()).toContainText(PROTECTED_HI);
    await expect(page.getByText('पीड़ित की पहचान संरक्षित (बीएनएस धारा 72)')).toBeVisible();
    const hindiText = await page.locator('body').innerText();
    for (const shown of [PROTECTED, VICTIM.name, 'Kamla', VICTIM.digits]) expect(hindiText).not.toContain(shown);
    await expectAccessible(page);
    await page.getByRole('button', { name: `${CLERK.name} का उपयोगकर्ता मेनू` }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(peopleTable(page)).toBeVisible();

    // Found by its complainant, never by its victim's name or mobile.
    for (const [text, found] of [['Shanti Devi', 1], [VICTIM.name, 0], [VICTIM.digits, 0]] as const) {
      const searched = page.waitForResponse((r) => r.url().includes('/api/grievances?') && r.url().includes('search='));
      await page.goto(`/grievances?search=${encodeURIComponent(text)}`);
      const answer = (await (await searched).json()) as { data: { fir_no: string }[] };
      expect(answer.data.filter((g) => g.fir_no === `PTY-${RUN}/2`), text).toHaveLength(found);
    }
  });

  test('editing the sensitive case keeps its victim, protected, as recorded', async ({ page, request }) => {
    expect(sensitiveId, 'the BNS s.64 case of the test before').toBeGreaterThan(0);
    await signInAs(page, CLERK.email, CLERK.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`/grievances/edit/${sensitiveId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Grievance' })).toBeVisible();

    // The victim is read-only, with the law that protects them, and cannot be removed.
    const victim = page.getByRole('group', { name: 'Person 2' });
    await expect(victim).toContainText(PROTECTED);
    await expect(victim).toContainText("The law forbids disclosing this victim's identity");
    await expect(victim.getByRole('textbox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Remove person 2' })).toHaveCount(0);
    await expectAccessible(page);
    await snap(page, 'grievance-parties-edit');

    await page.getByRole('group', { name: 'Person 1' }).getByLabel('Name', { exact: true }).fill('Shanti Devi Verma');
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/grievances/${sensitiveId}`) && r.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Update Grievance' }).click();
    expect((await saved).status()).toBe(200);
    await expect(page.getByText('Saved successfully!')).toBeVisible();

    const token = await clerkToken(request);
    const answer = await request.get(`/api/grievances/${sensitiveId}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(answer.ok()).toBe(true);
    const { data } = (await answer.json()) as { data: { sensitive: boolean; parties: { role: string; name: string; gender?: string; age?: number; identity_protected?: boolean }[] } };
    expect(data.sensitive).toBe(true);
    expect(data.parties.map((p) => [p.role, p.name])).toEqual([
      ['complainant', 'Shanti Devi Verma'],
      ['victim', PROTECTED],
    ]);
    expect(data.parties[1]).toMatchObject({ identity_protected: true, gender: 'female', age: 16 });
    expect(JSON.stringify(data)).not.toContain('Kamla');
  });

  test('the Admin reveals the victim with a reason, recorded in the audit trail', async ({ page, request }) => {
    expect(sensitiveId, 'the BNS s.64 case of the tests before').toBeGreaterThan(0);
    const reason = `Court summons for the victim, e2e ${RUN}`;
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`/grievances/${sensitiveId}`);
    const people = peopleTable(page);
    await expect(people.getByRole('row').filter({ hasText: 'Victim' })).toContainText(PROTECTED);

    // The Hindi label once, then back to English.
    await page.getByRole('button', { name: /^User menu for / }).click();
    await page.getByRole('menuitem', { name: 'हिन्दी' }).click();
    await expect(page.getByRole('button', { name: 'पहचान देखें' })).toBeVisible();
    await page.getByRole('button', { name: /का उपयोगकर्ता मेनू$/ }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();

    await page.getByRole('button', { name: 'Reveal identities' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reveal identities' });
    await expect(dialog).toContainText('Each reveal is recorded in the audit trail with your reason.');
    await dialog.getByLabel('Reason').fill(reason);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Reveal identities' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Identities revealed for this screen; recorded in the audit trail')).toBeVisible();
    const victim = people.getByRole('row').filter({ hasText: VICTIM.name });
    await expect(victim).toContainText(`+91${VICTIM.digits}`);
    await expectAccessible(page);
    await snap(page, 'grievance-parties-revealed');

    const api = await adminApi(request);
    const answer = await api.get('/audit/all?action=IDENTITY_REVEALED&limit=100&offset=0');
    expect(answer.ok()).toBe(true);
    const body = (await answer.json()) as Record<string, unknown>[] | { data: Record<string, unknown>[] };
    const records = Array.isArray(body) ? body : body.data;
    expect(records.every((record) => record.action === 'IDENTITY_REVEALED'), 'only reveals, as asked').toBe(true);
    const ours = records.filter((record) => record.grievance_id === sensitiveId && JSON.stringify(record).includes(reason));
    expect(ours, 'an IDENTITY_REVEALED record with the reason').toHaveLength(1);
    expect(ours[0].action).toBe('IDENTITY_REVEALED');
  });

  test('a station officer without "view sensitive identities" never sees the victim, in English or Hindi; a holder at the station reveals it in Hindi', async ({ page, request }) => {
    test.setTimeout(120_000);
    const api = await adminApi(request);
    const STATION = 'Civil Lines';
    const victim = { name: 'Rekha Sharma', first: 'Rekha', mobile: '9876501234' };
    const OFFICER = { name: 'Posting Officer', email: `parties-officer-${RUN.toLowerCase()}@e2e.test`, password: 'Parties-Pass-2' };
    const HOLDER = { name: 'Identity Holder', email: `parties-holder-${RUN.toLowerCase()}@e2e.test`, password: 'Parties-Pass-3' };
    let caseId = 0;

    await test.step('the Admin adds both roles, both users at Civil Lines, and files a BNS s.64 case there', async () => {
      type Place = { id: number; name: string; district_id?: number | null };
      const stations = (await (await api.get('/admin/dropdowns/police_stations')).json()) as Place[];
      const station = stations.find((item) => item.name === STATION);
      expect(station, `the seeded ${STATION} police station`).toBeDefined();
      const districts = (await (await api.get('/admin/dropdowns/districts')).json()) as Place[];
      const district = districts.find((item) => item.id === station!.district_id)?.name ?? 'Central District';

      const grievances = { resource: 'grievances', can_create: false, can_read: true, can_view_all: false, can_update: false, can_delete: false, can_view_posting: true };
      const officerRole = await ensureRole(request, 'Parties Station Officer', [grievances]);
      const holderRole = await ensureRole(request, 'Parties Identity Holder', [{ ...grievances, can_view_identities: true }]);
      for (const [user, role] of [
        [OFFICER, officerRole],
        [HOLDER, holderRole],
      ] as const) {
        const made = await api.post('/users', {
          ...user,
          phone: null,
          department: 'Law and Order',
          designation: 'Sub-Inspector',
          role_id: role,
          status: 'active',
          posting: { level: 'station', id: station!.id },
        });
        expect(made.status(), `add ${user.email}`).toBe(201);
      }

      const filed = await api.post('/grievances', {
        fir_no: `PTY-${RUN}/3`,
        fir_date: daysAgo(2),
        section_and_act: 'BNS 64',
        crime_title: 'Assault',
        district,
        police_station: STATION,
        status: 'Pending',
        priority: 'High',
        put_in_court: false,
        cross_case: false,
        investigation_officers: [],
        brief_details: 'Statement of the informant recorded at the station desk.',
        parties: [
          { role: 'complainant', name: 'Geeta Sharma', mobile: '9811100022' },
          { role: 'victim', name: victim.name, mobile: victim.mobile, gender: 'female', age: 17 },
        ],
      });
      expect(filed.status(), 'file the BNS s.64 case').toBe(201);
      caseId = ((await filed.json()) as { data: { id: number } }).data.id;
    });

    await test.step('the officer without the permission sees the victim protected, with no reveal, in English and Hindi', async () => {
      await signInAs(page, OFFICER.email, OFFICER.password);
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goto(`/grievances/${caseId}`);
      const people = peopleTable(page);
      await expect(people.getByRole('row').filter({ hasText: 'Victim' })).toContainText(PROTECTED);
      await expect(people.getByRole('row').filter({ hasText: 'Geeta Sharma' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Reveal identities' })).toHaveCount(0);
      const text = await page.locator('body').innerText();
      for (const identifying of [victim.name, victim.first, victim.mobile]) expect(text).not.toContain(identifying);

      await page.getByRole('button', { name: `User menu for ${OFFICER.name}` }).click();
      await page.getByRole('menuitem', { name: 'हिन्दी' }).click();
      const hindi = page.getByRole('table', { name: 'मामले के व्यक्ति' });
      await expect(hindi.getByRole('row').filter({ hasText: 'पीड़ित' }).first()).toContainText(PROTECTED_HI);
      await expect(page.getByRole('button', { name: 'पहचान देखें' })).toHaveCount(0);
      const hindiText = await page.locator('body').innerText();
      for (const identifying of [victim.name, victim.first, victim.mobile]) expect(hindiText).not.toContain(identifying);
      await expectAccessible(page);
    });

    await test.step('the holder, in Hindi, reveals the victim with a reason', async () => {
      await page.context().clearCookies();
      await page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
      await signInAs(page, HOLDER.email, HOLDER.password);
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goto(`/grievances/${caseId}`);
      await expect(peopleTable(page).getByRole('row').filter({ hasText: 'Victim' })).toContainText(PROTECTED);
      await page.getByRole('button', { name: `User menu for ${HOLDER.name}` }).click();
      await page.getByRole('menuitem', { name: 'हिन्दी' }).click();

      const hindi = page.getByRole('table', { name: 'मामले के व्यक्ति' });
      await expect(hindi.getByRole('row').filter({ hasText: 'पीड़ित' }).first()).toContainText(PROTECTED_HI);
      await page.getByRole('button', { name: 'पहचान देखें' }).click();
      const dialog = page.getByRole('dialog', { name: 'पहचान देखें' });
      await dialog.getByLabel('कारण').fill(`न्यायालय के समन हेतु पीड़िता से संपर्क, e2e ${RUN}`);
      await dialog.getByRole('button', { name: 'पहचान देखें' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText('इस स्क्रीन के लिए पहचान दिखाई गई; ऑडिट में दर्ज')).toBeVisible();
      await expect(hindi.getByRole('row').filter({ hasText: victim.name })).toContainText(`+91${victim.mobile}`);
      await expectAccessible(page);
    });
  });
});
