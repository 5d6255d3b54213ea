import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLanguage } from '../../i18n';
import { mockApi, sentBodies } from '../../test/api-mock';
import { entry, jsonResponse, makeUser } from '../../test/fixtures';
import { renderPage } from '../../test/render-page';
import AdminPage from './AdminPage';

const reader = makeUser({ role_name: 'Reader', permissions: [entry('dropdowns', { can_read: true })] });
const keeper = makeUser({ role_name: 'Keeper', permissions: [entry('dropdowns', { can_read: true, can_update: true })] });
const KEY = '/api/admin/trash-retention';

/** The setting answers {success, data}, as the grievance calls do. */
const ok = (days: unknown) => jsonResponse(200, { success: true, data: { days } });

function render(user = keeper, put?: (body: unknown) => Response) {
  const fetch = mockApi({
    [`GET ${KEY}`]: () => ok(90),
    ...(put ? { [`PUT ${KEY}`]: put } : {}),
  });
  renderPage(<AdminPage />, user, '/admin?list=trash_retention');
  return fetch;
}

const field = () => screen.findByLabelText('Trash retention (days)');

describe('trash retention', () => {
  afterEach(() => setLanguage('en'));

  it('shows the days in a tab of its own beside the transfer limit, says what they mean, and saves new ones', async () => {
    const fetch = render(keeper, (body) => ok((body as { days: number }).days));
    const tab = screen.getByRole('tab', { name: 'Trash Retention' });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(tab.previousElementSibling).toHaveTextContent('Transfer Limit');
    expect(screen.getByRole('heading', { level: 2, name: 'Trash Retention' })).toBeInTheDocument();
    expect(screen.getByText(/Deleted grievances stay in the trash this many days/)).toHaveTextContent(/purged for good/);
    expect(await field()).toHaveValue(90);
    const user = userEvent.setup();
    await user.clear(await field());
    await user.type(await field(), '30');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Trash retention saved')).toBeInTheDocument();
    expect(sentBodies(fetch, 'PUT', KEY)).toEqual([{ days: 30 }]);
    expect(await field()).toHaveValue(30);
  });

  it.each(['0', '3651', '12.5', ''])('refuses %j before sending: a whole number of days from 1 to 3650', async (typed) => {
    const fetch = render(keeper, (body) => ok((body as { days: number }).days));
    const user = userEvent.setup();
    await user.clear(await field());
    if (typed) await user.type(await field(), typed);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Trash retention must be a whole number of days from 1 to 3650')).toBeInTheDocument();
    expect(await field()).toHaveAttribute('aria-invalid', 'true');
    expect(await field()).toHaveFocus();
    expect(sentBodies(fetch, 'PUT', KEY)).toEqual([]);
  });

  it('takes 3650 days, the longest allowed', async () => {
    const fetch = render(keeper, (body) => ok((body as { days: number }).days));
    const user = userEvent.setup();
    await user.clear(await field());
    await user.type(await field(), '3650');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Trash retention saved')).toBeInTheDocument();
    expect(sentBodies(fetch, 'PUT', KEY)).toEqual([{ days: 3650 }]);
  });

  it("shows the server's field error under the field, and any other refusal above it", async () => {
    let answer = jsonResponse(400, {
      error: 'Validation failed',
      code: 'VALIDATION_FAILED',
      fields: { days: 'Trash retention must be from 1 to 3650 days' },
    });
    render(keeper, () => answer);
    const user = userEvent.setup();
    await user.clear(await field());
    await user.type(await field(), '7');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Trash retention must be from 1 to 3650 days')).toBeInTheDocument();
    expect(screen.queryByText('Validation failed')).not.toBeInTheDocument();

    answer = jsonResponse(403, { error: 'You do not have permission to update dropdowns', code: 'FORBIDDEN' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('You do not have permission to update dropdowns')).toBeInTheDocument();
  });

  it('shows the days read-only to users who may not change the Admin Panel', async () => {
    render(reader);
    const label = await screen.findByText('Trash retention (days)', { selector: 'dt' });
    expect(label.nextElementSibling).toHaveTextContent('90');
    expect(screen.queryByRole('spinbutton', { name: 'Trash retention (days)' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('is in Hindi on the Hindi screens', async () => {
    await setLanguage('hi');
    render(keeper);
    expect(screen.getByRole('tab', { name: 'ट्रैश में रखने की अवधि' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByLabelText('ट्रैश में रखने की अवधि (दिन)')).toHaveValue(90);
  });
});
