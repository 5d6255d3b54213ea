// The SPA in Hindi: the language is switched from the user menu,
// kept across a reload, and every screen then shows no text of the English
// catalogues (web/src/i18n/locales/en/*.json): not in the page's text, nor in
// aria-label, title, placeholder, alt or label attributes. Data from the store
// (admin-list names, user and role names, grievance fields, the server's own
// activity sentences) is not translated and is left out of the comparison.
import type { APIRequestContext, Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminApi, expect, expectAccessible, signIn, snap, test } from './fixtures';

const I18N = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'i18n');
const SAME_IN_HINDI = new Set<string>((JSON.parse(readFileSync(join(I18N, 'same-in-hindi.json'), 'utf8')) as { values: string[] }).values);

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix: string, out: Map<string, string>) {
  for (const [key, value] of Object.entries(tree)) {
    const name = `${prefix}.${key}`;
    if (typeof value === 'string') out.set(name, value);
    else flatten(value, name, out);
  }
}

/** Every English catalogue text by 'namespace:key'. */
function englishCatalogue(): Map<string, string> {
  const out = new Map<string, string>();
  const dir = join(I18N, 'locales', 'en');
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    flatten(JSON.parse(readFileSync(join(dir, file), 'utf8')) as Tree, file.replace(/\.json$/, ''), out);
  }
  return out;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const letters = (text: string) => (text.match(/[A-Za-z]/g) ?? []).length;

interface Phrase {
  key: string;
  text: string;
  pattern: RegExp;
}

/**
 * The catalogue's texts as whole-phrase patterns: a placeholder matches any
 * text, the ends must not run on into more letters. Texts with fewer than 3
 * letters of their own, the allow-list and texts that equal a data value are left out.
 */
function phrases(data: ReadonlySet<string>): Phrase[] {
  const out: Phrase[] = [];
  for (const [key, text] of englishCatalogue()) {
    if (SAME_IN_HINDI.has(text) || data.has(text)) continue;
    const literal = text.replace(/\{\{[^}]*\}\}/g, '');
    if (letters(literal) < 3) continue;
    const body = text
      .split(/\{\{[^}]*\}\}/)
      .map(escape)
      .join('.+?');
    out.push({ key, text, pattern: new RegExp(`(?<![A-Za-z])${body}(?![A-Za-z])`) });
  }
  return out;
}

/** The rendered text of the page plus its accessible names, titles, placeholders and alt texts. */
async function renderedText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts = [document.body.innerText];
    for (const element of Array.from(document.querySelectorAll('[aria-label],[title],[placeholder],[alt],optgroup[label],option'))) {
      for (const name of ['aria-label', 'title', 'placeholder', 'alt', 'label']) {
        const value = element.getAttribute(name);
        if (value) parts.push(value);
      }
      if (element.tagName === 'OPTION' && element.textContent) parts.push(element.textContent);
    }
    return parts.join('\n');
  });
}

const stamp = Date.now().toString(36).toUpperCase();
const FIR = `HINDI-${stamp}`;

/** Every text the store holds that the screens show as data, so that it is not taken for an untranslated label. */
async function storeData(request: APIRequestContext): Promise<Set<string>> {
  const api = await adminApi(request);
  const data = new Set<string>();
  const add = (value: unknown) => {
    if (typeof value === 'string' && value.trim()) data.add(value.trim());
  };
  const addAll = (record: unknown) => {
    if (record && typeof record === 'object') for (const value of Object.values(record as Record<string, unknown>)) add(value);
  };
  const kinds = ['categories', 'priorities', 'statuses', 'call_types', 'crime_titles', 'districts', 'police_stations', 'positions', 'reasons', 'actions', 'departments', 'designations'];
  for (const kind of kinds) {
    for (const item of (await (await api.get(`/admin/dropdowns/${kind}`)).json()) as { name: string; description: string }[]) {
      add(item.name);
      add(item.description);
    }
  }
  for (const user of ((await (await api.get('/users')).json()) as { data: unknown[] }).data) addAll(user);
  for (const role of ((await (await api.get('/roles')).json()) as { data: unknown[] }).data) addAll(role);
  for (const grievance of ((await (await api.get('/grievances?limit=200')).json()) as { data: Record<string, unknown>[] }).data) {
    addAll(grievance);
    for (const officer of (grievance.investigation_officers as unknown[]) ?? []) addAll(officer);
    // The law as cited ('IPC 379') and each clock's source, the Act's English text, which
    // is the authoritative one: data, not labels.
    for (const section of (grievance.sections as { act: string; act_name?: string | null; section: string }[]) ?? []) {
      add(`${section.act === 'OTHER' && section.act_name ? section.act_name : section.act} ${section.section}`);
    }
    for (const clock of (grievance.clocks as { source: string }[]) ?? []) add(clock.source);
  }
  const law = (await (await api.get('/admin/clock-rules')).json()) as { rules: { source: string; sections: string[] }[] };
  for (const rule of law.rules) {
    add(rule.source);
    add(rule.sections.join(', '));
  }
  for (const activity of (await (await api.get('/admin/recent-activities')).json()) as unknown[]) addAll(activity);
  for (const record of (await (await api.get('/audit/all?limit=200')).json()) as Record<string, unknown>[]) {
    addAll(record);
    const details = record.action_details;
    if (details && typeof details === 'object') add((details as { summary?: unknown }).summary);
  }
  return data;
}

/** Waits for a screen's heading and for its spinners to go. */
async function settle(page: Page, heading: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.locator('.amplify-loader')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
}

test.describe('Hindi', () => {
  test('switch to हिन्दी, keep it across a reload, and show no English catalogue text on any screen', async ({ page, request }) => {
    test.setTimeout(240_000);
    const api = await adminApi(request);
    const created = await api.post('/grievances', {
      fir_no: FIR,
      fir_date: '2025-02-14',
      section_and_act: '379 IPC',
      crime_title: 'Theft',
      district: 'Central District',
      police_station: 'City Kotwali',
      status: 'Pending',
      priority: 'High',
      put_in_court: false,
      cross_case: false,
      investigation_officers: [{ officer_name: 'SI Verma', from_date: '2025-02-15', to_date: null, findings: 'Witnesses heard.' }],
      brief_details: 'Two-wheeler taken from the market parking lot.',
    });
    expect(created.status()).toBe(201);
    const grievance = ((await created.json()) as { data: { id: number; grievance_number: string } }).data;
    expect((await api.post(`/grievances/${grievance.id}/notes`, { text: 'Owner called; CCTV footage requested.' })).status()).toBe(201);

    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);

    // The switch: in the user menu, applied at once.
    await page.getByRole('button', { name: 'User menu for E2E Admin' }).click();
    await page.getByRole('menuitem', { name: 'हिन्दी' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'डैशबोर्ड' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    expect(await page.evaluate(() => localStorage.getItem('portal.language'))).toBe('hi');

    // Remembered across a reload.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'डैशबोर्ड' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.getByRole('navigation', { name: 'मुख्य नेविगेशन' }).getByRole('link', { name: 'शिकायतें' })).toBeVisible();

    const data = await storeData(request);
    const catalogue = phrases(data);
    const leftovers: string[] = [];
    // Longest first, so that a value inside a longer one does not break it up.
    const dataValues = [...data].filter((value) => value.length >= 3).sort((a, b) => b.length - a.length);
    const check = async (screen: string) => {
      let text = await renderedText(page);
      for (const value of dataValues) text = text.split(value).join('¤');
      for (const phrase of catalogue) {
        if (phrase.pattern.test(text)) leftovers.push(`${screen}: "${phrase.text}" (${phrase.key})`);
      }
    };

    await settle(page, 'डैशबोर्ड');
    await check('dashboard');
    await snap(page, 'hindi-dashboard');

    await page.goto('/grievances');
    await settle(page, 'शिकायत एवं एफ़आईआर प्रबंधन');
    await expect(page.getByRole('button', { name: /^खोज एवं फ़िल्टर/ })).toContainText('कोई फ़िल्टर नहीं');
    await check('grievance list, filters closed');
    await page.getByRole('button', { name: /^खोज एवं फ़िल्टर/ }).click();
    await expect(page.getByRole('region', { name: 'खोज एवं फ़िल्टर' }).getByLabel('थाना')).toBeVisible();
    await check('grievance list with filters');
    await page.keyboard.press('?');
    await expect(page.getByRole('dialog', { name: 'कीबोर्ड शॉर्टकट' })).toBeVisible();
    await check('grievance list keyboard shortcuts');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'कीबोर्ड शॉर्टकट' })).toBeHidden();
    // The saved views' menu, and a selection with its toolbar and a change to it.
    await page.getByRole('button', { name: 'व्यू', exact: true }).click();
    await expect(page.getByRole('menuitem', { name: 'व्यू सहेजें…' })).toBeVisible();
    await check('grievance list views menu');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await page.getByRole('checkbox', { name: `शिकायत ${grievance.grievance_number} चुनें` }).check();
    const toolbar = page.getByRole('toolbar', { name: 'चुनी गई शिकायतें' });
    await expect(toolbar.getByRole('status')).toHaveText('1 चुनी गई');
    await check('grievance list with a selection');
    await toolbar.getByRole('button', { name: 'स्थिति बदलें…' }).click();
    await expect(page.getByRole('dialog', { name: '1 शिकायत की स्थिति बदलें' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await check('bulk status dialog');
    await page.keyboard.press('Escape');
    await toolbar.getByRole('button', { name: 'चयन हटाएँ' }).click();
    await expect(toolbar).toBeHidden();

    await page.goto('/grievances/trash');
    await settle(page, 'ट्रैश');
    await check('trash');

    await page.goto(`/grievances/${grievance.id}`);
    await settle(page, grievance.grievance_number);
    const attachments = page.getByRole('region', { name: 'संलग्नक' });
    const chooser = page.waitForEvent('filechooser');
    await attachments.getByRole('button', { name: 'फ़ाइलें चुनें' }).click();
    await (
      await chooser
    ).setFiles([
      {
        name: 'statement.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1'),
      },
    ]);
    await expect(attachments.getByRole('table', { name: 'संलग्नक' }).getByText('statement.pdf')).toBeVisible();
    await expect(page.getByRole('region', { name: 'केस डायरी' }).getByText('Owner called; CCTV footage requested.')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await check('grievance detail');
    await expectAccessible(page);
    await snap(page, 'hindi-grievance-detail');

    await page.goto('/grievances/new');
    await settle(page, 'नई शिकायत / एफ़आईआर');
    await page.getByRole('button', { name: 'शिकायत दर्ज करें' }).click();
    await expect(page.getByText('कृपया जमा करने से पहले नीचे दी गई त्रुटियाँ ठीक करें।')).toBeVisible();
    await expect(page.getByText('एफ़आईआर संख्या आवश्यक है')).toBeVisible();
    await check('new grievance with validation errors');

    await page.goto('/users');
    await settle(page, 'उपयोगकर्ता प्रबंधन');
    await check('users');
    await page.getByRole('button', { name: 'उपयोगकर्ता जोड़ें' }).click();
    await expect(page.getByRole('dialog', { name: 'उपयोगकर्ता जोड़ें' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await check('add-user dialog');
    await page.keyboard.press('Escape');

    await page.goto('/roles');
    await settle(page, 'भूमिका प्रबंधन');
    await check('roles');
    await page.getByRole('button', { name: 'नई भूमिका जोड़ें' }).click();
    await expect(page.getByRole('dialog', { name: 'नई भूमिका जोड़ें' })).toBeVisible();
    await check('add-role dialog');
    await page.keyboard.press('Escape');

    await page.goto('/admin');
    await settle(page, 'व्यवस्थापक पैनल');
    await check('admin panel');
    await page.getByRole('tab', { name: 'लंबन सीमाएँ' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'लंबन सीमाएँ' })).toBeVisible();
    await expect(page.locator('.amplify-loader')).toHaveCount(0);
    await check('admin panel: pendency limits');
    for (const [tab, screen] of [
      ['स्थानांतरण सीमा', 'transfer limit'],
      ['ट्रैश में रखने की अवधि', 'trash retention'],
      ['उच्च स्तर को प्रेषण की प्रतीक्षा अवधि', 'escalation waits'],
      ['वैधानिक समय-सीमाएं', 'statutory clocks'],
      ['प्रकाशित व्यू', 'published views'],
    ]) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tabpanel', { name: tab }).getByRole('heading', { level: 2 }).first()).toBeVisible();
      await expect(page.locator('.amplify-loader')).toHaveCount(0);
      await check(`admin panel: ${screen}`);
    }

    await page.goto('/audit');
    await settle(page, 'ऑडिट इतिहास');
    await page.getByRole('button', { name: 'फ़िल्टर' }).click();
    await check('audit history with filters');

    await page.goto('/profile');
    await settle(page, 'प्रोफ़ाइल');
    await page.getByRole('button', { name: 'पासवर्ड बदलें' }).click();
    await expect(page.getByRole('form', { name: 'पासवर्ड बदलें' })).toBeVisible();
    await check('profile');

    // Back to English (the other specs start with fresh storage; this is hygiene).
    await page.getByRole('button', { name: 'E2E Admin का उपयोगकर्ता मेनू' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(await page.evaluate(() => localStorage.getItem('portal.language'))).toBe('en');

    expect(leftovers, 'English catalogue texts left on Hindi screens').toEqual([]);
  });
});
