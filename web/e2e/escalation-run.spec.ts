// Escalation by the portal's own scheduled run, as the district's superintendent
// meets it. The shared e2e portal escalates only hourly, so this spec starts a portal of its
// own that runs escalation every 3 s (PORTAL_ESCALATION_MINUTES=0.05) and delivers
// notifications every second. The administrator adds a "Superintendent" role reaching its
// holders' posting and a user posted at the district of the Civil Lines police station, and
// files a High priority grievance there, received 30 days ago: 27 days past the Inward stage's
// 3-day limit. Once a run has escalated it to the district, the superintendent signs in: the
// bell says '1 unread' and words the escalation, the dashboard's 'Escalated to me' tile counts
// 1, the queue lists exactly that grievance, badged, and its screen says where it went and
// when. The audit trail names the portal's escalation as the actor. When one run escalates
// three cases to the district, its superintendent gets ONE notice counting them, which opens
// the queue; an officer of the district who may only read the cases gets none.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { adminApi, ensureRole, expect, expectAccessible, signInAs, snap, test as base } from './fixtures';
import { startPortal, type PortalServer } from './portal-server';

// A worker fixture, as in session-timeout.spec.ts: this file runs in a worker of its own,
// whose end stops the portal and removes its data.
const test = base.extend<object, { escalationPortal: PortalServer }>({
  escalationPortal: [
    async ({}, use) => {
      const portal = await startPortal({
        env: { PORTAL_ESCALATION_MINUTES: '0.05', PORTAL_NOTIFY_SECONDS: '1' },
        logName: 'portal-server-escalation-run.log',
      });
      await use(portal);
      await portal.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  // Every page and request of this spec talks to that portal (fixtures.ts would otherwise
  // answer the shared portal's address, whatever test.use() said).
  baseURL: async ({ escalationPortal }, use) => {
    await use(escalationPortal.baseURL);
  },
});

const stamp = Date.now().toString(36).toUpperCase();
const ROLE = 'Superintendent';
const SUPERINTENDENT = { name: 'Sushma Superintendent', email: `sushma.${stamp.toLowerCase()}@e2e.test`, password: 'Sushma-Pass-1' };
const FIR = `ESC-RUN-${stamp}`;
const SECOND_SUPERINTENDENT = { name: 'Sudhir Superintendent', email: `sudhir.${stamp.toLowerCase()}@e2e.test`, password: 'Sudhir-Pass-1' };
const WATCHER = { name: 'Wasim Watcher', email: `wasim.${stamp.toLowerCase()}@e2e.test`, password: 'Wasim-Pass-1' };
const BATCH_FIR = `ESC-BATCH-${stamp}`;
const STATION = 'Civil Lines';
// Days since the grievance was received, and the Inward stage's default limit for High.
const RECEIVED_DAYS_AGO = 30;
const HIGH_INWARD_LIMIT = 3;
const DAYS_OVERDUE = RECEIVED_DAYS_AGO - HIGH_INWARD_LIMIT;

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
const panel = (page: Page) => page.getByRole('region', { name: 'Notifications', exact: true });
const tile = (page: Page, label: string) =>
  page.locator('.stat-tile').filter({ has: page.locator('.tile-label', { hasText: new RegExp(`^${label}$`) }) });

interface ListItem {
  id: number;
  name: string;
  district_id?: number | null;
}

interface Escalation {
  level: 'district' | 'range' | 'state';
  to: { level: string; id?: number | null; range?: string | null };
  escalated_at: string;
  days_overdue: number;
}

interface Filed {
  id: number;
  grievance_number: string;
  escalation?: Escalation | null;
}

interface Notice {
  kind: string;
  level?: string | null;
  count?: number | null;
  grievanceId: number;
  read: boolean;
}

/** The notifications `user` has, read through the API as them. */
async function noticesOf(request: APIRequestContext, user: { email: string; password: string }): Promise<Notice[]> {
  const login = await request.post('/api/auth/login', { data: { email: user.email, password: user.password } });
  expect(login.ok(), `sign-in of ${user.email}`).toBe(true);
  const headers = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const answer = await request.get('/api/notifications', { headers });
  expect(answer.ok(), `notifications of ${user.email}`).toBe(true);
  return ((await answer.json()) as { data: { items: Notice[] } }).data.items;
}

interface AuditRecord {
  action: string;
  field_name: string | null;
  new_value: string | null;
  notes: string | null;
  user_name: string;
  user_role: string;
}

/** `days` before today as the portal counts days (India Standard Time), YYYY-MM-DD. */
function daysAgo(days: number): string {
  const ist = new Date(Date.now() + 330 * 60_000);
  ist.setUTCDate(ist.getUTCDate() - days);
  return ist.toISOString().slice(0, 10);
}

/** The district holding the Civil Lines police station, placing it in the first district when the seeds left it in none. */
async function stationDistrict(request: APIRequestContext): Promise<ListItem> {
  const api = await adminApi(request);
  const districts = (await (await api.get('/admin/dropdowns/districts')).json()) as ListItem[];
  const stations = (await (await api.get('/admin/dropdowns/police_stations')).json()) as ListItem[];
  const station = stations.find((item) => item.name === STATION);
  expect(station, `the seeded ${STATION} police station`).toBeDefined();
  const holding = districts.find((item) => item.id === station!.district_id);
  if (holding) return holding;
  const district = districts[0];
  expect(district, 'a seeded district').toBeDefined();
  const placed = await api.put(`/admin/dropdowns/police_stations/${station!.id}`, { name: STATION, district_id: district.id });
  expect(placed.ok(), `place ${STATION} in ${district.name}`).toBe(true);
  return district;
}

/** Whether `badge` lies wholly inside its table cell, which clips what overflows it. */
function insideItsCell(badge: Locator): Promise<boolean> {
  return badge.evaluate((element) => {
    const cell = element.closest('td')!.getBoundingClientRect();
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.left >= cell.left && box.right <= cell.right && box.top >= cell.top && box.bottom <= cell.bottom;
  });
}

test.describe('escalation run', () => {
  test("the scheduled run escalates an overdue grievance to its district, and the district's superintendent sees it", async ({ page, request }) => {
    // Waits up to a minute for the run and half a minute for the notifier, on a shared machine.
    test.setTimeout(300_000);
    let district: ListItem;
    let filed: Filed;
    let escalation: Escalation;

    await test.step('the administrator adds the superintendent, posted at the district of Civil Lines', async () => {
      const api = await adminApi(request);
      // Straight to the district, and no further: 27 days overdue would reach the state at the
      // default waits (14 days). Set before the grievance is filed, as a run comes every 3 s.
      const waits = await api.put('/admin/escalation-rules', { district_days: 0, range_days: 60, state_days: 90 });
      expect(waits.ok(), 'set the escalation waits').toBe(true);

      district = await stationDistrict(request);
      const roleId = await ensureRole(request, ROLE, [
        {
          resource: 'grievances',
          can_create: false,
          can_read: true,
          can_view_all: false,
          can_update: true,
          can_delete: false,
          can_view_posting: true,
        },
      ]);
      const created = await api.post('/users', {
        ...SUPERINTENDENT,
        phone: null,
        department: 'Law and Order',
        designation: 'Superintendent of Police',
        role_id: roleId,
        status: 'active',
        posting: { level: 'district', id: district.id },
      });
      expect(created.status(), `add ${SUPERINTENDENT.email}`).toBe(201);
      expect(((await created.json()) as { data: { posting: unknown } }).data.posting).toEqual(
        expect.objectContaining({ level: 'district', id: district.id }),
      );
    });

    await test.step('the administrator files a High priority grievance received 30 days ago', async () => {
      const api = await adminApi(request);
      const received = daysAgo(RECEIVED_DAYS_AGO);
      const grievance = await api.post('/grievances', {
        fir_no: FIR,
        fir_date: received,
        date_of_inward: received,
        section_and_act: '420 IPC',
        crime_title: 'Cheating and Fraud',
        district: district.name,
        police_station: STATION,
        status: 'Pending',
        priority: 'High',
        put_in_court: false,
        cross_case: false,
        investigation_officers: [],
        brief_details: 'Savings taken for a plot of land that was never registered.',
      });
      expect(grievance.status(), `file ${FIR}`).toBe(201);
      filed = ((await grievance.json()) as { data: Filed }).data;
    });

    await test.step('a scheduled run escalates it to the district', async () => {
      const api = await adminApi(request);
      await expect
        .poll(
          async () => {
            const body = (await (await api.get(`/grievances/${filed.id}`)).json()) as { data: Filed };
            escalation = body.data.escalation!;
            return body.data.escalation?.level ?? null;
          },
          { timeout: 60_000, intervals: [1_000, 2_000, 3_000] },
        )
        .toBe('district');
      expect(escalation.to).toEqual(expect.objectContaining({ level: 'district', id: district.id }));
      expect(escalation.days_overdue).toBe(DAYS_OVERDUE);
    });

    await test.step("the superintendent signs in and the bell says '1 unread', wording the escalation", async () => {
      await signInAs(page, SUPERINTENDENT.email, SUPERINTENDENT.password);
      await expect(page).toHaveURL(/\/dashboard$/);
      // The notifier runs every second; the bell asks every 30 s, a reload at once.
      await expect(async () => {
        await page.reload();
        await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 3_000 });
      }).toPass({ timeout: 30_000, intervals: [1_000, 2_000, 3_000] });
      await expect(bell(page)).toHaveText('1');

      await bell(page).click();
      await expect(bell(page)).toHaveAttribute('aria-expanded', 'true');
      const text = `Grievance ${filed.grievance_number} is ${DAYS_OVERDUE} days overdue and was escalated to your district.`;
      // Its only notification, marked unread for screen readers too.
      const link = panel(page).getByRole('link', { name: `Unread: ${text}` });
      await expect(link).toBeVisible();
      await expect(link).toContainText(text);
      await expect(link).toHaveAttribute('href', `/grievances/${filed.id}`);
      await expect(panel(page).getByRole('list', { name: 'Latest notifications' }).getByRole('listitem')).toHaveCount(1);
      await expectAccessible(page);
      await snap(page, 'escalation-run-notification');
      // Closed again, unread: the queue is what follows.
      await page.keyboard.press('Escape');
      await expect(panel(page)).toHaveCount(0);
    });

    await test.step("the dashboard's 'Escalated to me' tile counts 1, and its queue lists exactly that grievance", async () => {
      await page.reload();
      const escalated = tile(page, 'Escalated to me');
      await expect(escalated.locator('.tile-value')).toHaveText('1');
      await expect(escalated).toHaveAttribute('href', '/grievances?escalated=me');
      await snap(page, 'escalation-run-dashboard');

      await escalated.click();
      await expect(page).toHaveURL(/\/grievances\?escalated=me$/);
      await expect(page.getByRole('button', { name: /^Search & Filters/ })).toContainText('1 active');
      const toggle = page.getByRole('button', { name: /^Search & Filters/ });
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
      await expect(page.getByRole('checkbox', { name: 'Escalated to me' })).toBeChecked();

      const rows = page.getByRole('table', { name: 'Grievances' }).getByRole('row');
      // The header and the one grievance.
      await expect(rows).toHaveCount(2);
      const row = rows.nth(1);
      await expect(row.getByRole('link', { name: filed.grievance_number })).toHaveAttribute('href', `/grievances/${filed.id}`);
      await expect(row).toContainText(FIR);
      await expect(row).toContainText(STATION);
      const badge = row.locator('.escalated-badge');
      await expect(badge).toHaveText(/^Escalated/);
      await expect(badge).toHaveAttribute('title', new RegExp(`^Escalated to ${district.name} on .+, ${DAYS_OVERDUE} days overdue$`));
      // On screen in full, inside its cell, in both densities: a third badge (Pending, Overdue,
      // then Escalated) takes a second line of the compact row rather than being clipped.
      await expect(badge).toBeVisible();
      expect(await insideItsCell(badge), 'the Escalated badge within its compact cell').toBe(true);
      await page.getByRole('button', { name: 'Comfortable' }).click();
      await expect(page.getByRole('button', { name: 'Comfortable' })).toHaveAttribute('aria-pressed', 'true');
      await expect(badge).toBeVisible();
      expect(await insideItsCell(badge), 'the Escalated badge within its cell').toBe(true);
      await expectAccessible(page);
      await snap(page, 'escalation-run-queue');
    });

    await test.step("the grievance's screen shows where it was escalated, when, and by whom", async () => {
      await page.getByRole('table', { name: 'Grievances' }).getByRole('link', { name: filed.grievance_number }).click();
      await expect(page).toHaveURL(new RegExp(`/grievances/${filed.id}$`));
      await expect(page.getByRole('heading', { level: 1, name: filed.grievance_number })).toBeVisible();
      const badge = page.locator('.detail-badges .escalated-badge');
      await expect(badge).toHaveText(/^Escalated/);
      await expect(badge).toHaveAttribute('title', new RegExp(`^Escalated to ${district.name} on .+, ${DAYS_OVERDUE} days overdue$`));
      const history = page.getByRole('list', { name: 'Audit history' });
      const entry = history.getByRole('listitem').filter({ hasText: `Overdue by ${DAYS_OVERDUE} days` });
      await expect(entry).toHaveCount(1);
      await expect(entry).toContainText('Escalated');
      await expect(entry).toContainText(`escalated to ${district.name}`);
      await expect(entry).toContainText('by Escalation');
      await expectAccessible(page);
      await snap(page, 'escalation-run-detail');
    });

    await test.step('the audit trail names the escalation run', async () => {
      const api = await adminApi(request);
      const history = await api.get(`/grievances/${filed.id}/history`);
      expect(history.ok(), 'the grievance history').toBe(true);
      const records = ((await history.json()) as { data: AuditRecord[] }).data;
      const escalated = records.filter((record) => record.action === 'ESCALATED');
      expect(escalated).toHaveLength(1);
      expect(escalated[0]).toMatchObject({ user_name: 'Escalation', field_name: 'escalation', new_value: 'district' });
      expect(escalated[0].notes ?? '').toMatch(/^Overdue by /);
      expect(escalated[0].notes).toBe(`Overdue by ${DAYS_OVERDUE} days; escalated to ${district.name}`);
    });
  });
  test('one run escalating three cases sends the district superintendent one notice counting them, and none to an officer who may only read them', async ({ page, request }) => {
    test.setTimeout(300_000);
    const api = await adminApi(request);
    let district: ListItem;
    const filed: Filed[] = [];

    await test.step('the waits hold the cases back while the superintendent, a read-only officer and three overdue cases are added', async () => {
      // 27 days overdue is short of 60: no run escalates them yet.
      expect((await api.put('/admin/escalation-rules', { district_days: 60, range_days: 60, state_days: 90 })).ok(), 'hold the waits').toBe(true);
      district = await stationDistrict(request);
      const superintendentRole = await ensureRole(request, ROLE, [
        { resource: 'grievances', can_create: false, can_read: true, can_view_all: false, can_update: true, can_delete: false, can_view_posting: true },
      ]);
      const watcherRole = await ensureRole(request, 'District Watcher', [
        { resource: 'grievances', can_create: false, can_read: true, can_view_all: false, can_update: false, can_delete: false, can_view_posting: true },
      ]);
      for (const [person, roleId] of [
        [SECOND_SUPERINTENDENT, superintendentRole],
        [WATCHER, watcherRole],
      ] as const) {
        const created = await api.post('/users', {
          ...person,
          phone: null,
          department: 'Law and Order',
          designation: 'Superintendent of Police',
          role_id: roleId,
          status: 'active',
          posting: { level: 'district', id: district.id },
        });
        expect(created.status(), `add ${person.email}`).toBe(201);
      }
      const received = daysAgo(RECEIVED_DAYS_AGO);
      for (const n of [1, 2, 3]) {
        const grievance = await api.post('/grievances', {
          fir_no: `${BATCH_FIR}-${n}`,
          fir_date: received,
          date_of_inward: received,
          section_and_act: '420 IPC',
          crime_title: 'Cheating and Fraud',
          district: district.name,
          police_station: STATION,
          status: 'Pending',
          priority: 'High',
          put_in_court: false,
          cross_case: false,
          investigation_officers: [],
          brief_details: 'Deposits taken for a chit fund that closed overnight.',
        });
        expect(grievance.status(), `file case ${n}`).toBe(201);
        filed.push(((await grievance.json()) as { data: Filed }).data);
      }
      // The district reads them all, and none has moved.
      for (const one of filed) {
        const body = (await (await api.get(`/grievances/${one.id}`)).json()) as { data: Filed };
        expect(body.data.escalation ?? null, `${one.grievance_number} waits`).toBeNull();
      }
    });

    await test.step('with the waits let go, one run escalates all three to the district', async () => {
      expect((await api.put('/admin/escalation-rules', { district_days: 0, range_days: 60, state_days: 90 })).ok(), 'let the waits go').toBe(true);
      await expect
        .poll(
          async () => {
            const levels = [];
            for (const one of filed) levels.push(((await (await api.get(`/grievances/${one.id}`)).json()) as { data: Filed }).data.escalation?.level ?? null);
            return levels;
          },
          { timeout: 60_000, intervals: [1_000, 2_000, 3_000] },
        )
        .toEqual(['district', 'district', 'district']);
    });

    await test.step('the superintendent has one notice counting the three; the read-only officer has none', async () => {
      await expect
        .poll(async () => (await noticesOf(request, SECOND_SUPERINTENDENT)).map((n) => ({ kind: n.kind, level: n.level, count: n.count, grievanceId: n.grievanceId })), {
          timeout: 30_000,
          intervals: [1_000, 2_000, 3_000],
        })
        .toEqual([{ kind: 'escalated', level: 'district', count: 3, grievanceId: 0 }]);
      // The notifier has written this run's notices: the officer who sees the cases but cannot act on them got none.
      const login = await request.post('/api/auth/login', { data: { email: WATCHER.email, password: WATCHER.password } });
      const headers = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
      for (const one of filed) expect((await request.get(`/api/grievances/${one.id}`, { headers })).status(), `the watcher sees ${one.grievance_number}`).toBe(200);
      expect(await noticesOf(request, WATCHER)).toEqual([]);
    });

    await test.step("on the bell it says '3 cases escalated to your district' and opens the queue", async () => {
      await signInAs(page, SECOND_SUPERINTENDENT.email, SECOND_SUPERINTENDENT.password);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
      await bell(page).click();
      const link = panel(page).getByRole('link', { name: 'Unread: 3 cases escalated to your district' });
      await expect(link).toHaveAttribute('href', '/grievances?escalated=me');
      await expect(panel(page).getByRole('list', { name: 'Latest notifications' }).getByRole('listitem')).toHaveCount(1);
      await expectAccessible(page);
      await snap(page, 'escalation-run-digest');
      await link.click();
      await expect(page).toHaveURL(/\/grievances\?escalated=me$/);
      const table = page.getByRole('table', { name: 'Grievances' });
      for (const one of filed) await expect(table.getByRole('link', { name: one.grievance_number })).toBeVisible();
    });
  });
});
