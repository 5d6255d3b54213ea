import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PendencyLimitsView } from '../../api/types';
import { mockApi, sentBodies } from '../../test/api-mock';
import { entry, jsonResponse, makeUser } from '../../test/fixtures';
import { renderPage } from '../../test/render-page';
import AdminPage from './AdminPage';

const reader = makeUser({ role_name: 'Reader', permissions: [entry('dropdowns', { can_read: true })] });
const keeper = makeUser({ role_name: 'Keeper', permissions: [entry('dropdowns', { can_read: true, can_update: true })] });
const KEY = '/api/admin/pendency-limits';

const STAGES = [
  { stage: 'inward', label: 'Inward' },
  { stage: 'scrutiny', label: 'Scrutiny' },
  { stage: 'with_io', label: 'With Investigating Officer' },
  { stage: 'in_court', label: 'In Court' },
] as PendencyLimitsView['stages'];
const view: PendencyLimitsView = { stages: STAGES, priorities: ['High', 'Low'], limits: { High: { inward: 7 } } };

function render(user = keeper, put?: (body: unknown) => Response) {
  const fetch = mockApi({
    [`GET ${KEY}`]: () => jsonResponse(200, view),
    ...(put ? { [`PUT ${KEY}`]: put } : {}),
  });
  renderPage(<AdminPage />, user, '/admin?list=pendency_limits');
  return fetch;
}

const cell = (priority: string, stage: string) => screen.getByLabelText(`${priority}, ${stage}: days`);

describe('pendency limits', () => {
  it('shows a row per priority and a column per stage, and saves whole days with empty as no limit', async () => {
    const fetch = render(keeper, (body) =>
      jsonResponse(200, { ...view, limits: (body as { limits: PendencyLimitsView['limits'] }).limits }),
    );
    const table = await screen.findByRole('table', { name: 'Pendency Limits' });
    expect(screen.getByRole('tab', { name: 'Pendency Limits' })).toHaveAttribute('aria-selected', 'true');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Priority',
      'Inward',
      'Scrutiny',
      'With Investigating Officer',
      'In Court',
    ]);
    expect(cell('High', 'Inward')).toHaveValue(7);
    expect(cell('Low', 'In Court')).toHaveValue(null);

    const user = userEvent.setup();
    await user.type(cell('Low', 'Inward'), '1');
    await user.clear(cell('High', 'Inward'));
    await user.type(cell('High', 'Scrutiny'), '30');
    await user.click(screen.getByRole('button', { name: 'Save Limits' }));
    expect(await screen.findByText('Pendency limits saved')).toBeInTheDocument();
    expect(sentBodies(fetch, 'PUT', KEY)).toEqual([
      {
        limits: {
          High: { inward: null, scrutiny: 30, with_io: null, in_court: null },
          Low: { inward: 1, scrutiny: null, with_io: null, in_court: null },
        },
      },
    ]);
    await waitFor(() => expect(cell('Low', 'Inward')).toHaveValue(1));
  });

  it('refuses a bad limit before sending, under its cell', async () => {
    const fetch = render(keeper, () => jsonResponse(200, view));
    await screen.findByRole('table', { name: 'Pendency Limits' });
    const user = userEvent.setup();
    await user.type(cell('Low', 'Scrutiny'), '4000');
    await user.click(screen.getByRole('button', { name: 'Save Limits' }));
    expect(screen.getByText('Please fix the highlighted limits.')).toBeInTheDocument();
    expect(cell('Low', 'Scrutiny')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText('A limit is a whole number of days from 1 to 3650')).toHaveLength(1);
    expect(cell('Low', 'Scrutiny')).toHaveFocus();
    expect(sentBodies(fetch, 'PUT', KEY)).toEqual([]);
  });

  it("shows the server's field errors per cell", async () => {
    render(keeper, () =>
      jsonResponse(400, {
        error: 'Please check the limits',
        fields: { 'limits.High.in_court': 'A limit is a whole number of days from 1 to 3650' },
      }),
    );
    await screen.findByRole('table', { name: 'Pendency Limits' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save Limits' }));
    expect(await screen.findByText('Please check the limits')).toBeInTheDocument();
    expect(cell('High', 'In Court')).toHaveAttribute('aria-invalid', 'true');
    expect(cell('High', 'Inward')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the limits read-only without dropdowns update', async () => {
    render(reader);
    const table = await screen.findByRole('table', { name: 'Pendency Limits' });
    const high = within(table).getAllByRole('row')[1];
    expect(high).toHaveTextContent('High7 daysNo limitNo limitNo limit');
    expect(within(table).queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Limits' })).not.toBeInTheDocument();
  });
});
