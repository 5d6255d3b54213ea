import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BulkResult, GrievanceView } from '../../../api/types';
import { mockApi, sentBodies } from '../../../test/api-mock';
import { entry, jsonResponse, makeUser } from '../../../test/fixtures';
import { listHandlers, listItem, makeGrievance, page } from '../../../test/grievance-fixtures';
import { renderPage } from '../../../test/render-page';
import GrievanceListPage from '../GrievanceListPage';
import { BULK_MAX } from './bulk';

const reader = makeUser({ role_name: 'Reader', permissions: [entry('grievances', { can_read: true })] });
const officer = makeUser({ role_name: 'SHO', permissions: [entry('grievances', { can_read: true, can_update: true })] });

/** Grievances 1..n, numbered GRV-2025-000001 on. */
function cases(from: number, count: number): GrievanceView[] {
  return Array.from({ length: count }, (_, i) => {
    const id = from + i;
    return makeGrievance({ id, grievance_number: `GRV-2025-${String(id).padStart(6, '0')}`, fir_no: `FIR/${id}` });
  });
}

// A short first page, as a bounded search answers one: fewer rows to draw.
const FIRST = cases(1, 20);
const LIST = '/api/grievances?status=Pending&limit=50&view=summary';
const BULK = '/api/grievances/bulk';
const officers = [
  { id: 7, name: 'Meena Kumari', designation: 'Sub-Inspector' },
  { id: 9, name: 'Rakesh Yadav', designation: 'Inspector' },
];

function api(handlers: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    ...listHandlers(),
    // What each status means: the closing ones carry a final decision.
    'GET /api/admin/dropdowns/statuses': () =>
      jsonResponse(200, [
        { ...listItem(9, 'Pending'), meaning: 'open' },
        { ...listItem(11, 'Resolved'), meaning: 'resolved' },
        { ...listItem(12, 'Closed'), meaning: 'closed' },
      ]),
    'GET /api/views': () => jsonResponse(200, { success: true, data: { views: [], default_view: null } }),
    [`GET ${LIST}`]: () => jsonResponse(200, page(FIRST, { total: 400, matched: 260, next_cursor: 'c1' })),
    'GET /api/grievances/assignees': () => jsonResponse(200, { success: true, data: officers }),
    ...handlers,
  });
}

async function showList(user = officer) {
  const view = renderPage(<GrievanceListPage />, user, '/grievances?status=Pending');
  await screen.findByRole('link', { name: 'GRV-2025-000001' });
  return view;
}

const toolbar = () => screen.getByRole('toolbar', { name: 'Selected grievances' });
const box = (number: string) => screen.getByRole('checkbox', { name: `Select grievance ${number}` });

describe('selecting grievances on the list', () => {
  it('offers a checkbox per row and a toolbar with the count once one is picked; the header picks the rows shown', async () => {
    api();
    await showList();
    const user = userEvent.setup();
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    await user.click(box('GRV-2025-000003'));
    expect(within(toolbar()).getByRole('status')).toHaveTextContent('1 selected');
    expect(box('GRV-2025-000003').closest('tr')).toHaveClass('row-selected');
    expect(within(toolbar()).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Assign…',
      'Change status…',
      'Change priority…',
      'Transfer…',
      'Export selection',
      'Clear selection',
    ]);
    // Not every row shown is picked: no offer of the other matches yet.
    expect(within(toolbar()).queryByRole('button', { name: /^Select all/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Select every grievance shown' }));
    expect(within(toolbar()).getByRole('status')).toHaveTextContent('20 selected');
    await user.click(within(toolbar()).getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    expect(box('GRV-2025-000003')).not.toBeChecked();
  });

  it('selects up to 200 of the matches through the list pages after those shown, then says so', async () => {
    const fetch = api({
      'GET /api/grievances?status=Pending&limit=180&view=summary&cursor=c1': () => jsonResponse(200, page(cases(21, 100), { next_cursor: 'c2' })),
      'GET /api/grievances?status=Pending&limit=80&view=summary&cursor=c2': () => jsonResponse(200, page(cases(121, 80), { next_cursor: 'c3' })),
    });
    await showList();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Select every grievance shown' }));
    // 260 match: the first 200 are offered.
    await user.click(within(toolbar()).getByRole('button', { name: 'Select the first 200 of 260 matches' }));
    await waitFor(() => expect(within(toolbar()).getByRole('status')).toHaveTextContent('200 selected · the first 200 matches'));
    const asked = fetch.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('cursor='));
    expect(asked).toEqual(['/api/grievances?status=Pending&limit=180&view=summary&cursor=c1', '/api/grievances?status=Pending&limit=80&view=summary&cursor=c2']);
    // Full: no more offers.
    expect(within(toolbar()).queryByRole('button', { name: /^Select/ })).not.toBeInTheDocument();
    expect(BULK_MAX).toBe(200);
  });

  it('offers every match when they are fewer than 200', async () => {
    api({
      [`GET ${LIST}`]: () => jsonResponse(200, page(FIRST, { total: 400, matched: 70, next_cursor: 'c1' })),
      'GET /api/grievances?status=Pending&limit=180&view=summary&cursor=c1': () => jsonResponse(200, page(cases(21, 50))),
    });
    await showList();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Select every grievance shown' }));
    await user.click(within(toolbar()).getByRole('button', { name: 'Select all 70 matches' }));
    await waitFor(() => expect(within(toolbar()).getByRole('status')).toHaveTextContent('70 selected · every match'));
  });

  it('gives a reader the export of the selection, not the changes', async () => {
    api();
    await showList(reader);
    await userEvent.setup().click(box('GRV-2025-000001'));
    expect(within(toolbar()).getAllByRole('button').map((b) => b.textContent)).toEqual(['Export selection', 'Clear selection']);
  });

  it('exports the selection by its ids, in the list order', async () => {
    const fetch = api({
      'GET /api/grievances/export/excel?ids=2%2C5': () => jsonResponse(200, { url: '/api/exports/files/x.xlsx?signature=ab', expires_at: '2026-01-01T00:00:00Z', rows: 2 }),
    });
    const target = { opener: {}, closed: false, location: { replace: vi.fn() }, close: vi.fn(), document: document.implementation.createHTMLDocument('') };
    vi.spyOn(window, 'open').mockReturnValue(target as unknown as Window);
    await showList();
    const user = userEvent.setup();
    await user.click(box('GRV-2025-000002'));
    await user.click(box('GRV-2025-000005'));
    await user.click(within(toolbar()).getByRole('button', { name: 'Export selection' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excel' }));
    expect(await screen.findByText('Excel export ready: 2 grievances')).toBeInTheDocument();
    expect(fetch.mock.calls.map(([url]) => String(url))).toContain('/api/grievances/export/excel?ids=2%2C5');
    vi.restoreAllMocks();
  });
});

describe('changing the selected grievances at once', () => {
  it('assigns them, shows what was done and each refusal with its reason, keeps the refused ones it names, and reads the list again', async () => {
    const result: BulkResult = {
      success: true,
      batch_id: 'b1',
      done: [{ id: 1, grievance_number: 'GRV-2025-000001' }],
      refused: [
        {
          id: 2,
          grievance_number: 'GRV-2025-000002',
          status: 400,
          error: {
            error: "This grievance does not lie in this user's scope: choose someone posted where it lies",
            code: 'ASSIGNEE_OUTSIDE_SCOPE',
            fields: { user_id: "This grievance does not lie in this user's scope: choose someone posted where it lies" },
            field_codes: { user_id: { code: 'ASSIGNEE_OUTSIDE_SCOPE' } },
          },
        },
        { id: 99, grievance_number: null, status: 404, error: { error: 'Grievance not found', code: 'GRIEVANCE_NOT_FOUND' } },
      ],
    };
    const fetch = api({ [`POST ${BULK}`]: () => jsonResponse(200, result) });
    await showList();
    const user = userEvent.setup();
    for (const n of ['000001', '000002']) await user.click(box(`GRV-2025-${n}`));
    const before = fetch.mock.calls.filter(([url]) => url === LIST).length;

    await user.click(within(toolbar()).getByRole('button', { name: 'Assign…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign 2 grievances' });
    // An officer is needed first.
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(within(dialog).getByText('Choose the officer to assign')).toBeInTheDocument();
    await user.click(await within(dialog).findByRole('radio', { name: 'Rakesh Yadav (Inspector)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));

    const answer = await screen.findByRole('dialog', { name: 'Assign 2 grievances' });
    expect(within(answer).getByRole('status')).toHaveTextContent('1 done');
    const refused = within(answer).getByRole('list', { name: '2 refused' });
    expect(within(refused).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      "GRV-2025-000002This grievance does not lie in this user's scope: choose someone posted where it lies",
      'A grievance you cannot seeGrievance not found',
    ]);
    expect(sentBodies(fetch, 'POST', BULK)).toEqual([{ ids: [1, 2], action: 'assign', user_id: 9 }]);
    await waitFor(() => expect(fetch.mock.calls.filter(([url]) => url === LIST).length).toBeGreaterThan(before));

    await user.click(within(answer).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The refused one it names stays picked; the one done does not.
    expect(within(toolbar()).getByRole('status')).toHaveTextContent('1 selected');
    expect(box('GRV-2025-000002')).toBeChecked();
    expect(box('GRV-2025-000001')).not.toBeChecked();
  });

  it('asks for the final decision with a status that closes a case, and sends the status by id and the priority by name', async () => {
    const done = (ids: number[]): BulkResult => ({ success: true, batch_id: 'b', done: ids.map((id) => ({ id, grievance_number: `GRV-2025-${String(id).padStart(6, '0')}` })), refused: [] });
    const fetch = api({ [`POST ${BULK}`]: (body) => jsonResponse(200, done((body as { ids: number[] }).ids)) });
    await showList(makeUser({ ...officer, closing_needs_approval: true }));
    const user = userEvent.setup();
    await user.click(box('GRV-2025-000004'));

    await user.click(within(toolbar()).getByRole('button', { name: 'Change status…' }));
    let dialog = await screen.findByRole('dialog', { name: 'Change the status of 1 grievance' });
    await user.selectOptions(within(dialog).getByLabelText('New Status'), 'Closed');
    expect(within(dialog).getByRole('note')).toHaveTextContent("Your role needs another officer's approval to close a case");
    await user.click(within(dialog).getByRole('button', { name: 'Change status' }));
    expect(within(dialog).getByText('Record the final decision before asking for the case to be closed')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Final Decision/), 'Settled between the parties');
    await user.type(within(dialog).getByLabelText('Notes'), 'Both sides agreed');
    await user.click(within(dialog).getByRole('button', { name: 'Change status' }));
    expect(await within(screen.getByRole('dialog')).findByText('1 done')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));

    // Everything was done: nothing stays picked, and the focus is on the list's heading.
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Grievances' })).toHaveFocus();
    await user.click(box('GRV-2025-000004'));
    await user.click(within(toolbar()).getByRole('button', { name: 'Change priority…' }));
    dialog = await screen.findByRole('dialog', { name: 'Change the priority of 1 grievance' });
    await user.selectOptions(within(dialog).getByLabelText('New Priority'), 'Critical');
    await user.click(within(dialog).getByRole('button', { name: 'Change priority' }));
    expect(await within(screen.getByRole('dialog')).findByText('1 done')).toBeInTheDocument();

    expect(sentBodies(fetch, 'POST', BULK)).toEqual([
      { ids: [4], action: 'status', status_id: 12, notes: 'Both sides agreed', final_decision: 'Settled between the parties' },
      { ids: [4], action: 'priority', priority: 'Critical' },
    ]);
  });

  it('transfers them with a reason, and says on top when the whole request is refused', async () => {
    const fetch = api({
      [`POST ${BULK}`]: () => jsonResponse(400, { error: 'Select from 1 to 200 grievances', code: 'BULK_SELECTION_INVALID', params: { max: '200' } }),
    });
    await showList();
    const user = userEvent.setup();
    await user.click(box('GRV-2025-000006'));
    await user.click(within(toolbar()).getByRole('button', { name: 'Transfer…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer 1 grievance' });
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(within(dialog).getByText('Choose the police station to transfer to')).toBeInTheDocument();
    expect(within(dialog).getByText('Give the reason for the transfer')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText(/^New Police Station/), 'Civil Lines');
    await user.type(within(dialog).getByLabelText(/^Reason for transfer/), 'Wrong jurisdiction');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(await within(dialog).findByText('Select from 1 to 200 grievances')).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', BULK)).toEqual([{ ids: [6], action: 'transfer', transfer: { police_station_id: 35, reason: 'Wrong jurisdiction' } }]);
  });
});
