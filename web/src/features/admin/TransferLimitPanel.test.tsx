import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, sentBodies } from '../../test/api-mock';
import { entry, jsonResponse, makeUser } from '../../test/fixtures';
import { renderPage } from '../../test/render-page';
import AdminPage from './AdminPage';

const reader = makeUser({ role_name: 'Reader', permissions: [entry('dropdowns', { can_read: true })] });
const keeper = makeUser({ role_name: 'Keeper', permissions: [entry('dropdowns', { can_read: true, can_update: true })] });
const KEY = '/api/admin/transfer-limit';

function render(user = keeper, put?: (body: unknown) => Response) {
  const fetch = mockApi({
    [`GET ${KEY}`]: () => jsonResponse(200, { max_transfers: 3 }),
    ...(put ? { [`PUT ${KEY}`]: put } : {}),
  });
  renderPage(<AdminPage />, user, '/admin?list=transfer_limit');
  return fetch;
}

const field = () => screen.findByLabelText('Transfers allowed per grievance');

describe('transfer limit', () => {
  it('shows the limit in a tab of its own and saves a new one', async () => {
    const fetch = render(keeper, (body) => jsonResponse(200, body));
    expect(screen.getByRole('tab', { name: 'Transfer Limit' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { level: 2, name: 'Transfer Limit' })).toBeInTheDocument();
    expect(await field()).toHaveValue(3);
    const user = userEvent.setup();
    await user.clear(await field());
    await user.type(await field(), '5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Transfer limit saved')).toBeInTheDocument();
    expect(sentBodies(fetch, 'PUT', KEY)).toEqual([{ max_transfers: 5 }]);
    expect(await field()).toHaveValue(5);
  });

  it('refuses anything but a whole number from 0 to 20 before sending', async () => {
    const fetch = render(keeper, (body) => jsonResponse(200, body));
    const user = userEvent.setup();
    await user.clear(await field());
    await user.type(await field(), '21');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Transfers allowed must be a whole number from 0 to 20')).toBeInTheDocument();
    expect(await field()).toHaveAttribute('aria-invalid', 'true');
    expect(await field()).toHaveFocus();
    expect(sentBodies(fetch, 'PUT', KEY)).toEqual([]);
  });

  it("shows the server's field error under the field", async () => {
    render(keeper, () =>
      jsonResponse(400, {
        error: 'Validation failed',
        fields: { max_transfers: 'Transfers allowed must be a whole number from 0 to 20' },
        field_codes: { max_transfers: { code: 'TRANSFER_LIMIT_INVALID' } },
      }),
    );
    const user = userEvent.setup();
    await user.clear(await field());
    await user.type(await field(), '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Transfers allowed must be a whole number from 0 to 20')).toBeInTheDocument();
    expect(screen.queryByText('Validation failed')).not.toBeInTheDocument();
  });

  it('shows the limit read-only to users who may not change the lists', async () => {
    render(reader);
    const label = await screen.findByText('Transfers allowed per grievance', { selector: 'dt' });
    expect(label.nextElementSibling).toHaveTextContent('3');
    expect(screen.queryByRole('spinbutton', { name: 'Transfers allowed per grievance' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
