// Deleting a grievance, from its screen and from the list: the specification's question,
// and an optional reason sent as DELETE's JSON body (no body without one).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, sentBodies } from '../../../test/api-mock';
import { entry, jsonResponse, makeUser } from '../../../test/fixtures';
import { listHandlers, makeGrievance, page } from '../../../test/grievance-fixtures';
import { renderPage } from '../../../test/render-page';
import GrievanceDetailPage from '../GrievanceDetailPage';
import GrievanceListPage from '../GrievanceListPage';

const manager = makeUser({
  role_name: 'Manager',
  permissions: [entry('grievances', { can_read: true, can_update: true, can_delete: true })],
});
const updater = makeUser({ role_name: 'Updater', permissions: [entry('grievances', { can_read: true, can_update: true })] });

const deleted = () => jsonResponse(200, { success: true, message: 'Grievance deleted' });

function renderDetail(user: ReturnType<typeof makeUser>, remove: () => Response = deleted) {
  const fetch = mockApi({
    ...listHandlers(),
    'GET /api/grievances/12': () => jsonResponse(200, { success: true, data: makeGrievance() }),
    'GET /api/grievances/12/history': () => jsonResponse(200, { success: true, data: [] }),
    'GET /api/grievances/12/attachments': () => jsonResponse(200, { success: true, data: [] }),
    'GET /api/grievances/12/notes': () => jsonResponse(200, { success: true, data: [] }),
    'DELETE /api/grievances/12': remove,
  });
  const { router } = renderPage(<GrievanceDetailPage />, user, '/grievances/12', '/grievances/:id');
  return { fetch, router };
}

/** The DELETE calls' bodies as sent: the raw text, or undefined for none. */
const deleteBodies = (fetch: ReturnType<typeof mockApi>) =>
  fetch.mock.calls.filter(([url, init]) => url === '/api/grievances/12' && init?.method === 'DELETE').map(([, init]) => init?.body);

async function openQuestion(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Delete' }));
  return screen.getByRole('alertdialog', { name: 'Delete Grievance' });
}

describe('deleting a grievance from its screen', () => {
  it('is offered only with grievances delete', async () => {
    renderDetail(updater);
    await screen.findByRole('heading', { level: 1, name: 'GRV-2025-000012' });
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it("asks the specification's question with an optional reason, sends the reason as the body, then goes to the list with the message", async () => {
    const { fetch, router } = renderDetail(manager);
    const user = userEvent.setup();
    const question = await openQuestion(user);
    expect(within(question).getByText('Are you sure you want to delete grievance GRV-2025-000012?')).toBeInTheDocument();
    const reason = within(question).getByLabelText('Reason for deletion (optional)');
    expect(reason).toHaveAttribute('maxLength', '500');
    expect(reason).toHaveAccessibleDescription(
      'Kept in the audit trail. The grievance goes to the trash and stays there for the retention period before it is removed for good.',
    );
    expect(within(question).getByText('0 / 500 characters')).toBeInTheDocument();
    await user.type(reason, '  Filed twice by the front desk  ');
    expect(within(question).getByText('33 / 500 characters')).toBeInTheDocument();
    expect(deleteBodies(fetch)).toEqual([]);

    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/grievances'));
    expect(sentBodies(fetch, 'DELETE', '/api/grievances/12')).toEqual([{ reason: 'Filed twice by the front desk' }]);
    expect(router.state.location.state).toEqual({ notice: 'Grievance GRV-2025-000012 deleted.' });
  });

  it('sends no body when no reason is given (or only spaces)', async () => {
    const { fetch, router } = renderDetail(manager);
    const user = userEvent.setup();
    const question = await openQuestion(user);
    await user.type(within(question).getByLabelText('Reason for deletion (optional)'), '   ');
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/grievances'));
    expect(deleteBodies(fetch)).toEqual([undefined]);
  });

  it('sends nothing on Cancel, and the next question starts without the last reason', async () => {
    const { fetch } = renderDetail(manager);
    const user = userEvent.setup();
    let question = await openQuestion(user);
    await user.type(within(question).getByLabelText('Reason for deletion (optional)'), 'Wrong case');
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    question = await openQuestion(user);
    expect(within(question).getByLabelText('Reason for deletion (optional)')).toHaveValue('');
    expect(deleteBodies(fetch)).toEqual([]);
  });

  it("stays on the screen and shows the server's refusal", async () => {
    const { router } = renderDetail(manager, () => jsonResponse(409, { error: 'A closure request is pending on this grievance' }, 'Conflict'));
    const user = userEvent.setup();
    const question = await openQuestion(user);
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('A closure request is pending on this grievance')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/grievances/12');
  });
});

describe('deleting a grievance from the list', () => {
  it('sends the reason typed in the question as the body', async () => {
    const fetch = mockApi({
      ...listHandlers(),
      'GET /api/grievances?limit=50&view=summary': () => jsonResponse(200, page([makeGrievance()])),
      'DELETE /api/grievances/12': deleted,
    });
    renderPage(<GrievanceListPage />, manager, '/grievances');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for GRV-2025-000012' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Delete' }));
    const question = screen.getByRole('alertdialog', { name: 'Delete Grievance' });
    expect(question).toHaveTextContent('Are you sure you want to delete grievance GRV-2025-000012?');
    await user.type(within(question).getByLabelText('Reason for deletion (optional)'), 'Duplicate of GRV-2025-000011');
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Grievance GRV-2025-000012 deleted.')).toBeInTheDocument();
    expect(sentBodies(fetch, 'DELETE', '/api/grievances/12')).toEqual([{ reason: 'Duplicate of GRV-2025-000011' }]);
  });
});
