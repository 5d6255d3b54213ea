import { ADMIN } from './admin';
import { artifactPath, expect, expectAccessible, signIn, snap, test } from './fixtures';

const SCREENS = [
  { link: 'Grievances', path: '/grievances', title: 'Grievances & FIR Management', shot: 'grievances' },
  { link: 'Trash', path: '/grievances/trash', title: 'Trash', shot: 'trash-from-nav' },
  { link: 'User Management', path: '/users', title: 'User Management', shot: 'users' },
  { link: 'Role Management', path: '/roles', title: 'Role Management', shot: 'roles' },
  { link: 'Admin Panel', path: '/admin', title: 'Admin Panel', shot: 'admin' },
  { link: 'Audit History', path: '/audit', title: 'Audit History', shot: 'audit' },
  { link: 'Reports', path: '/reports', title: 'Reports', shot: 'reports' },
  { link: 'Profile', path: '/profile', title: 'Profile', shot: 'profile' },
];

test.describe('shell', () => {
  test('the left navigation opens every screen, focus landing on its heading', async ({ page }) => {
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    // Signing in is a move to another screen too.
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeFocused();
    const nav = page.getByRole('navigation', { name: 'Main navigation', exact: true });
    for (const screen of SCREENS) {
      await nav.getByRole('link', { name: screen.link }).click();
      await expect(page).toHaveURL(new RegExp(`${screen.path}$`));
      const heading = page.getByRole('heading', { level: 1, name: screen.title });
      await expect(heading).toBeVisible();
      await expect(heading).toBeFocused();
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
      await snap(page, screen.shot);
    }
    // Back to the screen before: focus on its heading again.
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeFocused();
  });

  test('the skip link comes first and goes to the content; the primary button shows a strong focus ring', async ({ page }) => {
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    // A fresh load starts at the top of the document, where the skip link is the first stop.
    await page.goto('/grievances');
    await expect(page.getByRole('heading', { level: 1, name: 'Grievances & FIR Management' })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main-content')).toBeFocused();
    // The next Tab stops inside the content, not in the top bar or the navigation.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);

    // The navy button keyboard-focused: a white ring inside a near-black one.
    const create = page.getByRole('link', { name: 'New FIR / Grievance' });
    for (let i = 0; i < 10 && !(await create.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(create).toBeFocused();
    // Polled: the ring fades in (a transition), so the first read may catch it part-way.
    await expect
      .poll(() => create.evaluate((el) => getComputedStyle(el).boxShadow))
      .toBe('rgb(255, 255, 255) 0px 0px 0px 2px, rgb(13, 31, 69) 0px 0px 0px 4px');
  });

  test("a state's seven-digit counts fit the dashboard tiles at 1366 px", async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    const values = page.locator('.stat-tile .tile-value');
    await expect(values.first()).toBeVisible();
    // The figures a state's headquarters sees, written into the tiles as they are.
    const clipped = await values.evaluateAll((spans) =>
      spans.map((span) => {
        span.textContent = '10,00,000';
        const tile = span.closest('.stat-tile')!.getBoundingClientRect();
        const text = span.getBoundingClientRect();
        return text.right > tile.right - 4 || span.scrollWidth > span.clientWidth ? span.closest('.stat-tile')!.textContent : null;
      }),
    );
    expect(clipped.filter(Boolean), 'tiles whose figure runs past their edge').toEqual([]);
    await snap(page, 'dashboard-1366-state-counts');
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
