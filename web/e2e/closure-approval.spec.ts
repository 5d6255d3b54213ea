// Closure approval against the real portal: an administrator adds a
// "Desk officer" role whose closures need approval and an "Approver" role that
// approves them, and a user of each. The desk officer moves a grievance's status and
// undoes it, then closes it from its screen and gets a closure request instead (the
// status stays, and there is no Undo); the approver finds it under 'Closure requests',
// approves it once asked whether to (the question names the case), and the status moves.
// A second request is returned with a reason, and nothing moves.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { ADMIN } from './admin';
import { adminApi, clickControl, expect, expectAccessible, signIn, signInAs, snap, test } from './fixtures';

// Specs share one portal: names no other spec (or earlier run) uses.
const stamp = Date.now().toString(36).toUpperCase();
const DESK_ROLE = `Desk officer ${stamp}`;
const APPROVER_ROLE = `Approver ${stamp}`;
const DESK = { name: 'Dinesh Desk', email: `dinesh.${stamp.toLowerCase()}@e2e.test`, password: 'Dinesh-Pass-1' };
const APPROVER = { name: 'Anita Approver', email: `anita.${stamp.toLowerCase()}@e2e.test`, password: 'Anita-Pass-1' };
const FIR = `CLOSE-${stamp}`;
const REQUESTED = 'Closure requested: it takes effect when another officer approves it.';
const RETURN_REASON = 'The bank statement is still missing from the file';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation', exact: true });
const factValue = (page: Page, label: string) =>
  page.locator('.fact').filter({ has: page.getByText(label, { exact: true }) }).locator('dd');

async function signOut(page: Page, name: string) {
  await page.getByRole('button', { name: `User menu for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
}

/** Adds a role through Role Management: `ticks` in the grid, then whatever `more` sets. */
async function addRole(page: Page, name: string, ticks: string[], more: (dialog: Locator) => Promise<void>) {
  await page.getByRole('button', { name: 'Add New Role' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Role' });
  await dialog.getByLabel('Role Name').fill(name);
  for (const tick of ticks) await clickControl(dialog.getByRole('checkbox', { name: tick }));
  await more(dialog);
  await dialog.getByRole('button', { name: 'Add Role' }).click();
  await expect(dialog).toBeHidden();
}

/** The API as `user`. */
async function apiAs(request: APIRequestContext, user: { email: string; password: string }) {
  const login = await request.post('/api/auth/login', { data: { email: user.email, password: user.password } });
  expect(login.ok(), `sign-in of ${user.email}`).toBe(true);
  const headers = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  return {
    get: (path: string) => request.get(`/api${path}`, { headers }),
    post: (path: string, data: unknown) => request.post(`/api${path}`, { headers, data }),
    put: (path: string, data: unknown) => request.put(`/api${path}`, { headers, data }),
  };
}

interface Filed {
  id: number;
  grievance_number: string;
  version: number;
}

async function fileAs(request: APIRequestContext, user: typeof DESK, firNo: string): Promise<Filed> {
  const api = await apiAs(request, user);
  const created = await api.post('/grievances', {
    fir_no: firNo,
    fir_date: '2025-03-01',
    section_and_act: '420 IPC',
    crime_title: 'Cheating and Fraud',
    district: 'Central District',
    police_station: 'City Kotwali',
    status: 'Pending',
    priority: 'High',
    put_in_court: false,
    cross_case: false,
    investigation_officers: [],
    brief_details: 'Money taken for a job that did not exist.',
  });
  expect(created.status(), `file ${firNo}`).toBe(201);
  return ((await created.json()) as { data: Filed }).data;
}

test.describe('closure approval', () => {
  // A request sent without its final decision is refused with a 400, on purpose.
  test.use({ allowedConsole: [/status of 400/] });
  test('a desk officer asks to close, an approver approves one request and returns another', async ({ page, request }) => {
    // Four sign-ins, two roles and two users on a shared machine.
    test.setTimeout(300_000);
    let approved: Filed;
    let returned: Filed;

    await test.step('the administrator adds the two roles through Role Management', async () => {
      await signIn(page);
      await expect(page).toHaveURL(/\/dashboard$/);
      await nav(page).getByRole('link', { name: 'Role Management' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Role Management' })).toBeVisible();
      await addRole(page, DESK_ROLE, ['Create Grievances', 'Read Grievances', 'Update Grievances'], async (dialog) => {
        const closing = dialog.getByRole('checkbox', { name: 'Closing needs approval' });
        await clickControl(closing);
        await expect(closing).toBeChecked();
      });
      await addRole(page, APPROVER_ROLE, ['Read Grievances', 'Update Grievances'], async (dialog) => {
        await clickControl(dialog.getByRole('checkbox', { name: 'Approve closures' }));
        await dialog.getByLabel('Grievance scope').selectOption({ label: 'View All Grievances (the whole state)' });
        await expectAccessible(page);
        await snap(page, 'closure-approver-role');
      });
      const table = page.getByRole('table', { name: 'Roles' });
      await expect(table.getByRole('row').filter({ hasText: APPROVER_ROLE }).getByRole('listitem')).toHaveText([
        'Grievances: Read, Update, Approve closures, Whole state',
      ]);

      // The server keeps what the dialog sent.
      const api = await adminApi(request);
      type Role = { id: number; name: string; closing_needs_approval: boolean; permissions: Record<string, unknown>[] };
      const roles = ((await (await api.get('/roles')).json()) as { data: Role[] }).data;
      const desk = roles.find((role) => role.name === DESK_ROLE)!;
      const approver = roles.find((role) => role.name === APPROVER_ROLE)!;
      expect(desk.closing_needs_approval).toBe(true);
      expect(desk.permissions).toEqual([
        expect.objectContaining({ resource: 'grievances', can_create: true, can_read: true, can_update: true, can_view_all: false }),
      ]);
      expect(desk.permissions[0]).not.toHaveProperty('can_approve');
      expect(approver.closing_needs_approval).toBe(false);
      expect(approver.permissions).toEqual([
        expect.objectContaining({ resource: 'grievances', can_read: true, can_update: true, can_approve: true, can_view_all: true }),
      ]);

      for (const [user, role] of [
        [DESK, desk],
        [APPROVER, approver],
      ] as const) {
        const created = await api.post('/users', {
          ...user,
          phone: null,
          department: 'Crime Branch',
          designation: 'Inspector',
          role_id: role.id,
          status: 'active',
        });
        expect(created.status(), `add ${user.email}`).toBe(201);
      }
      await signOut(page, ADMIN.name);
    });

    await test.step('the desk officer closes a grievance and gets a closure request: the status stays', async () => {
      approved = await fileAs(request, DESK, `${FIR}-A`);
      returned = await fileAs(request, DESK, `${FIR}-R`);
      await signInAs(page, DESK.email, DESK.password);
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goto(`/grievances/${approved.id}`);
      await expect(page.getByRole('heading', { level: 1, name: approved.grievance_number })).toBeVisible();
      const status = page.getByRole('region', { name: 'Current Status' });
      // A status change that moves the status offers Undo for a while: an ordinary change back.
      await status.getByLabel('New Status').selectOption({ label: 'In Progress' });
      await status.getByRole('button', { name: 'Update Status' }).click();
      const offer = page.getByRole('status').filter({ hasText: 'Status changed to In Progress.' });
      await expect(offer.getByRole('button', { name: 'Undo' })).toBeVisible();
      await expect(factValue(page, 'Status')).toHaveText('In Progress');
      // (Nothing slow here: the Undo goes after 10 s.)
      await offer.getByRole('button', { name: 'Undo' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Status changed back to Pending.' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(0);
      await expect(factValue(page, 'Status')).toHaveText('Pending');
      await expect(page.getByRole('list', { name: 'Audit history' }).getByRole('listitem')).toHaveCount(3);
      await status.getByLabel('New Status').selectOption({ label: 'Closed' });
      await expect(status.getByText(/needs another officer's approval to close a case/)).toBeVisible();
      await status.getByLabel('Notes').fill('Complainant satisfied, money returned');
      // Without the final decision the request is refused on that field.
      await status.getByRole('button', { name: 'Update Status' }).click();
      await expect(status.getByText('Record the final decision before asking for the case to be closed')).toBeVisible();
      await status.getByRole('textbox', { name: /Final Decision/ }).fill('Money returned; complaint withdrawn');
      await status.getByRole('button', { name: 'Update Status' }).click();
      await expect(page.getByRole('status').filter({ hasText: REQUESTED })).toBeVisible();
      // A closure request moved nothing: there is nothing to undo.
      await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(0);
      await expect(page.locator('.detail-badges')).toContainText('Closure pending');
      await expect(factValue(page, 'Status')).toHaveText('Pending');
      const panel = page.getByRole('region', { name: 'Closure request' });
      await expect(factValue(page, 'Proposed status')).toHaveText('Closed');
      await expect(factValue(page, 'Requested by')).toHaveText(DESK.name);
      await expect(panel).toContainText('Complainant satisfied, money returned');
      await expect(panel).toContainText('You asked for this closure');
      await expect(panel.getByRole('button', { name: 'Approve closure' })).toHaveCount(0);
      await expect(page.getByRole('list', { name: 'Audit history' })).toContainText('Closure requested');
      await expectAccessible(page);
      await snap(page, 'closure-requested');

      // In the list too, badged.
      await page.goto(`/grievances?fir_no=${encodeURIComponent(FIR)}`);
      const row = page.getByRole('table', { name: 'Grievances' }).getByRole('row').filter({ hasText: approved.grievance_number });
      await expect(row.locator('.closure-badge')).toHaveText(/^Closure pending/);

      // The second through the API, to Resolved: the same request, whichever way it is asked for.
      const api = await apiAs(request, DESK);
      const statuses = (await (await api.get('/admin/dropdowns/statuses')).json()) as { id: number; name: string }[];
      const resolved = statuses.find((item) => item.name === 'Resolved')!;
      const current = ((await (await api.get(`/grievances/${returned.id}`)).json()) as { data: Filed }).data;
      const asked = await api.put(`/grievances/${returned.id}/status`, { status_id: resolved.id, notes: 'Settled', final_decision: 'Settled between the parties', version: current.version });
      expect(asked.status()).toBe(200);
      const answer = ((await asked.json()) as { data: { status: string; closure: { status: string; requested_by_name: string } | null } }).data;
      expect(answer.status).toBe('Pending');
      expect(answer.closure).toMatchObject({ status: 'Resolved', requested_by_name: DESK.name });
      // No approve for the desk officer.
      const refused = await api.post(`/grievances/${returned.id}/closure/approve`, { version: current.version + 1 });
      expect(refused.status()).toBe(403);
      await signOut(page, DESK.name);
    });

    await test.step("the approver finds it under 'Closure requests' and approves it", async () => {
      await signInAs(page, APPROVER.email, APPROVER.password);
      await expect(page).toHaveURL(/\/dashboard$/);
      await nav(page).getByRole('link', { name: 'Grievances' }).click();
      await page.getByRole('button', { name: /^Search & Filters/ }).click();
      await clickControl(page.getByRole('checkbox', { name: 'Closure requests' }));
      await expect(page).toHaveURL(/closure=pending/);
      const table = page.getByRole('table', { name: 'Grievances' });
      const row = table.getByRole('row').filter({ hasText: approved.grievance_number });
      await expect(row).toContainText('Closure pending');
      await expect(table.getByRole('row').filter({ hasText: returned.grievance_number })).toContainText('Closure pending');
      await expectAccessible(page);
      await snap(page, 'closure-queue');

      await row.getByRole('link', { name: approved.grievance_number }).click();
      await expect(page.getByRole('heading', { level: 1, name: approved.grievance_number })).toBeVisible();
      const panel = page.getByRole('region', { name: 'Closure request' });
      await expect(factValue(page, 'Proposed status')).toHaveText('Closed');
      await expect(panel.getByRole('button', { name: 'Return' })).toBeVisible();
      await expectAccessible(page);
      await snap(page, 'closure-request-panel');
      // The approval asks first, naming the case: Cancel sends nothing.
      await panel.getByRole('button', { name: 'Approve closure' }).click();
      const question = page.getByRole('alertdialog', { name: 'Approve Closure' });
      await expect(question).toContainText(`Approve the closure of grievance ${approved.grievance_number} (FIR ${FIR}-A)? The status becomes Closed.`);
      await expectAccessible(page);
      await snap(page, 'closure-approve-question');
      await question.getByRole('button', { name: 'Cancel' }).click();
      await expect(question).toBeHidden();
      await expect(factValue(page, 'Status')).toHaveText('Pending');
      await expect(page.locator('.detail-badges')).toContainText('Closure pending');
      await panel.getByRole('button', { name: 'Approve closure' }).click();
      await question.getByRole('button', { name: 'Confirm' }).click();
      await expect(question).toBeHidden();
      await expect(page.getByRole('status').filter({ hasText: 'Closure approved: the status is now Closed.' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Closure request' })).toHaveCount(0);
      await expect(page.locator('.detail-badges')).not.toContainText('Closure pending');
      await expect(page.locator('.detail-badges')).toContainText('Closed');
      await expect(factValue(page, 'Status')).toHaveText('Closed');
      const history = page.getByRole('list', { name: 'Audit history' });
      await expect(history).toContainText('Closure approved');
      await expect(history).toContainText('Closure requested');
    });

    await test.step('the approver returns the other request with a reason: nothing moves', async () => {
      await page.goto(`/grievances/${returned.id}`);
      await expect(page.getByRole('heading', { level: 1, name: returned.grievance_number })).toBeVisible();
      await expect(factValue(page, 'Proposed status')).toHaveText('Resolved');
      await page.getByRole('region', { name: 'Closure request' }).getByRole('button', { name: 'Return' }).click();
      const dialog = page.getByRole('dialog', { name: `Return Closure Request for ${returned.grievance_number}` });
      await expect(dialog).toContainText(`Return the closure request of grievance ${returned.grievance_number} (FIR ${FIR}-R)? The status stays Pending.`);
      await dialog.getByRole('button', { name: 'Return request' }).click();
      await expect(dialog.getByText('Give a reason for returning the closure request')).toBeVisible();
      await dialog.getByLabel('Reason for returning').fill(RETURN_REASON);
      await expectAccessible(page);
      await snap(page, 'closure-return-dialog');
      await dialog.getByRole('button', { name: 'Return request' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('status').filter({ hasText: 'Closure request returned: the status stays Pending.' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Closure request' })).toHaveCount(0);
      await expect(page.locator('.detail-badges')).not.toContainText('Closure pending');
      await expect(factValue(page, 'Status')).toHaveText('Pending');
      const history = page.getByRole('list', { name: 'Audit history' });
      await expect(history).toContainText('Closure returned');
      await expect(history).toContainText(RETURN_REASON);

      // The queue is empty of this spec's requests now.
      await page.goto(`/grievances?fir_no=${encodeURIComponent(FIR)}&closure=pending`);
      await expect(page.getByRole('heading', { name: 'No Matching Results' })).toBeVisible();
      await signOut(page, APPROVER.name);
    });

    await test.step('the audit trail holds the three closure actions', async () => {
      const api = await adminApi(request);
      type AuditRow = { grievance_id: number; action: string };
      const body = (await (await api.get('/audit/all?limit=100&offset=0')).json()) as AuditRow[] | { data: AuditRow[] };
      const audit = Array.isArray(body) ? body : body.data;
      const of = (id: number) => audit.filter((record) => record.grievance_id === id).map((record) => record.action);
      expect(of(approved.id)).toEqual(expect.arrayContaining(['CLOSURE_REQUESTED', 'CLOSURE_APPROVED']));
      expect(of(returned.id)).toEqual(expect.arrayContaining(['CLOSURE_REQUESTED', 'CLOSURE_RETURNED']));
    });
  });
});
