// The Admin Panel's citizen messages against the real portal: a sensitive case's SMS template
// refused for holding {message}, then saved; the reopen window changed and kept; the messages
// not sent (none on a fresh portal).
import { expect, expectAccessible, signIn, snap, test } from './fixtures';

// The refused template is a 400 the browser logs by itself.
test.use({ allowedConsole: [/status of 400/] });

test('an administrator edits a sensitive SMS template and the reopen window, and sees the messages not sent', async ({ page }) => {
  // Several accessibility scans and screenshots on a shared machine.
  test.setTimeout(120_000);
  await signIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('navigation', { name: 'Main navigation', exact: true }).getByRole('link', { name: 'Admin Panel' }).click();
  await page.getByRole('tablist', { name: 'Citizens' }).getByRole('tab', { name: 'Citizen messages' }).click();
  await expect(page).toHaveURL(/\/admin\?list=citizen_messages$/);
  const panel = page.getByRole('tabpanel', { name: 'Citizen messages' });
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText(['Reopen and appeal', 'SMS templates', 'Messages not sent']);

  const templates = page.getByRole('table', { name: 'SMS templates' });
  const sensitiveProgress = templates
    .getByRole('row')
    .filter({ hasText: 'Progress update' })
    .filter({ hasText: 'English' })
    .filter({ hasText: 'Sensitive cases' });
  await expect(sensitiveProgress).toContainText("Portal's text");
  await expect(page.locator('.amplify-loader')).toHaveCount(0);
  await expectAccessible(page);
  await snap(page, 'admin-citizen-messages');

  // {message} is the officer's own words: a sensitive case's template may not hold it.
  await sensitiveProgress.getByRole('button', { name: 'Edit Progress update (English, sensitive cases)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Progress update (English, sensitive cases)' });
  const text = dialog.getByRole('textbox', { name: /^Text/ });
  await expect(text).toBeFocused();
  await expect(dialog).toContainText('BNS s.72 forbids making known the identity of victims of the offences it names');
  await text.fill('Grievance {number}: {message}');
  await expect(dialog.getByText('29 of 500 characters')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save template' }).click();
  await expect(dialog.getByText('A template for sensitive cases cannot hold {message}')).toBeVisible();
  await expect(text).toHaveAttribute('aria-invalid', 'true');
  await expect(text).toBeFocused();
  await expectAccessible(page);
  await snap(page, 'admin-sms-template-refused');

  await text.fill('Grievance {number}: the investigation made progress on {date}. Details at {link}');
  await dialog.getByRole('button', { name: 'Save template' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Saved: Progress update (English, sensitive cases)')).toBeVisible();
  await expect(sensitiveProgress).toContainText('Grievance {number}: the investigation made progress on {date}. Details at {link}');
  await expect(sensitiveProgress).toContainText("Department's");
  // Back on the button that opened the dialog.
  await expect(sensitiveProgress.getByRole('button', { name: 'Edit Progress update (English, sensitive cases)' })).toBeFocused();

  // The reopen window, saved at the revision the template's save moved on to.
  const reopen = page.getByRole('spinbutton', { name: /^Reopen window \(days\)/ });
  await expect(reopen).toHaveValue('7');
  await reopen.fill('10');
  await page.getByRole('region', { name: 'Reopen and appeal' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Reopen and appeal days saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('spinbutton', { name: /^Reopen window \(days\)/ })).toHaveValue('10');
  await expect(page.getByRole('spinbutton', { name: /^Appeals decided within \(days\)/ })).toHaveValue('15');

  // A fresh portal has sent every message it was given.
  const failed = page.getByRole('table', { name: 'Messages not sent' });
  await expect(failed).toContainText('None: every message has been sent.');
  await expect(page.getByRole('button', { name: /^Send again/ })).toHaveCount(0);
  await expect(page.locator('.amplify-loader')).toHaveCount(0);
  await expectAccessible(page);
});
