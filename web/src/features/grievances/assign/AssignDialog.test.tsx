import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GrievanceView } from '../../../api/types';
import { mockApi, sentBodies } from '../../../test/api-mock';
import { entry, jsonResponse, makeUser } from '../../../test/fixtures';
import { listHandlers, makeGrievance, page } from '../../../test/grievance-fixtures';
import { renderPage } from '../../../test/render-page';
import GrievanceDetailPage from '../GrievanceDetailPage';
import GrievanceListPage from '../GrievanceListPage';
import { matchingOfficers, officerLabel } from './assign';

const reader = makeUser({ role_name: 'Reader', permissions: [entry('grievances', { can_read: true })] });
const editor = makeUser({ role_name: 'Editor', permissions: [entry('grievances', { can_read: true, can_update: true })] });

const unassigned = makeGrievance({ assigned_to: null, assigned_to_name: null });
const toMeena = makeGrievance({ assigned_to: 7, assigned_to_name: 'Meena Kumari', version: 3 });
const PUT = '/api/grievances/12/assign';
const OFFERED = 'GET /api/grievances/assignees?grievance_id=12';
const officers = [
  { id: 7, name: 'Meena Kumari', designation: 'Sub-Inspector' },
  { id: 9, name: 'Rakesh Yadav', designation: 'Inspector' },
  { id: 11, name: 'Sunita Rao', designation: null },
];
const assignedRecord = {
  id: '12-3-0',
  action: 'ASSIGNED',
  field_name: 'assigned_to',
  old_value: null,
  new_value: 'Meena Kumari',
  notes: null,
  action_details: null,
  user_name: 'Asha Verma',
  user_role: 'Inspector',
  created_at: '2025-01-13T08:15:00Z',
  grievance_id: 12,
  grievance_number: 'GRV-2025-000012',
};

function render(user = editor, handlers: Parameters<typeof mockApi>[0] = {}, start: GrievanceView = unassigned) {
  let current: GrievanceView = start;
  let assigned = false;
  const fetch = mockApi({
    ...listHandlers(),
    'GET /api/grievances/12': () => jsonResponse(200, { success: true, data: current }),
    'GET /api/grievances/12/history': () => jsonResponse(200, { success: true, data: assigned ? [assignedRecord] : [] }),
    'GET /api/grievances/12/attachments': () => jsonResponse(200, { success: true, data: [] }),
    'GET /api/grievances/12/notes': () => jsonResponse(200, { success: true, data: [] }),
    [OFFERED]: () => jsonResponse(200, { success: true, data: officers }),
    [`PUT ${PUT}`]: (sent) => {
      const body = sent as { user_id: number | null };
      assigned = true;
      current = body.user_id === null ? unassigned : toMeena;
      return jsonResponse(200, { success: true, data: current });
    },
    'GET /api/grievances?limit=50&view=summary': () => jsonResponse(200, page([])),
    ...handlers,
  });
  renderPage(<GrievanceDetailPage />, user, '/grievances/12', '/grievances/:id', [{ path: '/grievances', element: <GrievanceListPage /> }]);
  return { fetch };
}

async function openDialog() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Assign' }));
  const dialog = screen.getByRole('dialog', { name: 'Assign Grievance GRV-2025-000012' });
  await waitFor(() => expect(within(dialog).getByRole('radio', { name: 'Rakesh Yadav (Inspector)' })).toBeInTheDocument());
  return { user, dialog };
}

const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('choosing an officer', () => {
  it('names an officer with their designation when known, and finds them by either, in any capitals', () => {
    expect(officers.map(officerLabel)).toEqual(['Meena Kumari (Sub-Inspector)', 'Rakesh Yadav (Inspector)', 'Sunita Rao']);
    expect(matchingOfficers(officers, '  sub-insp ').map((o) => o.id)).toEqual([7]);
    expect(matchingOfficers(officers, 'RAO').map((o) => o.id)).toEqual([11]);
    expect(matchingOfficers(officers, '')).toHaveLength(3);
  });
});

describe('assigning a grievance from its screen', () => {
  it('offers Assign only to users who may update grievances', async () => {
    render(reader);
    await screen.findByRole('heading', { level: 1, name: 'GRV-2025-000012' });
    expect(screen.queryByRole('button', { name: 'Assign' })).not.toBeInTheDocument();
  });

  it('offers the officers the server offers, narrowed by the search, and asks for a choice before sending', async () => {
    const { fetch } = render();
    const { user, dialog } = await openDialog();
    expect(within(dialog).getByText('Not assigned yet')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual([
      'Meena Kumari (Sub-Inspector)',
      'Rakesh Yadav (Inspector)',
      'Sunita Rao',
    ]);
    await user.type(within(dialog).getByLabelText('Find an officer'), 'yadav');
    expect(within(dialog).getAllByRole('radio')).toHaveLength(1);
    await user.clear(within(dialog).getByLabelText('Find an officer'));
    await user.type(within(dialog).getByLabelText('Find an officer'), 'nobody here');
    expect(within(dialog).getByText('No officer matches "nobody here"')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(within(dialog).getByText('Choose the officer to assign')).toBeInTheDocument();
    expect(sentBodies(fetch, 'PUT', PUT)).toEqual([]);
  });

  it('assigns the chosen officer, says so, and shows them on the grievance and the assignment in its history', async () => {
    const { fetch } = render();
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('radio', { name: 'Meena Kumari (Sub-Inspector)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Grievance assigned to Meena Kumari')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sentBodies(fetch, 'PUT', PUT)).toEqual([{ user_id: 7 }]);
    expect(fact('Assigned To')).toHaveTextContent('Meena Kumari');
    expect(await within(screen.getByRole('list', { name: 'Audit history' })).findByText('Assigned')).toBeInTheDocument();
  });

  it('removes an assignment when Nobody is chosen', async () => {
    const { fetch } = render(editor, {}, toMeena);
    const { user, dialog } = await openDialog();
    expect(within(dialog).getByText('Now assigned to Meena Kumari')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Nobody (remove the assignment)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('The grievance is no longer assigned')).toBeInTheDocument();
    expect(sentBodies(fetch, 'PUT', PUT)).toEqual([{ user_id: null }]);
  });

  it("keeps the dialog open with the server's message when the assignment is refused", async () => {
    render(editor, {
      [`PUT ${PUT}`]: () =>
        jsonResponse(400, {
          error: 'Validation failed',
          code: 'VALIDATION',
          fields: { user_id: "This grievance does not lie in this user's scope: choose someone posted where it lies" },
        }),
    });
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('radio', { name: 'Sunita Rao' }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText(/This grievance does not lie in this user's scope/)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('says so when no officer would see the grievance', async () => {
    render(editor, { [OFFERED]: () => jsonResponse(200, { success: true, data: [] }) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('No active officer would see this grievance')).toBeInTheDocument();
  });
});
