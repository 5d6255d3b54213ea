// The user menu switches the whole app between English and Hindi at once and
// remembers the choice (localStorage 'portal.language', <html lang>).
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDate, formatNumber } from '../../i18n/format';
import { i18n, initI18n, LANGUAGE_KEY, storedLanguage } from '../../i18n';
import { adminUser } from '../../test/fixtures';
import { renderPage } from '../../test/render-page';
import { TopBar } from './TopBar';
import { NavLinks } from './NavLinks';

function Shell() {
  return (
    <>
      <TopBar drawerOpen={false} onOpenDrawer={() => undefined} />
      <NavLinks label="Main" />
    </>
  );
}

describe('language switch', () => {
  it('starts in English and switches to Hindi from the user menu, remembered and set on <html lang>', async () => {
    const user = userEvent.setup();
    renderPage(<Shell />, adminUser);
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');

    await user.click(screen.getByRole('button', { name: 'User menu for E2E Admin' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'English' })).toHaveAttribute('aria-current', 'true');
    await user.click(within(menu).getByRole('menuitem', { name: 'हिन्दी' }));

    expect(await screen.findByRole('link', { name: 'डैशबोर्ड' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'उपयोगकर्ता प्रबंधन' })).toBeInTheDocument();
    expect(screen.getByText('पुलिस शिकायत पोर्टल')).toBeInTheDocument();
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('hi');
    expect(storedLanguage()).toBe('hi');
    expect(document.documentElement.lang).toBe('hi');

    await user.click(screen.getByRole('button', { name: 'E2E Admin का उपयोगकर्ता मेनू' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'English' }));
    expect(await screen.findByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('starts in the remembered language and ignores an unknown one', () => {
    localStorage.setItem(LANGUAGE_KEY, 'hi');
    expect(storedLanguage()).toBe('hi');
    localStorage.setItem(LANGUAGE_KEY, 'fr');
    expect(storedLanguage()).toBe('en');
    initI18n('en');
    expect(i18n.language).toBe('en');
  });

  it('formats dates and numbers for the language (en-IN / hi-IN)', async () => {
    expect(formatDate('2025-01-10')).toBe('10 Jan 2025');
    expect(formatNumber(1234567)).toBe('12,34,567');
    await i18n.changeLanguage('hi');
    expect(formatDate('2025-01-10')).toBe(new Intl.DateTimeFormat('hi-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(2025, 0, 10))));
    expect(formatDate('2025-01-10')).not.toBe('10 Jan 2025');
    expect(formatNumber(1234567)).toBe('12,34,567');
    expect(formatDate(null)).toBe('-');
  });
});
