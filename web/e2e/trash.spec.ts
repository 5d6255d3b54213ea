// The Trash against the real portal: a grievance with a case note and an attachment is
// deleted from its own screen (its header's Delete, with the optional reason), found
// in the Trash with who deleted it and why, restored after a confirmation naming it, and
// opens again with its note and its attachment. The retention the Trash keeps to is a
// setting of the Admin Panel.
import type { APIRequestContext } from '@playwright/test';
import { adminApi, caseBody, expect, expectAccessible, signIn, snap, test } from './fixtures';

const stamp = Date.now().toString(36).toUpperCase();
const FIR = `TRASH-${stamp}`;
const NOTE = 'Complainant called to say the money was returned.';
const REASON = 'Filed twice by mistake; the other record stands.';
const FILE = 'statement.pdf';

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

interface UploadTicket {
  upload_id: string;
  url: string;
  method: string;
  headers: Record<string, string>;
}

/** Files a case through the API, with a case note and a PDF attached the way the browser attaches one. */
async function caseWithNoteAndFile(request: APIRequestContext) {
  const api = await adminApi(request);
  const created = await api.post(
    '/grievances',
    caseBody({
      fir_no: FIR,
      fir_date: '2025-03-01',
      section_and_act: '420 IPC',
      crime_title: 'Cheating and Fraud',
      brief_details: 'Money taken for a job that did not exist.',
    }),
  );
  expect(created.status(), 'file the case').toBe(201);
  const grievance = ((await created.json()) as { data: { id: number; grievance_number: string } }).data;

  expect((await api.post(`/grievances/${grievance.id}/notes`, { text: NOTE })).status(), 'add the note').toBe(201);

  const asked = await api.post(`/grievances/${grievance.id}/attachments/uploads`, { file_name: FILE, content_type: 'application/pdf', size: PDF.length });
  expect(asked.ok(), 'upload ticket').toBe(true);
  const ticket = (await asked.json()) as UploadTicket;
  // The bytes go to the ticket's address without the session, as the browser sends them.
  const sent = await request.fetch(ticket.url, { method: ticket.method || 'PUT', headers: ticket.headers, data: PDF });
  expect(sent.ok(), 'upload the bytes').toBe(true);
  const attached = await api.post(`/grievances/${grievance.id}/attachments`, { upload_id: ticket.upload_id, file_name: FILE });
  expect(attached.status(), 'attach the file').toBe(201);
  return { api, grievance };
}

test.describe('trash', () => {
  // The deleted case's screen may be asked for again once it is gone: the browser logs that 404.
  test.use({ allowedConsole: [/status of 404/] });

  test('a deleted grievance is restored from the Trash with its note and attachment', async ({ page, request }) => {
    test.setTimeout(120_000);
    const { api, grievance } = await caseWithNoteAndFile(request);
    const number = grievance.grievance_number;

    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`/grievances/${grievance.id}`);
    await expect(page.getByRole('heading', { level: 1, name: number })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Case notes' })).toContainText(NOTE);
    await expect(page.getByRole('region', { name: 'Attachments' }).getByRole('table', { name: 'Attachments' })).toContainText(FILE);

    // Deleted from its own screen (the header's Delete, not the attachment's 'Delete statement.pdf');
    // the question is the one the list asks, with the optional reason.
    await page.getByRole('main').getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Grievance' });
    await expect(confirm).toContainText(`Are you sure you want to delete grievance ${number}?`);
    const reasonField = confirm.getByLabel('Reason for deletion (optional)');
    await reasonField.fill(REASON);
    await expect(confirm).toContainText(`${REASON.length} / 500 characters`);
    await expectAccessible(page);
    const sent = page.waitForRequest((r) => r.method() === 'DELETE' && r.url().endsWith(`/api/grievances/${grievance.id}`));
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    // The reason goes with the deletion, as DELETE's JSON body.
    expect((await sent).postDataJSON()).toEqual({ reason: REASON });
    await expect(confirm).toBeHidden();
    // The screen has nothing left to show: the list says what became of the case.
    await expect(page).toHaveURL(/\/grievances(\?.*)?$/);
    await expect(page.getByText(`Grievance ${number} deleted.`)).toBeVisible();
    expect((await api.get(`/grievances/${grievance.id}`)).status(), 'gone from the lists').toBe(404);

    // In the Trash, reached from the navigation: who deleted it, why, and what it holds.
    await page.getByRole('navigation', { name: 'Main navigation', exact: true }).getByRole('link', { name: 'Trash' }).click();
    await expect(page).toHaveURL(/\/grievances\/trash$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Trash' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Deleted grievances' });
    const row = table.getByRole('row').filter({ hasText: number });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(FIR);
    await expect(row).toContainText('City Kotwali');
    await expect(row).toContainText('E2E Admin');
    await expect(row).toContainText(REASON);
    // The number heads its row; then FIR, station, deleted on, by, reason, purge after, notes, attachments.
    await expect(row.getByRole('cell').nth(6)).toHaveText('1');
    await expect(row.getByRole('cell').nth(7)).toHaveText('1');
    await expect(page.locator('.amplify-loader')).toHaveCount(0);
    await expectAccessible(page);
    await snap(page, 'trash');

    // Restored after a question naming it; the case opens with a notice.
    await row.getByRole('button', { name: `Restore ${number}` }).click();
    const restore = page.getByRole('alertdialog', { name: 'Restore Grievance' });
    await expect(restore).toContainText(`Restore grievance ${number} (FIR ${FIR}, City Kotwali)?`);
    await expect(restore.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectAccessible(page);
    await snap(page, 'trash-restore-confirm');
    await restore.getByRole('button', { name: 'Restore', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/grievances/${grievance.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: number })).toBeVisible();
    await expect(page.getByText(`Grievance ${number} restored.`)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Case notes' })).toContainText(NOTE);
    await expect(page.getByRole('region', { name: 'Attachments' }).getByRole('table', { name: 'Attachments' })).toContainText(FILE);
    expect((await api.get(`/grievances/${grievance.id}`)).status()).toBe(200);
    // Its history keeps the deletion with the reason typed, and the restoration after it.
    const history = ((await (await api.get(`/grievances/${grievance.id}/history`)).json()) as { data: { action: string; notes: string | null }[] }).data;
    expect(history.slice(0, 2).map((r) => r.action)).toEqual(['RESTORED', 'DELETED']);
    expect(history[1].notes).toContain(`Reason: ${REASON}`);

    // No longer in the Trash.
    await page.goto('/grievances/trash');
    await expect(page.getByRole('heading', { level: 1, name: 'Trash' })).toBeVisible();
    await expect(page.locator('.amplify-loader')).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Deleted grievances' }).getByRole('row').filter({ hasText: number })).toHaveCount(0);
  });

  test('the Admin Panel keeps deleted grievances 90 days until an Admin changes it', async ({ page }) => {
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/admin?list=trash_retention');
    const rules = page.getByRole('tablist', { name: 'Rules and limits' });
    await expect(rules.getByRole('tab', { name: 'Trash Retention' })).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel', { name: 'Trash Retention' });
    await expect(panel.getByText(/purged for good/)).toBeVisible();
    await expect(panel.getByLabel('Trash retention (days)')).toHaveValue('90');
    await expect(page.locator('.amplify-loader')).toHaveCount(0);
    await expectAccessible(page);
    await snap(page, 'admin-trash-retention');
  });
});
