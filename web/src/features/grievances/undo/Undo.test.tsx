// Undo after a status change or an assignment on the grievance's screen: offered for 10 s
// in a status region, sent as an ordinary change back, the server's word shown when refused,
// and never offered for a change that became a closure request.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GrievanceView } from '../../../api/types';
import { mockApi, sentBodies } from '../../../test/api-mock';
import { entry, jsonResponse, makeUser } from '../../../test/fixtures';
import { listHandlers, makeClosure, makeGrievance } from '../../../test/grievance-fixtures';
import { renderPage } from '../../../test/render-page';
import GrievanceDetailPage from '../GrievanceDetailPage';
import { assignUndo, statusUndo, UNDO_MS } from './undo';

const editor = makeUser({ role_name: 'Editor', permissions: [entry('grievances', { can_read: true, can_update: true })] });
const deskOfficer = makeUser({ ...editor, role_name: 'Desk officer', closing_needs_approval: true });

const pending = makeGrievance({ status: 'Pending', status_id: 9, status_meaning: 'open', version: 3 });
const inProgress = makeGrievance({ status: 'In Progress', status_id: 10, status_meaning: 'in_progress', version: 4 });
const STATUS = '/api/grievances/12/status';
const ASSIGN = '/api/grievances/12/assign';

type Handlers = Parameters<typeof mockApi>[0];

/** The screen of grievance 12, answered by `current` as the handlers `more(set)` change it. */
function render(user: ReturnType<typeof makeUser>, first: GrievanceView, more: (set: (g: GrievanceView) => void) => Handlers) {
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
    'GET /api/grievances/assignees?grievance_id=12': () =>
      jsonResponse(200, { success: true, data: [{ id: 21, name: 'Meena Kumari', designation: 'Sub-Inspector' }] }),
    ...more(set),
  });
  renderPage(<GrievanceDetailPage />, user, '/grievances/12', '/grievances/:id');
  return fetch;
}

/** Status changes: the first to In Progress, an undo back to Pending (or `undoAnswer`). */
function statusHandlers(undoAnswer?: () => Response) {
  return (set: (g: GrievanceView) => void): Handlers => ({
    [`PUT ${STATUS}`]: (body) => {
      const { status_id } = body as { status_id: number };
      if (status_id === 9 && undoAnswer) return undoAnswer();
      const next = status_id === 10 ? inProgress : makeGrievance({ status: 'Pending', status_id: 9, version: 5 });
      set(next);
      return jsonResponse(200, { success: true, data: next });
    },
  });
}

async function changeStatus(user: ReturnType<typeof userEvent.setup>, to: string) {
  const select = await screen.findByLabelText('New Status');
  await waitFor(() => expect(within(select).getByRole('option', { name: to })).toBeInTheDocument());
  await user.selectOptions(select, to);
  await user.click(screen.getByRole('button', { name: 'Update Status' }));
}

/** The status region offering the Undo, once it is there. */
async function offer(): Promise<HTMLElement> {
  const region = (await screen.findByRole('button', { name: 'Undo' })).closest<HTMLElement>('[role="status"]');
  expect(region).not.toBeNull();
  return region!;
}

describe('undo after a status change', () => {
  it('offers Undo beside the message, and sends the earlier status with the new version', async () => {
    const fetch = render(editor, pending, statusHandlers());
    const user = userEvent.setup();
    await changeStatus(user, 'In Progress');
    const region = await offer();
    expect(region).toHaveTextContent('Status changed to In Progress.');
    expect(sentBodies(fetch, 'PUT', STATUS)).toHaveLength(1);

    await user.click(within(region).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Status changed back to Pending.')).toBeInTheDocument();
    expect(sentBodies(fetch, 'PUT', STATUS)).toEqual([
      { status_id: 10, notes: null, final_decision: null, version: 3 },
      { status_id: 9, notes: null, final_decision: null, version: 4 },
    ]);
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('.detail-badges')).toHaveTextContent('Status: Pending'));
  });

  it('is gone after 10 seconds, and nothing is sent', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const fetch = render(editor, pending, statusHandlers());
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await changeStatus(user, 'In Progress');
      await offer();
      act(() => vi.advanceTimersByTime(UNDO_MS - 500));
      expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(600));
      expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
      expect(screen.queryByText('Status changed to In Progress.')).not.toBeInTheDocument();
      expect(sentBodies(fetch, 'PUT', STATUS)).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the server's refusal of the undo (a stale version), and the Undo goes", async () => {
    const refusal = 'This grievance was changed by someone else; reload it and try again';
    const fetch = render(editor, pending, statusHandlers(() => jsonResponse(409, { error: refusal }, 'Conflict')));
    const user = userEvent.setup();
    await changeStatus(user, 'In Progress');
    await user.click(within(await offer()).getByRole('button', { name: 'Undo' }));
    const alert = (await screen.findByText(refusal)).closest('[role="alert"]');
    expect(alert).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    expect(sentBodies(fetch, 'PUT', STATUS)).toHaveLength(2);
  });

  it('is not offered when the change became a closure request', async () => {
    const fetch = render(deskOfficer, pending, (set) => ({
      'GET /api/admin/dropdowns/statuses': () =>
        jsonResponse(200, [
          { id: 9, name: 'Pending', description: '', display_order: 1, is_active: true, created_at: '', updated_at: '' },
          { id: 12, name: 'Closed', description: '', display_order: 4, is_active: true, created_at: '', updated_at: '', meaning: 'closed' },
        ]),
      [`PUT ${STATUS}`]: () => {
        const asked = makeGrievance({ version: 4, closure: makeClosure({ requested_at: '2025-02-11T08:00:00Z' }) });
        set(asked);
        return jsonResponse(200, { success: true, data: asked });
      },
    }));
    const user = userEvent.setup();
    const select = await screen.findByLabelText('New Status');
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Closed' })).toBeInTheDocument());
    await user.selectOptions(select, 'Closed');
    await user.type(screen.getByRole('textbox', { name: /Final Decision/ }), 'Settled between the parties');
    await user.click(screen.getByRole('button', { name: 'Update Status' }));
    expect(await screen.findByText('Closure requested: it takes effect when another officer approves it.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    expect(sentBodies(fetch, 'PUT', STATUS)).toHaveLength(1);
  });
});

describe('undo after an assignment', () => {
  it('assigns the grievance back to nobody, as it was', async () => {
    const toMeena = makeGrievance({ assigned_to: 21, assigned_to_name: 'Meena Kumari' });
    const fetch = render(editor, makeGrievance({ assigned_to: null, assigned_to_name: null }), (set) => ({
      [`PUT ${ASSIGN}`]: (body) => {
        const next = (body as { user_id: number | null }).user_id === null ? makeGrievance({ assigned_to: null, assigned_to_name: null }) : toMeena;
        set(next);
        return jsonResponse(200, { success: true, data: next });
      },
    }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Assign' }));
    const dialog = screen.getByRole('dialog', { name: 'Assign Grievance GRV-2025-000012' });
    await user.click(await within(dialog).findByRole('radio', { name: 'Meena Kumari (Sub-Inspector)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    const region = await offer();
    expect(region).toHaveTextContent('Grievance assigned to Meena Kumari');
    await user.click(within(region).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('The grievance is no longer assigned')).toBeInTheDocument();
    expect(sentBodies(fetch, 'PUT', ASSIGN)).toEqual([{ user_id: 21 }, { user_id: null }]);
  });
});

describe('the undo of a change', () => {
  it('of a status goes back with the earlier status, the decision of a closing one, and the version the change left', () => {
    expect(statusUndo(pending, inProgress)).toEqual({ status_id: 9, notes: null, final_decision: null, version: 4 });
    const resolved = makeGrievance({ status: 'Resolved', status_id: 11, status_meaning: 'resolved', final_decision: 'Money returned', version: 6 });
    expect(statusUndo(resolved, { ...inProgress, final_decision: 'Money returned', version: 7 })).toEqual({
      status_id: 11,
      notes: null,
      final_decision: 'Money returned',
      version: 7,
    });
  });

  it('of a status is none for a closure request, an unmoved status or an earlier status without its id', () => {
    expect(statusUndo(pending, { ...pending, version: 4, closure: makeClosure() })).toBeNull();
    expect(statusUndo(pending, { ...pending, version: 4 })).toBeNull();
    expect(statusUndo({ ...pending, status_id: null }, inProgress)).toBeNull();
  });

  it('of an assignment goes back to the earlier officer or to nobody, and is none for the same officer', () => {
    expect(assignUndo({ assigned_to: 21 }, { assigned_to: 30 })).toBe(21);
    expect(assignUndo({ assigned_to: null }, { assigned_to: 30 })).toBeNull();
    expect(assignUndo({ assigned_to: undefined }, { assigned_to: 30 })).toBeNull();
    expect(assignUndo({ assigned_to: 30 }, { assigned_to: null })).toBe(30);
    expect(assignUndo({ assigned_to: 30 }, { assigned_to: 30 })).toBeUndefined();
  });
});
