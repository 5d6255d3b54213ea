// Casework against the real portal: attachments uploaded from the
// detail screen straight to their signed upload URL and downloaded through a
// signed link, files refused by type and size, attachments scoped like their
// grievance, case notes newest first with corrections, and a grievance past its
// stage's pendency limit found with 'Overdue only', badged, and counted on the
// dashboard.
import type { APIRequestContext, Page } from '@playwright/test';
import { adminApi, caseBody, clickControl, ensureRole, expect, expectAccessible, signIn, signInAs, snap, test } from './fixtures';

const stamp = Date.now().toString(36).toUpperCase();
/** Every FIR number this spec files contains it, so a fir_no filter finds exactly them. */
const PREFIX = `CASE-${stamp}`;
const NARROW = { name: 'Nina Narrow', email: `nina.narrow.${stamp.toLowerCase()}@e2e.test`, password: 'Nina-Pass-1' };

/** A small but real PDF: a catalogue, one empty page. */
const PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj',
    '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj',
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj',
    'trailer<</Root 1 0 R>>',
    '%%EOF',
    '',
  ].join('\n'),
  'latin1',
);
/** A valid 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

interface FileLink {
  url: string;
  expires_at: string;
}
interface Attachment {
  id: string;
  file_name: string;
  content_type: string;
  size: number;
}
interface Pendency {
  stage: string;
  days_at_stage: number;
  limit_days: number | null;
  overdue: boolean;
  days_overdue: number;
}

/** YYYY-MM-DD `days` ago in India (UTC+05:30), as the server counts days at a stage. */
const IST_OFFSET_MS = 330 * 60_000;
const daysAgo = (days: number) => new Date(Date.now() + IST_OFFSET_MS - days * 86_400_000).toISOString().slice(0, 10);

const grievance = (firNo: string, extra: Record<string, unknown> = {}) =>
  caseBody({
    fir_no: firNo,
    fir_date: '2025-03-01',
    section_and_act: '420 IPC',
    crime_title: 'Cheating and Fraud',
    brief_details: 'Money taken for a job that did not exist.',
    ...extra,
  });

async function file(request: APIRequestContext, firNo: string, extra: Record<string, unknown> = {}) {
  const api = await adminApi(request);
  const created = await api.post('/grievances', grievance(firNo, extra));
  expect(created.status(), `file ${firNo}`).toBe(201);
  return ((await created.json()) as { data: { id: number; grievance_number: string } }).data;
}

/** Chooses files through the 'Choose files' button, as a person does. */
async function chooseFiles(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('region', { name: 'Attachments' }).getByRole('button', { name: 'Choose files' }).click();
  await (await chooser).setFiles(files);
}

test.describe('casework', () => {
  // The refusals this spec provokes on purpose (400 on a wrong file, 404 out of scope) are logged by the browser.
  // One pattern: Playwright reads a two-item array here as [value, options].
  test.use({ allowedConsole: [/status of (400|404)/] });

  test('attachments: upload a PDF and a PNG, download them, refuse a wrong type and a large file, delete; all audited', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const api = await adminApi(request);
    const target = await file(request, `${PREFIX}-A`);
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`/grievances/${target.id}`);
    await expect(page.getByRole('heading', { level: 1, name: target.grievance_number })).toBeVisible();
    const section = page.getByRole('region', { name: 'Attachments' });
    await expect(section.getByText('No attachments yet.')).toBeVisible();

    // The PUT goes to the ticket's URL without the session.
    const puts: { url: string; authorization: string | undefined }[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && !r.url().includes('/api/grievances/')) puts.push({ url: r.url(), authorization: r.headers()['authorization'] });
    });
    await chooseFiles(page, [
      { name: 'statement.pdf', mimeType: 'application/pdf', buffer: PDF },
      { name: 'scene.png', mimeType: 'image/png', buffer: PNG },
    ]);
    const table = section.getByRole('table', { name: 'Attachments' });
    await expect(table.getByRole('row').filter({ hasText: 'statement.pdf' })).toContainText('PDF');
    await expect(table.getByRole('row').filter({ hasText: 'scene.png' })).toContainText('PNG');
    await expect(table.getByRole('row').filter({ hasText: 'scene.png' })).toContainText('E2E Admin');
    expect(puts, 'one PUT per file').toHaveLength(2);
    for (const put of puts) expect(put.authorization, `no session on ${put.url}`).toBeUndefined();
    await expectAccessible(page);
    await snap(page, 'grievance-attachments');

    // Download: the API answers a signed link that works without a session.
    const linkAnswer = page.waitForResponse((r) => /\/attachments\/[^/]+\/link$/.test(new URL(r.url()).pathname));
    await table.getByRole('button', { name: 'Download statement.pdf' }).click();
    const answered = await linkAnswer;
    expect(answered.status()).toBe(200);
    expect(answered.request().headers()['authorization']).toMatch(/^Bearer /);
    const pdfLink = (await answered.json()) as FileLink;
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(pdfLink.url).not.toContain(token!);
    expect(Number.isNaN(Date.parse(pdfLink.expires_at))).toBe(false);
    const pdf = await request.get(pdfLink.url);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).equals(PDF), 'the PDF comes back byte for byte').toBe(true);

    const listed = ((await (await api.get(`/grievances/${target.id}/attachments`)).json()) as { data: Attachment[] }).data;
    expect(listed.map((a) => a.file_name)).toEqual(['scene.png', 'statement.pdf']);
    const png = listed[0];
    expect(png.size).toBe(PNG.length);
    const pngLink = (await (await api.get(`/grievances/${target.id}/attachments/${png.id}/link`)).json()) as FileLink;
    const pngFile = await request.get(pngLink.url);
    expect(pngFile.status()).toBe(200);
    expect(pngFile.headers()['content-type']).toContain('image/png');
    expect((await pngFile.body()).equals(PNG), 'the PNG comes back byte for byte').toBe(true);

    // A text file named .pdf passes the browser's check; the server reads its content and refuses it.
    await chooseFiles(page, [{ name: 'not-really.pdf', mimeType: 'application/pdf', buffer: Buffer.from('Just some text, not a PDF.\n') }]);
    const uploads = section.getByRole('list', { name: 'Uploads' });
    await expect(uploads.getByRole('listitem').filter({ hasText: 'not-really.pdf' })).toContainText(
      'Only PDF, JPEG and PNG files can be attached',
    );

    // Over 20 MB: refused before anything is sent.
    let tickets = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/attachments/uploads')) tickets += 1;
    });
    await chooseFiles(page, [{ name: 'huge.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(20 * 1024 * 1024 + 1, 0x20) }]);
    await expect(uploads.getByRole('listitem').filter({ hasText: 'huge.pdf' })).toContainText('Files may be at most 20 MB');
    expect(tickets, 'no ticket asked for a file over 20 MB').toBe(0);
    await expect(table.getByRole('row')).toHaveCount(3);
    await expectAccessible(page);
    await snap(page, 'grievance-attachment-refusals');

    // Delete, after the confirmation.
    await table.getByRole('button', { name: 'Delete statement.pdf' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Attachment' });
    await expect(confirm).toContainText('Delete statement.pdf?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(table.getByRole('row').filter({ hasText: 'statement.pdf' })).toHaveCount(0);
    await expect(section.getByText('statement.pdf deleted.')).toBeVisible();

    // The audit trail has both, on the screen and in the API.
    const history = page.getByRole('list', { name: 'Audit history' });
    await expect(history).toContainText('Attachment Added');
    await expect(history).toContainText('Attachment Deleted');
    type AuditRow = { grievance_id: number; action: string };
    const body = (await (await api.get('/audit/all?limit=100&offset=0')).json()) as AuditRow[] | { data: AuditRow[] };
    const audit = Array.isArray(body) ? body : body.data;
    const actions = audit.filter((record) => record.grievance_id === target.id).map((record) => record.action);
    expect(actions.filter((a) => a === 'ATTACHMENT_ADDED')).toHaveLength(2);
    expect(actions).toContain('ATTACHMENT_DELETED');
  });

  test('case notes are shown newest first; a correction names the note it corrects', async ({ page, request }) => {
    test.setTimeout(120_000);
    const target = await file(request, `${PREFIX}-N`);
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`/grievances/${target.id}`);
    const section = page.getByRole('region', { name: 'Case Notes' });
    await expect(section.getByText('No case notes yet.')).toBeVisible();

    await section.getByRole('button', { name: 'Add Note' }).click();
    await expect(section.getByText('Write the note before adding it')).toBeVisible();
    const notes = section.getByRole('list', { name: 'Case notes' });
    for (const text of ['Complainant visited on 10 March.', 'Bank asked for <b>CCTV</b> footage.']) {
      await section.getByLabel('New Note').fill(text);
      await section.getByRole('button', { name: 'Add Note' }).click();
      await expect(notes.getByRole('listitem').first()).toContainText(text);
    }
    await expect(notes.getByRole('listitem')).toHaveText([/Bank asked for <b>CCTV<\/b> footage\./, /Complainant visited on 10 March\./]);

    await notes.getByRole('listitem').last().getByRole('button', { name: /^Correct the note of / }).click();
    await expect(section.getByText(/^Correction of the note of /)).toBeVisible();
    await section.getByLabel('Correction').fill('The complainant visited on 11 March, not 10 March.');
    await section.getByRole('button', { name: 'Add Note' }).click();
    await expect(notes.getByRole('listitem')).toHaveCount(3);
    const items = notes.getByRole('listitem');
    await expect(items.first()).toContainText('The complainant visited on 11 March');
    await expect(items.first()).toContainText(/Correction of the note of /);
    await expect(items.last()).toContainText('Corrected');
    await expect(items.last()).toContainText('E2E Admin');
    await expectAccessible(page);
    await snap(page, 'grievance-case-notes');

    const api = await adminApi(request);
    const listed = ((await (await api.get(`/grievances/${target.id}/notes`)).json()) as { data: { text: string; corrects: string | null }[] }).data;
    expect(listed.map((n) => n.text)).toEqual([
      'The complainant visited on 11 March, not 10 March.',
      'Bank asked for <b>CCTV</b> footage.',
      'Complainant visited on 10 March.',
    ]);
    expect(listed[0].corrects).toBeTruthy();
  });

  test("a user without view_all cannot reach another's attachments or notes", async ({ page, request }) => {
    const api = await adminApi(request);
    const others = await file(request, `${PREFIX}-S`);
    expect(
      (await api.post(`/grievances/${others.id}/notes`, { text: 'Only for those who may see it.' })).status(),
    ).toBe(201);
    const roleId = await ensureRole(request, 'Casework Narrow', [
      { resource: 'grievances', can_create: true, can_read: true, can_view_all: false, can_update: true, can_delete: false },
    ]);
    const created = await api.post('/users', {
      ...NARROW,
      phone: null,
      department: 'Crime Branch',
      designation: 'Sub-Inspector',
      role_id: roleId,
      status: 'active',
    });
    expect(created.status()).toBe(201);
    const login = await request.post('/api/auth/login', { data: { email: NARROW.email, password: NARROW.password } });
    const headers = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };

    for (const [what, response] of [
      ['list', await request.get(`/api/grievances/${others.id}/attachments`, { headers })],
      ['ticket', await request.post(`/api/grievances/${others.id}/attachments/uploads`, { headers, data: { file_name: 'x.pdf', content_type: 'application/pdf', size: PDF.length } })],
      ['notes', await request.get(`/api/grievances/${others.id}/notes`, { headers })],
      ['add note', await request.post(`/api/grievances/${others.id}/notes`, { headers, data: { text: 'Not mine.' } })],
    ] as const) {
      expect(response.status(), what).toBe(404);
      expect(((await response.json()) as { error?: string }).error, what).toBe('Grievance not found');
    }

    // Through the screen: the grievance is not found, so neither are its attachments.
    await signInAs(page, NARROW.email, NARROW.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`/grievances/${others.id}`);
    await expect(page.getByText('Grievance not found')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Attachments' })).toHaveCount(0);
  });

  test('a grievance past its Inward limit is overdue: filtered, badged and counted on the dashboard', async ({ page, request }) => {
    test.setTimeout(180_000);
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);

    // The limit, through the Admin Panel.
    await page.goto('/admin?list=pendency_limits');
    const limits = page.getByRole('table', { name: 'Pendency Limits' });
    await expect(limits.getByRole('columnheader')).toHaveText(['Priority', 'Inward', 'Scrutiny', 'With Investigating Officer', 'In Court']);
    const inward = limits.getByLabel('Low, Inward: days');
    await inward.fill('0');
    await page.getByRole('button', { name: 'Save Limits' }).click();
    await expect(page.getByText('A limit is a whole number of days from 1 to 3650')).toBeVisible();
    await inward.fill('1');
    await page.getByRole('button', { name: 'Save Limits' }).click();
    await expect(page.getByText('Pendency limits saved')).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'admin-pendency-limits');
    const api = await adminApi(request);
    const saved = (await (await api.get('/admin/pendency-limits')).json()) as { limits: Record<string, Record<string, number | null>> };
    expect(saved.limits.Low?.inward).toBe(1);

    // One grievance at Inward for 10 days (overdue by 9), one that reached Inward today (not overdue).
    const late = await file(request, `${PREFIX}-O1`, { priority: 'Low', date_of_inward: daysAgo(10) });
    const fresh = await file(request, `${PREFIX}-O2`, { priority: 'Low', date_of_inward: daysAgo(0) });
    const view = (await (await api.get(`/grievances/${late.id}`)).json()) as { data: { pendency: Pendency } };
    expect(view.data.pendency).toMatchObject({ stage: 'inward', days_at_stage: 10, limit_days: 1, overdue: true, days_overdue: 9 });

    await page.goto(`/grievances?fir_no=${encodeURIComponent(PREFIX)}-O`);
    const table = page.getByRole('table', { name: 'Grievances' });
    await expect(table.getByRole('row').filter({ hasText: fresh.grievance_number })).toBeVisible();
    await page.getByRole('button', { name: /^Search & Filters/ }).click();
    await clickControl(page.getByRole('checkbox', { name: 'Overdue only' }));
    await expect(page).toHaveURL(/overdue=true/);
    await expect(table.getByRole('row').filter({ hasText: fresh.grievance_number })).toHaveCount(0);
    const row = table.getByRole('row').filter({ hasText: late.grievance_number });
    await expect(row.locator('.overdue-badge')).toHaveAttribute('title', 'Overdue by 9 days');
    await expect(row.locator('.overdue-badge')).toHaveText('Overdue by 9 days');
    await expectAccessible(page);
    await snap(page, 'grievances-overdue');

    await page.goto(`/grievances/${late.id}`);
    await expect(page.locator('.detail-badges')).toContainText('Overdue by 9 days');
    await expect(page.getByRole('region', { name: 'Current Status' })).toContainText('10 days at this stage');

    // The dashboard counts what the API counts, and its tile opens the filtered list.
    const metrics = (await (await api.get('/admin/performance-metrics')).json()) as {
      overdueCases: number;
      policeStationPerformance: { station_name: string; overdue_cases: number }[];
    };
    expect(metrics.overdueCases).toBeGreaterThanOrEqual(1);
    expect(metrics.policeStationPerformance.find((s) => s.station_name === 'City Kotwali')?.overdue_cases ?? 0).toBeGreaterThanOrEqual(1);
    await page.goto('/dashboard');
    const tile = page.locator('.stat-tile').filter({ has: page.locator('.tile-label', { hasText: /^Overdue$/ }) });
    await expect(tile.locator('.tile-value')).toHaveText(metrics.overdueCases.toLocaleString('en-IN'));
    await expect(page.getByRole('list', { name: 'Overdue by police station' })).toContainText('City Kotwali');
    await expectAccessible(page);
    await tile.click();
    await expect(page).toHaveURL(/\/grievances\?overdue=true$/);
    await expect(page.getByRole('checkbox', { name: 'Overdue only' })).toBeChecked();
    await expect(page.getByRole('table', { name: 'Grievances' }).getByRole('row').filter({ hasText: late.grievance_number })).toBeVisible();
  });
});
