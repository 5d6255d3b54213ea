import { ADMIN } from './admin';
import { artifactPath, expect, expectAccessible, signIn, snap, test } from './fixtures';

const SCREENS = [
  { link: 'Grievances', path: '/grievances', title: 'Grievances & FIR Management', shot: 'grievances' },
  { link: 'User Management', path: '/users', title: 'User Management', shot: 'users' },
  { link: 'Role Management', path: '/roles', title: 'Role Management', shot: 'roles' },
  { link: 'Admin Panel', path: '/admin', title: 'Admin Panel', shot: 'admin' },
  { link: 'Audit History', path: '/audit', title: 'Audit History', shot: 'audit' },
  { link: 'Profile', path: '/profile', title: 'Profile', shot: 'profile' },
];

test.describe('shell', () => {
  test('the left navigation opens every screen', async ({ page }) => {
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    const nav = page.getByRole('navigation', { name: 'Main navigation', exact: true });
    for (const screen of SCREENS) {
      await nav.getByRole('link', { name: screen.link }).click();
      await expect(page).toHaveURL(new RegExp(`${screen.path}$`));
      await expect(page.getByRole('heading', { level: 1, name: screen.title })).toBeVisible();
      await snap(page, screen.shot);
    }
  });

  test('the profile shows the account with fallbacks', async ({ page }) => {
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/profile');
    const account = page.locator('.detail-list');
    await expect(account).toContainText(ADMIN.name);
    await expect(account).toContainText(ADMIN.email);
    await expect(account).toContainText('Admin');
    await expect(account).toContainText('Phone');
    await expectAccessible(page);
  });

  test('the slide-out panel on a phone shows who is signed in', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const panel = page.getByRole('dialog', { name: 'Navigation panel' });
    await expect(panel).toBeVisible();
    await expect(panel).toContainText(ADMIN.name);
    await expect(panel).toContainText(ADMIN.email);
    await expect(panel).toContainText('Admin');
    await page.screenshot({ path: artifactPath('nav-panel-390.png') });
    await expectAccessible(page);
    await panel.getByRole('link', { name: 'Profile' }).click();
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL(/\/profile$/);
  });
});
