import { ADMIN } from './admin';
import { expect, expectAccessible, signIn, snap, test } from './fixtures';

test.describe('sign in and out', () => {
  test('the login page is complete and accessible', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Grievance Portal' })).toBeVisible();
    await expect(page.getByText('Police Department')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
    await expectAccessible(page);
    await snap(page, 'login');
  });

  test('a wrong password shows the server text under Login Failed', async ({ page }) => {
    await signIn(page, 'not-the-password');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Login Failed');
    await expect(alert).toContainText('Invalid email or password');
    await expect(page).toHaveURL(/\/$/);
    await snap(page, 'login-failed');
  });

  test('the admin signs in and lands on the dashboard', async ({ page }) => {
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(`Logged in as ${ADMIN.name} (Admin)`)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText(`Welcome back, ${ADMIN.name}!`)).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'dashboard');
  });

  test('an unknown path redirects to the dashboard', async ({ page }) => {
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/no/such/screen');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('logout returns to the login page and closes the dashboard', async ({ page }) => {
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('button', { name: `User menu for ${ADMIN.name}` }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Grievance Portal' })).toBeVisible();
  });
});
