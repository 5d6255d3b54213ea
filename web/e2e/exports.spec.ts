// Exports: the list asks the API (bearer header) for a file of what its filters
// show, and opens the short-lived signed link it answers. The link downloads
// without a session, refuses any change to itself, and a user without view_all
// exports only their own grievances.
import type { APIRequestContext } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { adminApi, artifactPath, ensureRole, expect, nextDownload, signIn, test } from './fixtures';
import { drawnPage, inked, overprinted, pdfWords } from './pdf-layout';

const stamp = Date.now().toString(36).toUpperCase();
/** Every FIR number this spec files contains it, so a fir_no filter finds exactly them. */
const PREFIX = `EXP-${stamp}`;
const FILER = { name: 'Farid Filer', email: `farid.filer.${stamp.toLowerCase()}@e2e.test`, password: 'Farid-Pass-1' };
const OUTSIDER = { name: 'Omar Outsider', email: `omar.outsider.${stamp.toLowerCase()}@e2e.test`, password: 'Omar-Pass-1' };

interface ExportLink {
  url: string;
  expires_at: string;
  rows: number;
}

const grievance = (firNo: string) => ({
  fir_no: firNo,
  fir_date: '2025-05-02',
  section_and_act: '420 IPC',
  crime_title: 'Cheating and Fraud',
  district: 'Central District',
  police_station: 'City Kotwali',
  status: 'Pending',
  priority: 'High',
  put_in_court: false,
  cross_case: false,
  investigation_officers: [{ officer_name: 'SI Meena Rao', from_date: '2025-05-03', to_date: null, findings: 'Bank records sought.' }],
  brief_details: 'Money taken for a job that did not exist.',
});

/** Signs in through the API; answers the bearer headers. */
async function bearer(request: APIRequestContext, email: string, password: string) {
  const login = await request.post('/api/auth/login', { data: { email, password } });
  expect(login.ok(), `API sign-in of ${email}`).toBe(true);
  const { token } = (await login.json()) as { token: string };
  return { token, headers: { Authorization: `Bearer ${token}` } };
}

/** The signed link with one query parameter replaced. */
function withParam(url: string, name: string, change: (value: string) => string): string {
  const parsed = new URL(url, 'http://portal.invalid');
  const value = parsed.searchParams.get(name);
  expect(value, `the link carries ${name}`).toBeTruthy();
  parsed.searchParams.set(name, change(value!));
  return /^https?:/.test(url) ? parsed.href : `${parsed.pathname}${parsed.search}`;
}


async function expectRefused(request: APIRequestContext, url: string, what: string) {
  const response = await request.get(url);
  expect(response.status(), what).toBe(403);
  expect(response.headers()['content-type'], what).toContain('application/json');
  const body = (await response.json()) as { error?: unknown };
  expect(typeof body.error === 'string' && body.error.length > 0, `${what}: JSON error text`).toBe(true);
}

test.describe('exports', () => {
  test.beforeAll(async ({ request }) => {
    const api = await adminApi(request);
    for (const n of [1, 2]) {
      const created = await api.post('/grievances', grievance(`${PREFIX}-A${n}`));
      expect(created.status(), `admin files grievance ${n}`).toBe(201);
    }
  });

  test('Excel from the list downloads through the signed link; PDF too; a changed link is refused', async ({ page, request }) => {
    test.setTimeout(120_000);
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`/grievances?fir_no=${encodeURIComponent(PREFIX)}`);
    await expect(page.getByText(/^Showing 2 of \d+ grievances/)).toBeVisible();
    const exports = page.getByRole('group', { name: 'Export grievances' });

    // Excel, through the browser: a new window opens the link and the file downloads.
    const excelAnswer = page.waitForResponse((r) => r.url().includes('/api/grievances/export/excel'));
    const popup = page.waitForEvent('popup');
    const download = nextDownload(page);
    await exports.getByRole('button', { name: 'Excel' }).click();
    const answered = await excelAnswer;
    expect(answered.status()).toBe(200);
    expect(new URL(answered.url()).searchParams.get('fir_no')).toBe(PREFIX);
    expect(answered.request().headers()['authorization']).toMatch(/^Bearer /);
    const excel = (await answered.json()) as ExportLink;
    expect(excel.rows).toBe(2);
    expect(Number.isNaN(Date.parse(excel.expires_at))).toBe(false);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    expect(excel.url).not.toContain(token!);
    await popup;
    await expect(page.getByText('Excel export ready: 2 grievances')).toBeVisible();
    await expect(exports.getByRole('button', { name: 'Excel' })).toBeEnabled();

    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    const workbook = await readFile((await file.path())!);
    expect(workbook.subarray(0, 2).toString('latin1')).toBe('PK');

    // PDF: the link from the list's answer, fetched without any session.
    const pdfAnswer = page.waitForResponse((r) => r.url().includes('/api/grievances/export/pdf'));
    await exports.getByRole('button', { name: 'PDF' }).click();
    const pdf = (await (await pdfAnswer).json()) as ExportLink;
    expect(pdf.rows).toBe(2);
    await expect(page.getByText('PDF export ready: 2 grievances')).toBeVisible();

    // A changed link is refused before the good one is used.
    await expectRefused(
      request,
      withParam(pdf.url, 'signature', (s) => `${s.slice(0, -1)}${s.endsWith('0') ? '1' : '0'}`),
      'one signature character changed',
    );
    await expectRefused(
      request,
      withParam(pdf.url, 'expires', (e) => String(Number(e) + 3600)),
      'expiry pushed back',
    );

    const pdfFile = await request.get(pdf.url);
    expect(pdfFile.status()).toBe(200);
    expect(pdfFile.headers()['content-type']).toContain('application/pdf');
    expect((await pdfFile.body()).subarray(0, 4).toString('latin1')).toBe('%PDF');
  });

  test('a user without view_all exports only their own grievances; one without grievances read is refused', async ({ request }) => {
    const api = await adminApi(request);
    const filerRole = await ensureRole(request, 'Export Filer', [
      { resource: 'grievances', can_create: true, can_read: true, can_view_all: false, can_update: false, can_delete: false },
    ]);
    const outsiderRole = await ensureRole(request, 'Export Outsider', [
      { resource: 'users', can_create: false, can_read: true, can_view_all: false, can_update: false, can_delete: false },
    ]);
    for (const [person, roleId] of [
      [FILER, filerRole],
      [OUTSIDER, outsiderRole],
    ] as const) {
      const created = await api.post('/users', {
        ...person,
        phone: null,
        department: 'Crime Branch',
        designation: 'Sub-Inspector',
        role_id: roleId,
        status: 'active',
      });
      expect(created.status(), `create ${person.email}`).toBe(201);
    }

    // The admin files one more, the filer files one.
    expect((await api.post('/grievances', grievance(`${PREFIX}-A3`))).status()).toBe(201);
    const filer = await bearer(request, FILER.email, FILER.password);
    const own = await request.post('/api/grievances', { headers: filer.headers, data: grievance(`${PREFIX}-F1`) });
    expect(own.status(), 'the filer files a grievance').toBe(201);

    const filerExport = async (query = '') => {
      const response = await request.get(`/api/grievances/export/excel${query}`, { headers: filer.headers });
      expect(response.status()).toBe(200);
      return (await response.json()) as ExportLink;
    };
    expect((await filerExport()).rows, 'everything the filer may see').toBe(1);
    expect((await filerExport(`?fir_no=${encodeURIComponent(PREFIX)}`)).rows, 'filtered to this spec').toBe(1);
    const adminExport = await api.get(`/grievances/export/excel?fir_no=${encodeURIComponent(PREFIX)}`);
    expect(((await adminExport.json()) as ExportLink).rows, 'the admin sees all four').toBe(4);

    // The filer's file opens with the link alone.
    const link = await filerExport();
    const file = await request.get(link.url);
    expect(file.status()).toBe(200);
    expect((await file.body()).subarray(0, 2).toString('latin1')).toBe('PK');

    // Without grievances read, no export; and without a session, none either.
    const outsider = await bearer(request, OUTSIDER.email, OUTSIDER.password);
    const refused = await request.get('/api/grievances/export/excel', { headers: outsider.headers });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error?: string }).error).toBeTruthy();
    expect((await request.get('/api/grievances/export/pdf')).status()).toBe(401);
  });

  test('the list PDF prints each FIR number whole, on one line, and nothing over anything else, in English and Hindi', async ({ request }) => {
    const api = await adminApi(request);
    // Numbers as a city station writes them: long, with slashes to break at.
    const firs = [`CIVIL/${stamp}/2026/99911`, `CIVIL/${stamp}/2026/99912`];
    for (const fir of firs) expect((await api.post('/grievances', grievance(fir))).status()).toBe(201);
    for (const lang of ['en', 'hi']) {
      const answer = await api.get(`/grievances/export/pdf?fir_no=${encodeURIComponent(`CIVIL/${stamp}`)}&lang=${lang}`);
      expect(answer.status()).toBe(200);
      const link = (await answer.json()) as ExportLink;
      expect(link.rows).toBe(2);
      const file = artifactPath(`list-pdf-${lang}.pdf`);
      await writeFile(file, await (await request.get(link.url)).body());
      const words = pdfWords(file);
      const drawn = drawnPage(file, artifactPath(`list-pdf-${lang}`));
      execFileSync('pdftoppm', ['-r', '110', '-png', '-f', '1', '-l', '1', '-singlefile', file, artifactPath(`list-pdf-${lang}-page1`)]);
      for (const fir of firs) {
        const whole = words.filter((w) => w.text === fir);
        expect(whole, `${lang}: ${fir} is one word of the text layer`).toHaveLength(1);
        // Drawn where the text layer says: ink at both ends of its box.
        expect(inked(drawn, whole[0], 0, 0.15) && inked(drawn, whole[0], 0.85, 1), `${lang}: ${fir} is drawn`).toBe(true);
      }
      expect(overprinted(words), `${lang}: words printed over each other`).toEqual([]);
      const headings = lang === 'en' ? ['Grievance', 'FIR', 'Date', 'Crime', 'Title', 'Police', 'Station', 'Status', 'Priority'] : ['स्थिति', 'प्राथमिकता'];
      for (const heading of headings) expect(words.map((w) => w.text), `${lang}: heading ${heading}`).toContain(heading);
    }
  });
});
