// A grievance printed from its screen (Ctrl+P): the page is drawn for print media and
// printed to an A4 PDF by Chromium itself, then read back with pdftotext. The paper holds
// the case (its sections, people, officers, notes and history, under a line naming the
// grievance and its FIR) and none of the screen's chrome or controls: no top bar, no
// navigation, no signed-in banner, no buttons, no forms, and no word past the sheet's edge.
// The print itself is recorded in the case's trail.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminApi, artifactPath, caseBody, expect, expectAccessible, signIn, test } from './fixtures';
import { ADMIN } from './admin';
import { pageWords } from './pdf-layout';

interface HistoryRecord {
  action: string;
  new_value: string | null;
  user_name: string;
}

const stamp = Date.now().toString(36).toUpperCase();
const FIR = `PRINT-${stamp}`;
const NOTE = `Bank manager questioned about the transfer on ${stamp}.`;

test('a printed grievance shows the case and none of the screen around it', async ({ page, request }) => {
  const api = await adminApi(request);
  const created = await api.post(
    '/grievances',
    caseBody({
      fir_no: FIR,
      fir_date: '2025-03-01',
      section_and_act: '420 IPC',
      crime_title: 'Cheating and Fraud',
      brief_details: 'Money taken for a job that did not exist.',
      investigation_officers: [{ officer_name: 'SI Meena Rao', from_date: '2025-03-02', to_date: null, findings: 'Bank records sought.' }],
      parties: [{ role: 'complainant', name: 'Geeta Sharma', mobile: '9811100022' }],
    }),
  );
  expect(created.status(), 'file the grievance').toBe(201);
  const filed = ((await created.json()) as { data: { id: number; grievance_number: string } }).data;
  expect((await api.post(`/grievances/${filed.id}/notes`, { text: NOTE })).status(), 'add the note').toBe(201);

  await signIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/grievances/${filed.id}`);
  await expect(page.getByRole('heading', { level: 1, name: filed.grievance_number })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Case notes' })).toContainText(NOTE);
  await expect(page.getByRole('list', { name: 'Audit history' })).toContainText(`created (FIR ${FIR})`);
  await expect(page.getByRole('region', { name: 'People in the case' })).toContainText('Geeta Sharma');
  await expectAccessible(page);

  await page.emulateMedia({ media: 'print' });
  // Sections are kept whole on a sheet where they fit.
  expect(await page.locator('.detail-section').first().evaluate((section) => getComputedStyle(section).breakInside)).toBe('avoid');
  const recorded = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/api/grievances/${filed.id}/printed`));
  const pdf = await page.pdf({ format: 'A4' });
  // The print is audited: one EXPORTED record of the case, printed from the screen.
  expect((await recorded).status()).toBe(200);
  const history = ((await (await api.get(`/grievances/${filed.id}/history`)).json()) as { data: HistoryRecord[] }).data;
  const printed = history.filter((r) => r.action === 'EXPORTED' && r.new_value === 'Printed from the screen');
  expect(printed, 'one record of the print').toHaveLength(1);
  expect(printed[0].user_name).toBe(ADMIN.name);
  const dir = mkdtempSync(join(tmpdir(), 'case-print-'));
  try {
    const file = join(dir, 'case.pdf');
    writeFileSync(file, pdf);
    // Kept beside the screenshots, to be looked at.
    copyFileSync(file, artifactPath('case-print.pdf'));
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });

    // The case: its header line, every section, the people, officers, note and history.
    expect(text).toContain(`Grievance ${filed.grievance_number} · FIR ${FIR}`);
    for (const heading of [
      'FIR Basic Details',
      'Location',
      'Investigation Officers',
      'Current Status',
      'Complaint Details',
      'People in the case',
      'Important Dates',
      'Actions & Decisions',
      'Attachments',
      'Case Notes',
      'System Information',
      'Audit History',
    ]) {
      expect(text, `the section '${heading}'`).toContain(heading);
    }
    for (const value of [NOTE, 'Geeta Sharma', 'SI Meena Rao', 'Bank records sought.', 'Money taken for a job that did not exist.']) {
      expect(text).toContain(value);
    }

    // No chrome: the top bar, the navigation, the signed-in banner.
    for (const chrome of ['Police Grievance Portal', 'Logged in as', 'Dashboard', 'User Management', 'Role Management', 'Admin Panel', 'Profile', 'Skip to']) {
      expect(text, `the screen's '${chrome}'`).not.toContain(chrome);
    }
    // No controls: the header's buttons, the status form, the upload box, the note box, the link form.
    for (const control of [
      /\bBack\b/,
      /\bEdit\b/,
      /\bAssign\b/,
      /\bTransfer\b/,
      /\bDelete\b/,
      /Case file/,
      /New Status/,
      /Update Status/,
      /Change Status/,
      /Choose files/,
      /Drag PDF/,
      /New Note/,
      /Add Note/,
      /Link a grievance/,
      /Grievance number/,
      /All audit records/,
    ]) {
      expect(text, `the control ${control}`).not.toMatch(control);
    }

    // Nothing runs past the sheet's right edge.
    const pages = pageWords(file);
    expect(pages.length).toBeGreaterThan(0);
    for (const { width, words } of pages) {
      const past = words.filter((word) => word.xMax > width).map((word) => word.text);
      expect(past, 'words past the right edge').toEqual([]);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
