// A grievance's case file from its screen: 'Case file' → a language asks the API (bearer
// header) for a signed link, which opens in a new window and downloads the PDF. The file
// holds every section of the case, its note, its numbers, who printed it and a signature
// block, with headings in the language chosen; each one is an EXPORTED record in the
// case's history.
import { execFileSync } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { adminApi, artifactPath, caseBody, expect, expectAccessible, nextDownload, signIn, test } from './fixtures';
import { ADMIN } from './admin';

const stamp = Date.now().toString(36).toUpperCase();
const FIR = `CASEFILE-${stamp}`;
const NOTE = `Shopkeeper identified the accused from CCTV footage on ${stamp}.`;

interface ExportLink {
  url: string;
  expires_at: string;
  rows: number;
}

interface AuditRecord {
  action: string;
  field_name: string | null;
  new_value: string | null;
  action_details: { kind?: string; how?: string; language?: string } | null;
}

/**
 * pdftotext writes Devanagari's pre-base vowel sign ि (drawn before its consonant) where it is
 * drawn, not where it is spelt: without it, a Hindi word reads the same either way.
 */
const withoutPreBase = (text: string) => text.replaceAll('\u093f', '');

/** Chooses a language in the screen's 'Case file' menu; answers the link the API gave and the PDF's text. */
async function caseFile(page: Page, language: string, lang: string, name: string) {
  await page.getByRole('button', { name: 'Case file' }).click();
  const answer = page.waitForResponse((r) => r.url().includes('/case-file?'));
  const popup = page.waitForEvent('popup');
  const download = nextDownload(page);
  await page.getByRole('menu').getByRole('menuitem', { name: language }).click();

  const answered = await answer;
  expect(answered.status()).toBe(200);
  expect(new URL(answered.url()).searchParams.get('lang')).toBe(lang);
  expect(answered.request().headers()['authorization']).toMatch(/^Bearer /);
  const link = (await answered.json()) as ExportLink;
  expect(link.url).toBeTruthy();
  expect(Number.isNaN(Date.parse(link.expires_at))).toBe(false);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(link.url, 'the link carries no session').not.toContain(token!);
  await popup;

  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  const path = artifactPath(name);
  copyFileSync((await file.path())!, path);
  const text = execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' });
  // The menu is ready for the next choice.
  await expect(page.getByRole('button', { name: 'Case file' })).toBeEnabled();
  return text;
}

test('the case file downloads from the screen in English and Hindi, whole, and is recorded in the history', async ({ page, request }) => {
  test.setTimeout(120_000);
  const api = await adminApi(request);
  const created = await api.post(
    '/grievances',
    caseBody({
      fir_no: FIR,
      fir_date: '2025-04-11',
      section_and_act: '379 IPC',
      crime_title: 'Theft',
      brief_details: 'A mobile phone was taken from the counter of a shop.',
      investigation_officers: [{ officer_name: 'SI Kavya Nair', from_date: '2025-04-12', to_date: null, findings: 'Footage collected.' }],
      parties: [{ role: 'complainant', name: 'Harish Chand', mobile: '9811100033' }],
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

  // The menu, open, is accessible and offers both languages.
  await page.getByRole('button', { name: 'Case file' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['English', 'हिन्दी']);
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  // The page is usable again: focus is back on the menu's button.
  await expect(page.getByRole('button', { name: 'Case file' })).toBeFocused();
  await expect(page.locator('[inert]')).toHaveCount(0);

  // English.
  const english = await caseFile(page, 'English', 'en', 'case-file-en.pdf');
  for (const heading of ['Case File', 'Case Details', 'Brief Details', 'People in the Case', 'Investigation Officers', 'Case Notes', 'History']) {
    expect(english, `the section '${heading}'`).toContain(heading);
  }
  for (const value of [NOTE, filed.grievance_number, FIR, 'Harish Chand', 'SI Kavya Nair', 'A mobile phone was taken from the counter of a shop.']) {
    expect(english).toContain(value);
  }
  expect(english).toContain(`Grievance Number: ${filed.grievance_number} · FIR Number: ${FIR}`);
  expect(english).toMatch(new RegExp(`Printed \\d{1,2} \\w{3} \\d{4} \\d{2}:\\d{2} IST by ${ADMIN.name}`));
  expect(english).toContain('Signature');
  expect(english).toContain('Name and designation');
  expect(english).toMatch(/Page 1 of \d+/);

  // Hindi: the same case under Hindi headings, its own words as written.
  const hindi = await caseFile(page, 'हिन्दी', 'hi', 'case-file-hi.pdf');
  for (const words of ['केस फ़ाइल', 'मामले का', 'मामले के', 'हस्ताक्षर', 'पृष्ठ 1']) {
    expect(hindi, `'${words}'`).toContain(words);
  }
  // Every heading, read without the vowel sign pdftotext moves.
  for (const heading of ['मामले का विवरण', 'संक्षिप्त विवरण', 'मामले के व्यक्ति', 'जाँच अधिकारी', 'केस टिप्पणियाँ', 'इतिहास', 'मुद्रित']) {
    expect(withoutPreBase(hindi), `the heading '${heading}'`).toContain(withoutPreBase(heading));
  }
  for (const value of [NOTE, filed.grievance_number, FIR, 'Harish Chand', 'SI Kavya Nair']) {
    expect(hindi).toContain(value);
  }
  expect(hindi).toContain(`IST द्वारा ${ADMIN.name}`);
  expect(hindi, 'no English heading left').not.toContain('Case Details');

  // Each download is an EXPORTED record of the case file, in its language.
  const history = await api.get(`/grievances/${filed.id}/history`);
  expect(history.status()).toBe(200);
  const records = ((await history.json()) as { data: AuditRecord[] }).data;
  const exported = records.filter((r) => r.action === 'EXPORTED' && r.action_details?.kind === 'case_file');
  expect(exported.map((r) => r.action_details?.how)).toEqual(['Case file (PDF)', 'Case file (PDF)']);
  expect(exported.map((r) => r.action_details?.language).sort()).toEqual(['en', 'hi']);
});
