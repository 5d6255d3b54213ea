import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../test/api-mock';
import { entry, jsonResponse, makeUser } from '../../../test/fixtures';
import { renderPage } from '../../../test/render-page';
import { i18n } from '../../../i18n';
import AdminPage from '../AdminPage';
import { FAILED_URL, SETTINGS_URL, settingsView } from './test-data';

const reader = makeUser({ role_name: 'Reader', permissions: [entry('dropdowns', { can_read: true })] });

function api() {
  return mockApi({
    'GET /api/admin/dropdowns/categories': () => jsonResponse(200, []),
    [`GET ${SETTINGS_URL}`]: () => jsonResponse(200, settingsView()),
    [`GET ${FAILED_URL}`]: () => jsonResponse(200, []),
  });
}

describe("the Admin Panel's citizen messages", () => {
  it('is a tab of its own in a row of its own, with its three parts under their headings', async () => {
    api();
    const { router } = renderPage(<AdminPage />, reader, '/admin');
    const row = screen.getByRole('tablist', { name: 'Citizens' });
    const tab = within(row).getByRole('tab', { name: 'Citizen messages' });
    // Closed, it is still reached with Tab: the first of its row.
    expect(tab).toHaveAttribute('tabindex', '0');
    await userEvent.setup().click(tab);
    expect(router.state.location.search).toBe('?list=citizen_messages');
    expect(tab).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Citizen messages' });
    expect(within(panel).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Reopen and appeal', 'SMS templates', 'Messages not sent']);
    expect(await within(panel).findByRole('table', { name: 'SMS templates' })).toBeInTheDocument();
    expect(await within(panel).findByRole('table', { name: 'Messages not sent' })).toBeInTheDocument();
  });

  it('names the tab, its row, its parts and the messages in Hindi', async () => {
    api();
    await act(() => i18n.changeLanguage('hi'));
    renderPage(<AdminPage />, reader, '/admin?list=citizen_messages');
    const row = screen.getByRole('tablist', { name: 'नागरिक' });
    expect(within(row).getByRole('tab', { name: 'नागरिकों को संदेश' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['पुनः खोलना और अपील', 'एसएमएस टेम्पलेट', 'न भेजे जा सके संदेश']);
    const table = await screen.findByRole('table', { name: 'एसएमएस टेम्पलेट' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/^पंजीकृतहिन्दीअन्य मामले/);
  });
});
