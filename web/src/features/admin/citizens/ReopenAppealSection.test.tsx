import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, sentBodies } from '../../../test/api-mock';
import { entry, jsonResponse, makeUser } from '../../../test/fixtures';
import { renderPage } from '../../../test/render-page';
import { i18n } from '../../../i18n';
import AdminPage from '../AdminPage';
import { FAILED_URL, SETTINGS_URL, settingsView } from './test-data';

const reader = makeUser({ role_name: 'Reader', permissions: [entry('dropdowns', { can_read: true })] });
const keeper = makeUser({ role_name: 'Keeper', permissions: [entry('dropdowns', { can_read: true, can_update: true })] });

function render(user = keeper, extra: Parameters<typeof mockApi>[0] = {}) {
  const fetch = mockApi({
    [`GET ${SETTINGS_URL}`]: () => jsonResponse(200, settingsView()),
    [`GET ${FAILED_URL}`]: () => jsonResponse(200, []),
    ...extra,
  });
  renderPage(<AdminPage />, user, '/admin?list=citizen_messages');
  return fetch;
}

const section = () => screen.getByRole('region', { name: 'Reopen and appeal' });
const reopenField = () => screen.findByRole('spinbutton', { name: /^Reopen window \(days\)/ });
const appealField = () => screen.findByRole('spinbutton', { name: /^Appeals decided within \(days\)/ });

describe('the reopen window and the appeal days', () => {
  it('shows the days with what they mean, and saves them with the revision read', async () => {
    const fetch = render(keeper, { [`PUT ${SETTINGS_URL}`]: (body) => jsonResponse(200, { ...settingsView(), ...(body as object), revision: 5 }) });
    expect(await reopenField()).toHaveValue(7);
    expect(await appealField()).toHaveValue(15);
    expect(await reopenField()).toHaveAccessibleDescription(/^Days the complainant has after a disposal to say they are not satisfied and open an appeal\. 7 until changed\./);
    const user = userEvent.setup();
    await user.clear(await reopenField());
    await user.type(await reopenField(), '10');
    await user.click(within(section()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Reopen and appeal days saved')).toBeInTheDocument();
    expect(sentBodies(fetch, 'PUT', SETTINGS_URL)).toEqual([{ reopenWindowDays: 10, appealDays: 15, revision: 4 }]);
    expect(await reopenField()).toHaveValue(10);
  });

  it('refuses a number of days outside 1 to 90 before sending', async () => {
    const fetch = render();
    const user = userEvent.setup();
    await user.clear(await appealField());
    await user.type(await appealField(), '0');
    await user.click(within(section()).getByRole('button', { name: 'Save' }));
    expect(within(section()).getByText('Enter a whole number of days from 1 to 90')).toBeInTheDocument();
    expect(await appealField()).toHaveAttribute('aria-invalid', 'true');
    expect(await appealField()).toHaveFocus();
    expect(sentBodies(fetch, 'PUT', SETTINGS_URL)).toEqual([]);
  });

  it("shows the server's message under the field it names, by its code in Hindi", async () => {
    await act(() => i18n.changeLanguage('hi'));
    render(keeper, {
      [`PUT ${SETTINGS_URL}`]: () =>
        jsonResponse(400, {
          error: 'Enter a whole number of days from 1 to 90',
          code: 'DAYS_OUT_OF_RANGE',
          fields: { appealDays: 'Enter a whole number of days from 1 to 90' },
          field_codes: { appealDays: { code: 'DAYS_OUT_OF_RANGE', params: { min: '1', max: '90' } } },
        }),
    });
    const user = userEvent.setup();
    const appeal = await screen.findByRole('spinbutton', { name: /^अपील का निर्णय/ });
    await user.clear(appeal);
    await user.type(appeal, '30');
    await user.click(screen.getByRole('button', { name: 'सहेजें' }));
    expect(await screen.findByText('1 से 90 तक पूरे दिनों की संख्या दर्ज करें')).toBeInTheDocument();
    expect(appeal).toHaveAttribute('aria-invalid', 'true');
    expect(appeal).toHaveFocus();
  });

  it('says when someone else saved meanwhile, and reads the days again', async () => {
    let reads = 0;
    const fetch = render(keeper, {
      [`GET ${SETTINGS_URL}`]: () => {
        reads += 1;
        return jsonResponse(200, reads === 1 ? settingsView() : settingsView({ revision: 6, reopenWindowDays: 14 }));
      },
      [`PUT ${SETTINGS_URL}`]: () =>
        jsonResponse(409, { error: 'This was changed by someone else at the same time. Please reload and try again.', code: 'CHANGED_CONCURRENTLY' }),
    });
    const user = userEvent.setup();
    await user.clear(await appealField());
    await user.type(await appealField(), '20');
    await user.click(within(section()).getByRole('button', { name: 'Save' }));
    expect(await within(section()).findByRole('alert')).toHaveTextContent(
      'Someone else saved these settings while you were editing them. They have been read again: check them and save again.',
    );
    // The days in force now, from the second read, with the keyboard back on the first of them.
    expect(await reopenField()).toHaveValue(14);
    expect(await appealField()).toHaveValue(15);
    expect(await reopenField()).toHaveFocus();
    expect(reads).toBe(2);
    expect(sentBodies(fetch, 'PUT', SETTINGS_URL)).toEqual([{ reopenWindowDays: 7, appealDays: 20, revision: 4 }]);
  });

  it('shows the days read-only to users who may not change the Admin Panel', async () => {
    render(reader);
    const label = await screen.findByText('Reopen window (days)', { selector: 'dt' });
    expect(label.nextElementSibling).toHaveTextContent('7');
    expect(screen.getByText('Appeals decided within (days)', { selector: 'dt' }).nextElementSibling).toHaveTextContent('15');
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(within(section()).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('says so when the settings cannot be read', async () => {
    render(keeper, { [`GET ${SETTINGS_URL}`]: () => new Response('', { status: 500 }) });
    expect(await within(section()).findByText("Failed to load the citizen messages' settings")).toBeInTheDocument();
  });
});
