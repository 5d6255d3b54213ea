// The new criminal laws against the real portal: a station clerk files a rape case under
// BNS s.64 by picking the section, the case screen shows the BNSS clocks it starts in English
// and in Hindi, and recording that the informant was told moves the progress clock on.
import { adminApi, ensureRole, expect, expectAccessible, signIn, signInAs, snap, test } from './fixtures';

const CLERK = { name: 'Station Clerk', email: `clerk-${Date.now().toString(36)}@e2e.test`, password: 'Clerk-Pass-1' };
const FIR = `LAW-${Date.now().toString(36).toUpperCase()}/2026`;

/** `days` before today, as the date inputs take it. */
function daysAgo(days: number): string {
  const d = new Date(Date.now() + 330 * 60_000 - days * 86_400_000);
  return d.toISOString().slice(0, 10);
}

test('a clerk files a BNS s.64 case with the section picker; its clocks show in English and Hindi', async ({ page, request }) => {
  test.setTimeout(180_000);
  const api = await adminApi(request);
  const role = await ensureRole(request, 'Law Station Writer', [{ resource: 'grievances', can_create: true, can_read: true, can_update: true }]);
  const made = await api.post('/users', { ...CLERK, phone: null, department: 'Crime Branch', designation: 'Head Constable', role_id: role, status: 'active' });
  expect(made.status()).toBe(201);

  await signInAs(page, CLERK.email, CLERK.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/grievances/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New Grievance / FIR' })).toBeVisible();

  await page.getByLabel('FIR Number').fill(FIR);
  await page.getByLabel('FIR Date').fill(daysAgo(10));
  // Picked by number: the reference list offers BNS 64 with its title.
  await page.getByRole('combobox', { name: /^Find a section/ }).fill('64');
  const option = page.getByRole('option', { name: /BNS 64\b.*Punishment for rape/ });
  await expect(option).toBeVisible();
  await option.click();
  const picked = page.getByRole('list', { name: 'Sections picked' });
  await expect(picked).toContainText('BNS 64');
  await expect(page.getByLabel('Section & Act')).toHaveValue('BNS 64');
  await page.getByLabel('Date of offence (BNS 64)').fill(daysAgo(11));
  await page.getByLabel('Crime Title').selectOption('Assault');
  await page.getByLabel('District').selectOption('North District');
  await page.getByLabel('Police Station').selectOption('Civil Lines');
  await page.getByLabel('Brief Details').fill('The survivor came to the station with her mother; statement recorded by a woman officer.');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create Grievance' }).click();
  await expect(page).toHaveURL(/\/grievances\/\d+$/, { timeout: 10_000 });

  // The clocks the BNSS puts on the case.
  const clocks = page.getByRole('table', { name: 'Statutory clocks' });
  await expect(clocks.getByRole('row')).toHaveCount(4);
  const investigation = clocks.getByRole('row').filter({ hasText: 'Investigation of a sexual offence completed' });
  await expect(investigation).toContainText('BNSS s.193(2)');
  await expect(investigation).toContainText('Due');
  const progress = clocks.getByRole('row').filter({ hasText: 'Informant told of progress' });
  await expect(progress).toContainText('80 days left');
  await expect(clocks.getByRole('row').filter({ hasText: 'Victim sent for medical examination' })).toContainText('Missed');
  await expectAccessible(page);
  await snap(page, 'grievance-clocks');

  // Told today by phone: the next report falls due in 90 days.
  await page.getByRole('button', { name: 'Record an action' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record an action' });
  await dialog.getByLabel('How the informant was told').selectOption('Phone');
  await dialog.getByLabel('Note').fill('Told of the arrest of the accused.');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Record' }).click();
  await expect(page.getByText('Recorded: Informant told of progress')).toBeVisible();
  await expect(progress).toContainText('90 days left');

  // In Hindi, from the user menu.
  await page.getByRole('button', { name: `User menu for ${CLERK.name}` }).click();
  await page.getByRole('menuitem', { name: 'हिन्दी' }).click();
  const hindi = page.getByRole('table', { name: 'वैधानिक समय-सीमाएं' });
  await expect(hindi.getByRole('row').filter({ hasText: 'लैंगिक अपराध का अन्वेषण पूर्ण' })).toContainText('नियत');
  await expect(hindi.getByRole('row').filter({ hasText: 'पीड़िता को चिकित्सीय परीक्षा हेतु भेजा गया' })).toContainText('चूक');
  await expectAccessible(page);
  await page.getByRole('button', { name: `${CLERK.name} का उपयोगकर्ता मेनू` }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByRole('table', { name: 'Statutory clocks' })).toBeVisible();

  // The list's 'Missed' filter finds the case: the victim was not sent for examination
  // within 24 hours. Among the clocks due within 7 days it is not, having missed one.
  await page.goto(`/grievances?fir_no=${encodeURIComponent(FIR)}`);
  const table = page.getByRole('table', { name: 'Grievances' });
  await expect(table.getByRole('row').filter({ hasText: FIR })).toBeVisible();
  await page.getByRole('button', { name: /^Search & Filters/ }).click();
  await page.getByLabel('Statutory clocks').selectOption('Missed');
  await expect(page).toHaveURL(/clock=missed/);
  await expect(table.getByRole('row').filter({ hasText: FIR })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Statutory clocks').selectOption('Due within 7 days');
  await expect(page).toHaveURL(/clock=due/);
  await expect(table.getByRole('row').filter({ hasText: FIR })).toHaveCount(0);

  // The list by act and section: BNS 64 finds it; a section not yet a section waits and
  // says how to write one; BNS 303 does not find it.
  await page.getByLabel('Statutory clocks').selectOption('');
  await expect(page.getByLabel('Section', { exact: true })).toBeDisabled();
  await page.getByLabel('Act', { exact: true }).selectOption('BNS');
  await page.getByLabel('Section', { exact: true }).fill('6(');
  await expect(page.getByText('Enter a section number such as 303(2) or 376AB')).toBeVisible();
  await page.getByLabel('Section', { exact: true }).fill('64');
  await expect(page).toHaveURL(/act=BNS&section=64/);
  await expect(table.getByRole('row').filter({ hasText: FIR })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Section', { exact: true }).fill('303');
  await expect(page).toHaveURL(/act=BNS&section=303/);
  await expect(table.getByRole('row').filter({ hasText: FIR })).toHaveCount(0);
});

test('an administrator sees the statutory clock rules with their sources; a changed source is audited', async ({ page, request }) => {
  const api = await adminApi(request);
  await signIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/admin?list=statutory_clocks');
  const rules = page.getByRole('table', { name: 'Statutory clocks' });
  await expect(rules.getByRole('row').filter({ hasText: 'Investigation of a sexual offence completed' })).toContainText('BNS 64, BNS 65, BNS 66');
  await expect(rules.getByRole('row').filter({ hasText: 'Informant told of progress' })).toContainText('90 days (again from each time it is met)');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Edit e-FIR signed by the informant' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit e-FIR signed by the informant' });
  await dialog.getByLabel('Source').fill('BNSS s.173(1)(ii), as the State read it in its order 3/2026');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Save rule' }).click();
  await expect(page.getByText('Saved: e-FIR signed by the informant')).toBeVisible();
  await expect(rules.getByRole('row').filter({ hasText: 'e-FIR signed by the informant' })).toContainText('order 3/2026');
  const trail = (await (await api.get('/audit/all?action=LAW_SETTINGS_CHANGED')).json()) as { action_details: { after: { source: string } } }[];
  expect(trail[0].action_details.after.source).toBe('BNSS s.173(1)(ii), as the State read it in its order 3/2026');
});
