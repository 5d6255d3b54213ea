import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GrievanceView } from '../../../api/types';
import { mockApi, sentBodies } from '../../../test/api-mock';
import { entry, jsonResponse, makeUser } from '../../../test/fixtures';
import { listHandlers, makeGrievance, page } from '../../../test/grievance-fixtures';
import { renderPage } from '../../../test/render-page';
import GrievanceDetailPage from '../GrievanceDetailPage';
import GrievanceListPage from '../GrievanceListPage';

const reader = makeUser({ role_name: 'Reader', permissions: [entry('grievances', { can_read: true })] });
const editor = makeUser({ role_name: 'Editor', permissions: [entry('grievances', { can_read: true, can_update: true })] });

// At City Kotwali (34) in Central District; the lists also hold Civil Lines (35).
const atKotwali = makeGrievance({ police_station: 'City Kotwali', police_station_id: 34 });
const atCivilLines = makeGrievance({ police_station: 'Civil Lines', police_station_id: 35, district: 'North District', district_id: 31, version: 4 });
const PUT = '/api/grievances/12/transfer';

const transferRecord = {
  id: '12-3-0',
  action: 'TRANSFERRED',
  field_name: 'police_station',
  old_value: 'City Kotwali',
  new_value: 'Civil Lines',
  notes: 'The offence happened in Civil Lines',
  action_details: {
    from: { police_station_id: 34, police_station: 'City Kotwali', district: 'Central District' },
    to: { police_station_id: 35, police_station: 'Civil Lines', district: 'North District' },
    reason: 'The offence happened in Civil Lines',
    transfer: 1,
    limit: 3,
  },
  user_name: 'Asha Verma',
  user_role: 'Inspector',
  created_at: '2025-01-13T08:15:00Z',
  grievance_id: 12,
  grievance_number: 'GRV-2025-000012',
};
const created = { ...transferRecord, id: '12-1-0', action: 'CREATED', field_name: 'complete_record', old_value: null, new_value: null, notes: null, action_details: { summary: 'Created', changes: [] } };

/** The detail page (and the list, where a grievance out of reach sends the user). */
function render(user = editor, handlers: Parameters<typeof mockApi>[0] = {}) {
  let transferred = false;
  let current: GrievanceView = atKotwali;
  const fetch = mockApi({
    ...listHandlers(),
    'GET /api/grievances/12': () => jsonResponse(200, { success: true, data: current }),
    'GET /api/grievances/12/history': () => jsonResponse(200, { success: true, data: transferred ? [transferRecord, created] : [created] }),
    'GET /api/grievances/12/attachments': () => jsonResponse(200, { success: true, data: [] }),
    'GET /api/grievances/12/notes': () => jsonResponse(200, { success: true, data: [] }),
    [`PUT ${PUT}`]: () => {
      transferred = true;
      current = atCivilLines;
      return jsonResponse(200, { success: true, data: current });
    },
    'GET /api/grievances?limit=50&view=summary': () => jsonResponse(200, page([])),
    ...handlers,
  });
  const view = renderPage(<GrievanceDetailPage />, user, '/grievances/12', '/grievances/:id', [{ path: '/grievances', element: <GrievanceListPage /> }]);
  return { fetch, ...view };
}

async function openDialog() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Transfer' }));
  const dialog = screen.getByRole('dialog', { name: 'Transfer Grievance GRV-2025-000012' });
  const select = within(dialog).getByLabelText(/New Police Station/);
  await waitFor(() => expect(within(select).getByRole('option', { name: 'Civil Lines' })).toBeInTheDocument());
  return { user, dialog, select };
}

async function fillAndSend(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, reason = 'The offence happened in Civil Lines') {
  await user.selectOptions(within(dialog).getByLabelText(/New Police Station/), 'Civil Lines');
  await user.type(within(dialog).getByLabelText(/Reason for transfer/), reason);
  await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
}

const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('transferring a grievance', () => {
  it('offers Transfer only to users who may update grievances', async () => {
    render(reader);
    await screen.findByRole('heading', { level: 1, name: 'GRV-2025-000012' });
    expect(screen.queryByRole('button', { name: 'Transfer' })).not.toBeInTheDocument();
  });

  it("offers the active police stations but the grievance's own, and Cancel sends nothing", async () => {
    const { fetch } = render();
    const { user, dialog, select } = await openDialog();
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['Select police station', 'Civil Lines']);
    expect(within(dialog).getByText('Now at City Kotwali')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sentBodies(fetch, 'PUT', PUT)).toEqual([]);
  });

  it('asks for the station and the reason before sending', async () => {
    const { fetch } = render();
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText(/Reason for transfer/), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(within(dialog).getByText('Choose the police station to transfer to')).toBeInTheDocument();
    expect(within(dialog).getByText('Give the reason for the transfer')).toBeInTheDocument();
    expect(sentBodies(fetch, 'PUT', PUT)).toEqual([]);
  });

  it('sends the station and the reason, says where it went, and shows the grievance there with its transfer', async () => {
    const { fetch } = render();
    await screen.findByRole('heading', { level: 1, name: 'GRV-2025-000012' });
    expect(screen.queryByRole('heading', { name: 'Transfers' })).not.toBeInTheDocument();
    const { user, dialog } = await openDialog();
    await fillAndSend(user, dialog, '  The offence happened in Civil Lines ');
    expect(await screen.findByText('Grievance transferred to Civil Lines')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sentBodies(fetch, 'PUT', PUT)).toEqual([{ police_station_id: 35, reason: 'The offence happened in Civil Lines' }]);
    expect(fact('Police Station')).toHaveTextContent('Civil Lines');

    const table = await screen.findByRole('table', { name: 'Transfers' });
    const [head, row] = within(table).getAllByRole('row');
    expect(head).toHaveTextContent('Date & TimeFromToTransferred ByReason');
    expect(row).toHaveTextContent('13 Jan 2025');
    expect(row).toHaveTextContent('City KotwaliCivil LinesAsha VermaThe offence happened in Civil Lines');
    // The audit history names the new action too.
    expect(within(screen.getByRole('list', { name: 'Audit history' })).getByText('Transferred')).toBeInTheDocument();
  });

  it("shows the server's field errors under their fields", async () => {
    const { fetch } = render(editor, {
      [`PUT ${PUT}`]: () =>
        jsonResponse(400, {
          error: 'Validation failed',
          code: 'VALIDATION',
          fields: { police_station_id: 'Choose an active police station', reason: 'The reason must be at most 1000 characters' },
        }),
    });
    const { user, dialog } = await openDialog();
    await fillAndSend(user, dialog);
    expect(await within(dialog).findByText('Choose an active police station')).toBeInTheDocument();
    expect(within(dialog).getByText('The reason must be at most 1000 characters')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/New Police Station/)).toHaveAttribute('aria-invalid', 'true');
    expect(sentBodies(fetch, 'PUT', PUT)).toHaveLength(1);
  });

  it('says so in the dialog when the grievance has been transferred as often as allowed', async () => {
    render(editor, {
      [`PUT ${PUT}`]: () =>
        jsonResponse(409, {
          error: 'This grievance has already been transferred 3 times, the most the Admin Panel allows',
          code: 'TRANSFER_LIMIT_REACHED',
          params: { count: 3, plural: 's' },
        }),
    });
    const { user, dialog } = await openDialog();
    await fillAndSend(user, dialog);
    expect(await within(dialog).findByText('This grievance has already been transferred 3 times, the most the Admin Panel allows')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('goes back to the list with the message when the grievance has left the reach of the user', async () => {
    let transferred = false;
    const { router } = render(editor, {
      'GET /api/grievances/12': () =>
        transferred ? jsonResponse(404, { error: 'Grievance not found' }) : jsonResponse(200, { success: true, data: atKotwali }),
      [`PUT ${PUT}`]: () => {
        transferred = true;
        return jsonResponse(200, { success: true, data: atCivilLines });
      },
    });
    const { user, dialog } = await openDialog();
    await fillAndSend(user, dialog);
    expect(await screen.findByRole('heading', { level: 1, name: 'Grievances & FIR Management' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/grievances');
    expect(await screen.findByText('Grievance transferred to Civil Lines')).toBeInTheDocument();
    expect(screen.queryByText('Grievance not found')).not.toBeInTheDocument();
    // Said once: the list's history entry no longer carries it, so a reload does not say it again.
    expect(router.state.location.state).toBeNull();
  });
});
