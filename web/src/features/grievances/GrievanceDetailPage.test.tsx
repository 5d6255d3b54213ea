import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, sentBodies } from '../../test/api-mock';
import { entry, jsonResponse, makeUser } from '../../test/fixtures';
import { listHandlers, makeGrievance, makePendency } from '../../test/grievance-fixtures';
import { renderPage } from '../../test/render-page';
import GrievanceDetailPage from './GrievanceDetailPage';

const reader = makeUser({ role_name: 'Reader', permissions: [entry('grievances', { can_read: true })] });
const editor = makeUser({ role_name: 'Editor', permissions: [entry('grievances', { can_read: true, can_update: true })] });

const history = {
  success: true,
  data: [
    {
      id: '12-2-0',
      action: 'STATUS_CHANGED',
      field_name: 'status',
      old_value: 'Pending',
      new_value: 'In Progress',
      notes: 'Investigation started',
      action_details: null,
      user_name: 'Asha Verma',
      user_role: 'Inspector',
      created_at: '2025-01-12T10:00:00Z',
      grievance_id: 12,
      grievance_number: 'GRV-2025-000012',
    },
    {
      id: '12-1-0',
      action: 'CREATED',
      field_name: 'complete_record',
      action_details: { summary: 'Grievance GRV-2025-000012 created (FIR FIR/2025-012)', changes: [] },
      notes: null,
      user_name: 'Asha Verma',
      user_role: 'Inspector',
      created_at: '2025-01-11T09:30:00Z',
      grievance_id: 12,
      grievance_number: 'GRV-2025-000012',
    },
  ],
};

function render(user = reader, grievance = makeGrievance(), extra: Parameters<typeof mockApi>[0] = {}) {
  const fetch = mockApi({
    ...listHandlers(),
    'GET /api/grievances/12': () => jsonResponse(200, { success: true, data: grievance }),
    'GET /api/grievances/12/history': () => jsonResponse(200, history),
    'GET /api/grievances/12/attachments': () => jsonResponse(200, { success: true, data: [] }),
    'GET /api/grievances/12/notes': () => jsonResponse(200, { success: true, data: [] }),
    ...extra,
  });
  const view = renderPage(<GrievanceDetailPage />, user, '/grievances/12', '/grievances/:id');
  return { fetch, ...view };
}

const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('grievance detail', () => {
  it("shows a spinner with 'Loading grievance details...' first", () => {
    render();
    expect(screen.getByRole('status')).toHaveTextContent('Loading grievance details...');
  });

  it('shows the header, badges and every section with its fallbacks', async () => {
    render(reader, makeGrievance({ brief_details: '', action_taken_by_ig_office: null, final_decision: '  ' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'GRV-2025-000012' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/grievances');
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    for (const section of [
      'FIR Basic Details',
      'Location',
      'Current Status',
      'Complaint Details',
      'Important Dates',
      'Actions & Decisions',
      'Attachments',
      'Case Notes',
      'System Information',
      'Audit History',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: section })).toBeInTheDocument();
    }
    expect(screen.queryByRole('heading', { name: 'Investigation Officers' })).not.toBeInTheDocument();
    expect(fact('FIR Date')).toHaveTextContent('10 Jan 2025');
    expect(fact('Put in Court')).toHaveTextContent('No');
    expect(fact('Cross Case')).toHaveTextContent('Yes');
    expect(fact('Reason')).toHaveTextContent('-');
    expect(fact('Date of Order')).toHaveTextContent('-');
    expect(fact('Assigned To')).toHaveTextContent('-');
    expect(screen.getByText('No details provided')).toBeInTheDocument();
    expect(screen.getByText('No action recorded')).toBeInTheDocument();
    expect(screen.getByText('Pending decision')).toBeInTheDocument();
    const badges = [...document.querySelectorAll('.detail-badges .amplify-badge')].map((badge) => badge.textContent);
    expect(badges).toEqual(['Status: Pending', 'Priority: High']);
    expect(screen.queryByRole('button', { name: 'Update Status' })).not.toBeInTheDocument();
  });

  it('lists the investigation officers when there are any', async () => {
    render(
      reader,
      makeGrievance({
        investigation_officers: [
          { officer_name: 'SI Rao', from_date: '2025-01-10', to_date: '2025-02-01', findings: 'Statements taken' },
          { officer_name: 'SI Khan', from_date: '2025-02-02', to_date: null, findings: '' },
        ],
      }),
    );
    const table = await screen.findByRole('table', { name: 'Investigation Officers' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('SI Rao10 Jan 20251 Feb 2025Statements taken');
    expect(rows[2]).toHaveTextContent('SI Khan2 Feb 2025--');
  });

  it("shows this grievance's audit history", async () => {
    render();
    const list = await screen.findByRole('list', { name: 'Audit history' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getByText('Pending → In Progress')).toBeInTheDocument();
    expect(within(list).getByText('Notes: Investigation started')).toBeInTheDocument();
    expect(within(list).getByText('Grievance GRV-2025-000012 created (FIR FIR/2025-012)')).toBeInTheDocument();
  });

  it('gives an editor Edit and a status change that sends the status id, notes and version', async () => {
    let current = makeGrievance();
    const { fetch } = render(editor, current, {
      'GET /api/grievances/12': () => jsonResponse(200, { success: true, data: current }),
      'PUT /api/grievances/12/status': () => {
        current = makeGrievance({ status: 'In Progress', status_id: 10, version: 4 });
        return jsonResponse(200, { success: true, data: current });
      },
    });
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/grievances/edit/12');
    const user = userEvent.setup();
    const select = screen.getByLabelText('New Status');
    await waitFor(() => expect(within(select).getByRole('option', { name: 'In Progress' })).toBeInTheDocument());
    expect(within(select).queryByRole('option', { name: 'Pending' })).not.toBeInTheDocument();
    await user.selectOptions(select, 'In Progress');
    await user.type(screen.getByLabelText('Notes'), 'Investigation started');
    await user.click(screen.getByRole('button', { name: 'Update Status' }));
    expect(await screen.findByText('Status changed to In Progress.')).toBeInTheDocument();
    expect(sentBodies(fetch, 'PUT', '/api/grievances/12/status')).toEqual([
      { status_id: 10, notes: 'Investigation started', final_decision: null, version: 3 },
    ]);
    expect(fact('Status')).toHaveTextContent('In Progress');
  });

  it("on a 404 shows 'Grievance not found' and 'Back to List'", async () => {
    render(reader, makeGrievance(), { 'GET /api/grievances/12': () => jsonResponse(404, { error: 'Grievance not found' }) });
    expect(await screen.findByText('Grievance not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to List' })).toHaveAttribute('href', '/grievances');
  });

  it("falls back to 'Failed to load grievance details' on other failures", async () => {
    render(reader, makeGrievance(), { 'GET /api/grievances/12': () => new Response('', { status: 500 }) });
    expect(await screen.findByText('Failed to load grievance details')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to List' })).toBeInTheDocument();
  });

  it("says 'Grievance not found' for an id that is not a number, without asking", async () => {
    const fetch = mockApi({});
    renderPage(<GrievanceDetailPage />, reader, '/grievances/abc', '/grievances/:id');
    expect(await screen.findByText('Grievance not found')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the stage, the days at it and no overdue badge within the limit', async () => {
    render();
    await screen.findByRole('heading', { level: 1, name: 'GRV-2025-000012' });
    expect(fact('Stage')).toHaveTextContent('Inward');
    expect(fact('Time at Stage')).toHaveTextContent('3 days at this stage');
    expect(fact('Time at Stage')).toHaveTextContent('Since 11 Jan 2025 · Limit 30 days');
    expect(screen.queryByText(/Overdue by/)).not.toBeInTheDocument();
    expect(await screen.findByText('No attachments yet.')).toBeInTheDocument();
    expect(await screen.findByText('No case notes yet.')).toBeInTheDocument();
  });

  it("shows 'Overdue by <n> days' as an error badge when overdue", async () => {
    render(
      reader,
      makeGrievance({
        pendency: makePendency({ stage: 'with_io', stage_label: 'With Investigating Officer', days_at_stage: 40, limit_days: 30, overdue: true, days_overdue: 10 }),
      }),
    );
    await screen.findByRole('heading', { level: 1, name: 'GRV-2025-000012' });
    expect(fact('Stage')).toHaveTextContent('With Investigating Officer');
    expect(fact('Time at Stage')).toHaveTextContent('40 days at this stage');
    const badges = screen.getAllByText('Overdue by 10 days');
    expect(badges.length).toBeGreaterThan(0);
    for (const badge of badges) expect(badge).toHaveClass('amplify-badge--error');
    expect(document.querySelector('.detail-badges')).toHaveTextContent('Overdue by 10 days');
  });
});
