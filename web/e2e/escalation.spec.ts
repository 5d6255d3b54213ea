// Escalation against the real portal. The portal escalates overdue
// grievances at start and then only every PORTAL_ESCALATION_MINUTES (an hour), so
// a test cannot wait for a run: it drives what the administrator sees without one.
// The Admin Panel's escalation waits load, an out-of-order save is refused with the
// server's message under the field it names, and a good one is saved and audited;
// the administrator, posted at the state, has the 'Escalated to me' filter, kept in
// the URL, and the dashboard's tile with the count the API gives.
import type { Page } from '@playwright/test';
import { adminApi, clickControl, expect, expectAccessible, signIn, snap, test } from './fixtures';

interface Waits {
  district_days: number;
  range_days: number;
  state_days: number;
}

const DISTRICT = 'Days overdue before escalating to the district';
const RANGE = 'Days overdue before escalating to the range';
const STATE = 'Days overdue before escalating to the state';
const OUT_OF_ORDER = 'Each level waits at least as long as the level below it';

const section = (page: Page) => page.getByRole('region', { name: 'Escalation Waits' });
const tile = (page: Page, label: string) =>
  page.locator('.stat-tile').filter({ has: page.locator('.tile-label', { hasText: new RegExp(`^${label}$`) }) });

test.describe('escalation', () => {
  // The refused save is a 400 the browser logs by itself.
  test.use({ allowedConsole: [/status of 400/] });

  test('an administrator sets the escalation waits in the Admin Panel: refused out of order, saved in order, audited', async ({ page, request }) => {
    test.setTimeout(120_000);
    const api = await adminApi(request);
    const before = (await (await api.get('/admin/escalation-rules')).json()) as Waits;
    // Waits no other spec (or an earlier run) leaves behind.
    const wanted: Waits = before.range_days === 9 ? { district_days: 1, range_days: 8, state_days: 21 } : { district_days: 2, range_days: 9, state_days: 20 };

    try {
      await signIn(page);
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goto('/admin?list=escalation');
      const waits = section(page);
      await expect(waits.getByRole('heading', { level: 2, name: 'Escalation Waits' })).toBeVisible();
      await expect(waits.getByLabel(DISTRICT)).toHaveValue(String(before.district_days));
      await expect(waits.getByLabel(RANGE)).toHaveValue(String(before.range_days));
      await expect(waits.getByLabel(STATE)).toHaveValue(String(before.state_days));

      // The state waiting less than the range: the server refuses it and names the state's field.
      await waits.getByLabel(DISTRICT).fill(String(wanted.district_days));
      await waits.getByLabel(RANGE).fill(String(wanted.range_days));
      await waits.getByLabel(STATE).fill(String(wanted.range_days - 1));
      const refused = page.waitForResponse((r) => r.url().endsWith('/api/admin/escalation-rules') && r.request().method() === 'PUT');
      await waits.getByRole('button', { name: 'Save Waits' }).click();
      expect((await refused).status()).toBe(400);
      await expect(waits.getByText(OUT_OF_ORDER)).toBeVisible();
      await expect(waits.getByLabel(STATE)).toHaveAttribute('aria-invalid', 'true');
      await expect(waits.getByLabel(STATE)).toBeFocused();
      await expect(page.getByText('Escalation waits saved')).toHaveCount(0);
      expect((await (await api.get('/admin/escalation-rules')).json()) as Waits).toEqual(before);

      // In order: saved, and kept.
      await waits.getByLabel(STATE).fill(String(wanted.state_days));
      await expect(waits.getByText(OUT_OF_ORDER)).toHaveCount(0);
      await waits.getByRole('button', { name: 'Save Waits' }).click();
      await expect(page.getByText('Escalation waits saved')).toBeVisible();
      expect((await (await api.get('/admin/escalation-rules')).json()) as Waits).toEqual(wanted);
      await expectAccessible(page);
      await snap(page, 'admin-escalation-waits');
      await page.reload();
      await expect(section(page).getByLabel(STATE)).toHaveValue(String(wanted.state_days));

      // The audit log names the change.
      await page.goto('/audit');
      await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Escalation waits changed' });
      const table = page.getByRole('table', { name: 'Audit Records' });
      const latest = table.getByRole('row').nth(1);
      await expect(latest).toContainText('Escalation waits changed');
      await expect(latest).toContainText('Escalation waits');
    } finally {
      // Specs share one portal: leave the waits as they were.
      const restored = await api.put('/admin/escalation-rules', before);
      expect(restored.ok(), 'restore the escalation waits').toBe(true);
    }
  });

  test("the administrator, posted at the state, has the 'Escalated to me' tile and filter, kept in the URL", async ({ page, request }) => {
    test.setTimeout(120_000);
    const api = await adminApi(request);
    const stats = (await (await api.get('/grievances/stats')).json()) as { escalatedToMe?: number | null };
    const count = stats.escalatedToMe;
    const queue = (await (await api.get('/grievances?escalated=me&limit=50')).json()) as { data: { grievance_number: string }[] };

    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    // The tile shows what the API counts ('—' when it cannot count), and opens the queue.
    const escalated = tile(page, 'Escalated to me');
    await expect(escalated.locator('.tile-value')).toHaveText(typeof count === 'number' ? count.toLocaleString('en-IN') : '—');
    await expect(escalated).toHaveAttribute('href', '/grievances?escalated=me');
    await expectAccessible(page);
    await snap(page, 'dashboard-escalated-to-me');
    // The list asks the server for the queue.
    const asked = page.waitForRequest((r) => r.url().includes('/api/grievances?escalated=me'));
    await escalated.click();
    await asked;
    await expect(page).toHaveURL(/\/grievances\?escalated=me$/);
    await expect(page.getByRole('button', { name: /^Search & Filters/ })).toContainText('1 active');
    if (queue.data.length === 0) {
      await expect(page.getByRole('heading', { name: 'No Matching Results' })).toBeVisible();
    } else {
      const table = page.getByRole('table', { name: 'Grievances' });
      await expect(table.getByRole('row').nth(1).getByText('Escalated', { exact: true })).toBeVisible();
    }

    // The filter: on screen, ticked, and off and on again through the panel, the URL following.
    const toggle = page.getByRole('button', { name: /^Search & Filters/ });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    const filter = page.getByRole('checkbox', { name: 'Escalated to me' });
    await expect(filter).toBeChecked();
    await clickControl(filter);
    await expect(filter).not.toBeChecked();
    await expect(page).toHaveURL(/\/grievances$/);
    await clickControl(filter);
    await expect(page).toHaveURL(/\/grievances\?escalated=me$/);
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Escalated to me' })).toBeChecked();
    await expectAccessible(page);
    await snap(page, 'grievances-escalated-to-me');
  });
});
