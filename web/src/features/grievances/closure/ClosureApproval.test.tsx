// Closure approval on the grievance's screen: the badge and the request's panel,
// Approve closure and Return for an approver who did not ask, and a closure asked for by a
// status change.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GrievanceView } from '../../../api/types';
import { mockApi, sentBodies } from '../../../test/api-mock';
import { entry, jsonResponse, makeUser } from '../../../test/fixtures';
import { listHandlers, listItem, makeClosure, makeGrievance } from '../../../test/grievance-fixtures';
import { renderPage } from '../../../test/render-page';
import GrievanceDetailPage from '../GrievanceDetailPage';

const reader = makeUser({ id: 7, role_name: 'Reader', permissions: [entry('grievances', { can_read: true })] });
const approver = makeUser({
  id: 7,
  role_name: 'Approver',
  permissions: [entry('grievances', { can_read: true, can_update: true, can_approve: true, can_view_all: true })],
});
/** Ravi Kumar, who asked for the closure of makeClosure(), holds approve too. */
const requester = makeUser({ ...approver, id: 8, name: 'Ravi Kumar' });
const deskOfficer = makeUser({
  id: 8,
  name: 'Ravi Kumar',
  role_name: 'Desk officer',
  permissions: [entry('grievances', { can_create: true, can_read: true, can_update: true })],
  closing_needs_approval: true,
});

const pending = () => makeGrievance({ closure: makeClosure() });

/** The grievance screen for `user`, the grievance answered by `current()` until a handler changes it. */
function render(user: ReturnType<typeof makeUser>, first: GrievanceView, extra: (set: (g: GrievanceView) => void) => Parameters<typeof mockApi>[0] = () => ({})) {
  let current = first;
  const set = (g: GrievanceView) => {
    current = g;
  };
  const fetch = mockApi({
    ...listHandlers(),
    'GET /api/grievances/12': () => jsonResponse(200, { success: true, data: current }),
    'GET /api/grievances/12/history': () => jsonResponse(200, { success: true, data: [] }),
    'GET /api/grievances/12/attachments': () => jsonResponse(200, { success: true, data: [] }),
    'GET /api/grievances/12/notes': () => jsonResponse(200, { success: true, data: [] }),
    ...extra(set),
  });
  renderPage(<GrievanceDetailPage />, user, '/grievances/12', '/grievances/:id');
  return fetch;
}

const panel = () => screen.findByRole('region', { name: 'Closure request' });
const fact = (region: HTMLElement, label: string) => within(region).getByText(label, { selector: 'dt' }).nextElementSibling;

describe('a pending closure request', () => {
  it("is badged 'Closure pending' and shown in its panel: proposed status, decision, notes, who asked and when", async () => {
    render(reader, pending());
    const region = await panel();
    expect(document.querySelector('.detail-badges')).toHaveTextContent('Closure pending');
    expect(fact(region, 'Proposed status')).toHaveTextContent('Closed');
    expect(fact(region, 'Final decision')).toHaveTextContent('Complaint settled: the money was returned.');
    expect(fact(region, 'Notes')).toHaveTextContent('Complainant satisfied');
    expect(fact(region, 'Requested by')).toHaveTextContent('Ravi Kumar');
    expect(fact(region, 'Requested on')).toHaveTextContent('10 Feb 2025');
    expect(region).toHaveTextContent('The status changes to Closed when another officer approves this request; until then it stays Pending.');
    // The grievance's own status has not moved.
    expect(document.querySelector('.detail-badges')).toHaveTextContent('Status: Pending');
    // Without approve, nothing to decide.
    expect(within(region).queryByRole('button', { name: 'Approve closure' })).not.toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Return' })).not.toBeInTheDocument();
  });

  it('is not shown when none is pending', async () => {
    render(approver, makeGrievance({ closure: null }));
    await screen.findByRole('heading', { level: 1, name: 'GRV-2025-000012' });
    expect(screen.queryByRole('region', { name: 'Closure request' })).not.toBeInTheDocument();
    expect(screen.queryByText('Closure pending')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve closure' })).not.toBeInTheDocument();
  });

  it('offers the one who asked no Approve or Return, even with approve, and says another officer decides', async () => {
    render(requester, pending());
    const region = await panel();
    expect(region).toHaveTextContent('You asked for this closure: another officer approves or returns it.');
    expect(within(region).queryByRole('button', { name: 'Approve closure' })).not.toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Return' })).not.toBeInTheDocument();
  });

  it('asks before approving, naming the case and the status it becomes: nothing is sent before Confirm, nothing on Cancel', async () => {
    const fetch = render(approver, pending());
    const region = await panel();
    const user = userEvent.setup();
    await user.click(within(region).getByRole('button', { name: 'Approve closure' }));
    const question = screen.getByRole('alertdialog', { name: 'Approve Closure' });
    expect(question).toHaveAccessibleDescription('Approve the closure of grievance GRV-2025-000012 (FIR FIR/2025-012)? The status becomes Closed.');
    expect(within(question).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(sentBodies(fetch, 'POST', '/api/grievances/12/closure/approve')).toEqual([]);
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/grievances/12/closure/approve')).toEqual([]);
    expect(await panel()).toBeInTheDocument();
  });

  it('lets another approver approve it once confirmed: sends the version, then shows the new status without the badge', async () => {
    const fetch = render(approver, pending(), (set) => ({
      'POST /api/grievances/12/closure/approve': () => {
        const approved = makeGrievance({ status: 'Closed', status_id: 12, status_meaning: 'closed', closure: null, version: 4 });
        set(approved);
        return jsonResponse(200, { success: true, data: approved });
      },
    }));
    const region = await panel();
    const user = userEvent.setup();
    await user.click(within(region).getByRole('button', { name: 'Approve closure' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Approve Closure' })).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Closure approved: the status is now Closed.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/grievances/12/closure/approve')).toEqual([{ version: 3 }]);
    expect(screen.queryByRole('region', { name: 'Closure request' })).not.toBeInTheDocument();
    expect(screen.queryByText('Closure pending')).not.toBeInTheDocument();
    expect(document.querySelector('.detail-badges')).toHaveTextContent('Status: Closed');
  });

  it("shows the server's refusal of an approval, with a reload on a conflict", async () => {
    let answer = jsonResponse(403, { error: 'You cannot approve or return your own closure request' }, 'Forbidden');
    render(approver, pending(), () => ({ 'POST /api/grievances/12/closure/approve': () => answer }));
    const region = await panel();
    const user = userEvent.setup();
    const approve = async () => {
      await user.click(within(region).getByRole('button', { name: 'Approve closure' }));
      await user.click(within(screen.getByRole('alertdialog', { name: 'Approve Closure' })).getByRole('button', { name: 'Confirm' }));
    };
    await approve();
    expect(await within(region).findByText('You cannot approve or return your own closure request')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Reload grievance' })).not.toBeInTheDocument();

    answer = jsonResponse(409, { error: 'No closure request is pending' }, 'Conflict');
    await approve();
    expect(await within(region).findByText('No closure request is pending')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Reload grievance' })).toBeInTheDocument();
  });

  it('returns it with a reason: asks for one first, then sends the reason and the version', async () => {
    const fetch = render(approver, pending(), (set) => ({
      'POST /api/grievances/12/closure/return': () => {
        const returned = makeGrievance({ closure: null, version: 4 });
        set(returned);
        return jsonResponse(200, { success: true, data: returned });
      },
    }));
    const region = await panel();
    const user = userEvent.setup();
    await user.click(within(region).getByRole('button', { name: 'Return' }));
    const dialog = screen.getByRole('dialog', { name: 'Return Closure Request for GRV-2025-000012' });
    expect(dialog).toHaveTextContent('Return the closure request of grievance GRV-2025-000012 (FIR FIR/2025-012)? The status stays Pending.');
    await user.click(within(dialog).getByRole('button', { name: 'Return request' }));
    expect(within(dialog).getByText('Give a reason for returning the closure request')).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/grievances/12/closure/return')).toEqual([]);

    await user.type(within(dialog).getByLabelText(/Reason for returning/), '  Statement of the bank still missing ');
    await user.click(within(dialog).getByRole('button', { name: 'Return request' }));
    expect(await screen.findByText('Closure request returned: the status stays Pending.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/grievances/12/closure/return')).toEqual([
      { reason: 'Statement of the bank still missing', version: 3 },
    ]);
    expect(screen.queryByRole('region', { name: 'Closure request' })).not.toBeInTheDocument();
    expect(screen.queryByText('Closure pending')).not.toBeInTheDocument();
  });

  it("shows the server's reason message under the reason", async () => {
    render(approver, pending(), () => ({
      'POST /api/grievances/12/closure/return': () =>
        jsonResponse(
          400,
          { error: 'Validation failed', fields: { reason: 'Give a reason for returning the closure request' } },
          'Bad Request',
        ),
    }));
    const region = await panel();
    const user = userEvent.setup();
    await user.click(within(region).getByRole('button', { name: 'Return' }));
    const dialog = screen.getByRole('dialog', { name: /^Return Closure Request/ });
    await user.type(within(dialog).getByLabelText(/Reason for returning/), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Return request' }));
    expect(await within(dialog).findByText('Give a reason for returning the closure request')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Reason for returning/)).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('a status change by a role whose closures need approval', () => {
  const statuses = [
    listItem(9, 'Pending'),
    { ...listItem(10, 'In Progress'), meaning: 'in_progress' as const },
    { ...listItem(12, 'Closed'), meaning: 'closed' as const },
  ];

  it("says a closing status becomes a request that needs the final decision, and after the save: 'Closure requested', the status unchanged", async () => {
    const fetch = render(deskOfficer, makeGrievance({ closure: null, final_decision: null }), (set) => ({
      'GET /api/admin/dropdowns/statuses': () => jsonResponse(200, statuses),
      'PUT /api/grievances/12/status': (body) => {
        const { notes, final_decision } = body as { notes: string; final_decision: string | null };
        if (!final_decision) {
          const message = 'Record the final decision before asking for the case to be closed';
          return jsonResponse(400, { error: message, code: 'CLOSURE_NEEDS_FINAL_DECISION', fields: { final_decision: message } }, 'Bad Request');
        }
        const asked = makeGrievance({
          version: 4,
          closure: makeClosure({ final_decision, notes, requested_at: '2025-02-11T08:00:00Z' }),
        });
        set(asked);
        return jsonResponse(200, { success: true, data: asked });
      },
    }));
    const user = userEvent.setup();
    const select = await screen.findByLabelText('New Status');
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Closed' })).toBeInTheDocument());
    const hint = "Your role needs another officer's approval to close a case: choosing a resolved or closed status creates a closure request.";
    await user.selectOptions(select, 'In Progress');
    expect(screen.queryByText(hint)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Final Decision/)).not.toBeInTheDocument();
    await user.selectOptions(select, 'Closed');
    expect(screen.getByText(hint)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Notes'), 'Settled');
    await user.click(screen.getByRole('button', { name: 'Update Status' }));
    const decision = await screen.findByRole('textbox', { name: /Final Decision/ });
    expect(decision).toHaveAccessibleDescription(/Record the final decision before asking for the case to be closed/);
    await user.type(decision, 'Money returned to the complainant');
    await user.click(screen.getByRole('button', { name: 'Update Status' }));

    expect(await screen.findByText('Closure requested: it takes effect when another officer approves it.')).toBeInTheDocument();
    expect(screen.queryByText(/Status changed to/)).not.toBeInTheDocument();
    expect(sentBodies(fetch, 'PUT', '/api/grievances/12/status')).toEqual([
      { status_id: 12, notes: 'Settled', final_decision: null, version: 3 },
      { status_id: 12, notes: 'Settled', final_decision: 'Money returned to the complainant', version: 3 },
    ]);
    expect(document.querySelector('.detail-badges')).toHaveTextContent('Status: Pending');
    expect(document.querySelector('.detail-badges')).toHaveTextContent('Closure pending');
    const region = await panel();
    expect(region).toHaveTextContent('You asked for this closure');
  });

  it("shows the server's refusal while a closure is pending", async () => {
    render(approver, pending(), () => ({
      'PUT /api/grievances/12/status': () =>
        jsonResponse(409, { error: 'A closure request is pending: approve or return it first', code: 'CLOSURE_PENDING' }, 'Conflict'),
    }));
    const user = userEvent.setup();
    const select = await screen.findByLabelText('New Status');
    await waitFor(() => expect(within(select).getByRole('option', { name: 'In Progress' })).toBeInTheDocument());
    await user.selectOptions(select, 'In Progress');
    await user.click(screen.getByRole('button', { name: 'Update Status' }));
    expect(await screen.findByText('A closure request is pending: approve or return it first')).toBeInTheDocument();
    // Not a stale copy: nothing to reload.
    expect(screen.queryByRole('button', { name: 'Reload grievance' })).not.toBeInTheDocument();
  });
});
