import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, sentBodies } from '../../test/api-mock';
import { entry, jsonResponse, makeUser } from '../../test/fixtures';
import { listHandlers, listItem, makeClosure, makeGrievance } from '../../test/grievance-fixtures';
import { renderPage } from '../../test/render-page';
import GrievanceFormPage from './GrievanceFormPage';

// The form is long: typing into it takes a while on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const clerk = makeUser({
  role_name: 'Clerk',
  permissions: [entry('grievances', { can_read: true, can_create: true, can_update: true })],
});

function renderNew() {
  return renderPage(<GrievanceFormPage />, clerk, '/grievances/new', '/grievances/new');
}

function renderEdit(id = '12') {
  return renderPage(<GrievanceFormPage />, clerk, `/grievances/edit/${id}`, '/grievances/edit/:id');
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^FIR Number/), 'FIR/2025-77');
  await user.type(screen.getByLabelText(/^FIR Date/), '05/01/2025');
  await user.type(screen.getByLabelText(/^Section & Act/), '420 IPC');
  await waitFor(() => expect(screen.getByRole('option', { name: 'Burglary' })).toBeInTheDocument());
  await user.selectOptions(screen.getByLabelText(/^Crime Title/), 'Burglary');
  await user.selectOptions(screen.getByLabelText(/^District/), 'North District');
  await user.selectOptions(screen.getByLabelText(/^Police Station/), 'Civil Lines');
  await user.type(screen.getByLabelText(/^Brief Details/), 'Money taken for a job that never came.');
}

describe('grievance form', () => {
  it("shows every section, 'Create Grievance' and only active list items", async () => {
    mockApi(listHandlers());
    renderNew();
    expect(screen.getByRole('heading', { level: 1, name: 'New Grievance / FIR' })).toBeInTheDocument();
    for (const section of [
      'FIR Details',
      'Location',
      'Investigation Officers',
      'Current Status',
      'Complaint Details',
      'Important Dates',
      'Actions & Decisions',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: section })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Create Grievance' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/grievances');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Burglary' })).toBeInTheDocument());
    expect(screen.queryByRole('option', { name: 'Old Crime' })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Status/)).toHaveValue('Pending');
    expect(screen.getByLabelText(/^Priority/)).toHaveValue('Medium');
    expect(within(screen.getByLabelText(/^Status/)).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Select status',
      'Pending',
      'In Progress',
      'Resolved',
      'Closed',
    ]);
  });

  it('narrows Police Station to the chosen district, and a station brings its own district', async () => {
    const placed = [{ ...listItem(34, 'City Kotwali'), district_id: 30 }, { ...listItem(35, 'Civil Lines'), district_id: 31 }, listItem(36, 'Railway Colony')];
    mockApi({ ...listHandlers(), 'GET /api/admin/dropdowns/police_stations': () => jsonResponse(200, placed) });
    const user = userEvent.setup();
    renderNew();
    const district = () => screen.getByLabelText(/^District/);
    const station = () => screen.getByLabelText(/^Police Station/);
    const offered = () => within(station()).getAllByRole('option').map((o) => o.textContent);
    await waitFor(() => expect(offered()).toEqual(['Select police station', 'City Kotwali', 'Civil Lines', 'Railway Colony']));
    await user.selectOptions(district(), 'North District');
    expect(offered()).toEqual(['Select police station', 'Civil Lines', 'Railway Colony']);
    await user.selectOptions(station(), 'Civil Lines');
    // Another district: Civil Lines is not one of its stations, so it is chosen again.
    await user.selectOptions(district(), 'Central District');
    expect(station()).toHaveValue('');
    expect(offered()).toEqual(['Select police station', 'City Kotwali', 'Railway Colony']);
    // A station in no district keeps the district chosen; one placed in a district brings it.
    await user.selectOptions(station(), 'Railway Colony');
    expect(district()).toHaveValue('Central District');
    await user.selectOptions(district(), '');
    await user.selectOptions(station(), 'Civil Lines');
    expect(district()).toHaveValue('North District');
  });

  it('offers District and Police Station only once both lists are in, so a station always brings its district', async () => {
    const placed = [{ ...listItem(35, 'Civil Lines'), district_id: 31 }];
    let answerDistricts = () => {};
    const districtsIn = new Promise<void>((resolve) => (answerDistricts = resolve));
    const handlers = listHandlers();
    mockApi({
      ...handlers,
      'GET /api/admin/dropdowns/police_stations': () => jsonResponse(200, placed),
      'GET /api/admin/dropdowns/districts': async () => {
        await districtsIn;
        return handlers['GET /api/admin/dropdowns/districts']();
      },
    });
    const user = userEvent.setup();
    renderNew();
    const station = () => screen.getByLabelText(/^Police Station/);
    await waitFor(() => expect(within(station()).getByRole('option', { name: 'Civil Lines' })).toBeInTheDocument());
    expect(station()).toBeDisabled();
    expect(screen.getByLabelText(/^District/)).toBeDisabled();
    answerDistricts();
    await waitFor(() => expect(station()).toBeEnabled());
    await user.selectOptions(station(), 'Civil Lines');
    expect(screen.getByLabelText(/^District/)).toHaveValue('North District');
  });

  it("starts a new case at the writer's station and its district, or at their district", async () => {
    const placed = [{ ...listItem(34, 'City Kotwali'), district_id: 30 }, { ...listItem(35, 'Civil Lines'), district_id: 31 }];
    mockApi({ ...listHandlers(), 'GET /api/admin/dropdowns/police_stations': () => jsonResponse(200, placed) });
    const atStation = makeUser({ ...clerk, posting: { level: 'station', id: 35 } });
    const first = renderPage(<GrievanceFormPage />, atStation, '/grievances/new', '/grievances/new');
    await waitFor(() => expect(screen.getByLabelText(/^Police Station/)).toHaveValue('Civil Lines'));
    expect(screen.getByLabelText(/^District/)).toHaveValue('North District');
    first.unmount();

    const atDistrict = makeUser({ ...clerk, posting: { level: 'district', id: 30 } });
    renderPage(<GrievanceFormPage />, atDistrict, '/grievances/new', '/grievances/new');
    await waitFor(() => expect(screen.getByLabelText(/^District/)).toHaveValue('Central District'));
    expect(screen.getByLabelText(/^Police Station/)).toHaveValue('');
    expect(within(screen.getByLabelText(/^Police Station/)).getAllByRole('option').map((o) => o.textContent)).toEqual(['Select police station', 'City Kotwali']);
  });

  it('checks every rule first, shows the banner and the messages, and sends nothing', async () => {
    const fetch = mockApi(listHandlers());
    renderNew();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^FIR Number/), 'FIR 1');
    await user.type(screen.getByLabelText(/^FIR Date/), '2999-01-01');
    await user.type(screen.getByLabelText(/^Brief Details/), 'short');
    await user.type(screen.getByLabelText('Officer Name'), 'SI Rao');
    await user.click(screen.getByRole('button', { name: 'Add Officer' }));
    const froms = screen.getAllByLabelText('From Date');
    const tos = screen.getAllByLabelText('To Date');
    await user.type(froms[1], '2025-03-01');
    await user.type(tos[1], '2025-02-01');
    await user.click(screen.getByRole('button', { name: 'Create Grievance' }));

    expect(screen.getByText('Please fix the validation errors below before submitting.')).toBeInTheDocument();
    for (const message of [
      'FIR Number should contain only letters, numbers, slashes and hyphens',
      'FIR Date cannot be in the future',
      'Section & Act is required',
      'Crime Title is required',
      'District is required',
      'Police Station is required',
      'Brief details must be at least 10 characters long',
      'From date is required when officer name is provided',
      'To date must be after from date',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(sentBodies(fetch, 'POST', '/api/grievances')).toEqual([]);
    await waitFor(() => expect(screen.getByLabelText(/^FIR Number/)).toHaveFocus());
  });

  it("adds and removes officer rows", async () => {
    mockApi(listHandlers());
    renderNew();
    const user = userEvent.setup();
    expect(screen.getAllByRole('group', { name: /^Officer \d$/ })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Add Officer' }));
    expect(screen.getByRole('group', { name: 'Officer 2' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove officer 1' }));
    expect(screen.getAllByRole('group', { name: /^Officer \d$/ })).toHaveLength(1);
  });

  it("creates the grievance, says 'Saved successfully!' and opens it after 1.5 s, naming its number", async () => {
    const fetch = mockApi({
      ...listHandlers(),
      'POST /api/grievances': (body) => jsonResponse(201, { success: true, data: makeGrievance({ ...(body as object), id: 40, grievance_number: 'GRV-2025-000040' }) }),
    });
    const { router } = renderNew();
    const user = userEvent.setup();
    await fillRequired(user);
    await user.type(screen.getByLabelText('Officer Name'), 'SI Rao');
    await user.type(screen.getByLabelText('From Date'), '06/01/2025');
    await user.type(screen.getByLabelText('Findings'), 'Statements recorded');
    await user.click(screen.getByRole('switch', { name: 'Put in Court' }));
    await user.click(screen.getByRole('button', { name: 'Create Grievance' }));

    expect(await screen.findByText('Saved successfully!')).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/grievances')).toEqual([
      expect.objectContaining({
        fir_no: 'FIR/2025-77',
        fir_date: '2025-01-05',
        section_and_act: '420 IPC',
        crime_title: 'Burglary',
        district: 'North District',
        police_station: 'Civil Lines',
        status: 'Pending',
        priority: 'Medium',
        put_in_court: true,
        cross_case: false,
        type_of_call: null,
        investigation_officers: [{ officer_name: 'SI Rao', from_date: '2025-01-06', to_date: null, findings: 'Statements recorded' }],
        brief_details: 'Money taken for a job that never came.',
      }),
    ]);
    expect(router.state.location.pathname).toBe('/grievances/new');
    await waitFor(() => expect(router.state.location.pathname).toBe('/grievances/40'));
    expect(router.state.location.state).toEqual({ notice: 'Grievance GRV-2025-000040 saved' });
  });

  it('does not save an important date typed as no date as no date at all', async () => {
    const fetch = mockApi(listHandlers());
    renderNew();
    const user = userEvent.setup();
    await fillRequired(user);
    await user.type(screen.getByLabelText('Date of Inward'), '31/02/2025');
    await user.click(screen.getByRole('button', { name: 'Create Grievance' }));
    expect(screen.getByText('Enter the date as dd/mm/yyyy')).toBeInTheDocument();
    expect(screen.getByLabelText('Date of Inward')).toHaveFocus();
    expect(sentBodies(fetch, 'POST', '/api/grievances')).toEqual([]);
  });

  it("shows the server's field messages under their fields", async () => {
    mockApi({
      ...listHandlers(),
      'POST /api/grievances': () =>
        jsonResponse(400, {
          error: 'Please fix the validation errors below before submitting.',
          fields: { crime_title: "Crime Title 'Burglary' is not an active item of the Admin Panel's list" },
        }),
    });
    renderNew();
    const user = userEvent.setup();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Create Grievance' }));
    expect(await screen.findByText("Crime Title 'Burglary' is not an active item of the Admin Panel's list")).toBeInTheDocument();
    expect(screen.getByText('Please fix the validation errors below before submitting.')).toBeInTheDocument();
  });

  it("falls back to 'Failed to create grievance'", async () => {
    mockApi({ ...listHandlers(), 'POST /api/grievances': () => new Response('', { status: 500 }) });
    renderNew();
    const user = userEvent.setup();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Create Grievance' }));
    expect(await screen.findByText('Failed to create grievance')).toBeInTheDocument();
  });

  it("says 'Failed to load dropdown options' when a list fails", async () => {
    mockApi({ ...listHandlers(), 'GET /api/admin/dropdowns/districts': () => new Response('', { status: 500 }) });
    renderNew();
    expect(await screen.findByText('Failed to load dropdown options')).toBeInTheDocument();
  });

  it("edits with the loaded version, and on 409 shows the server's message and offers a reload", async () => {
    let version = 3;
    const fetch = mockApi({
      ...listHandlers(),
      'GET /api/grievances/12': () => jsonResponse(200, { success: true, data: makeGrievance({ version, final_decision: 'Closed' }) }),
      'PUT /api/grievances/12': () =>
        jsonResponse(409, {
          error: 'This grievance was changed by someone else since you opened it. Please reload it and try again.',
        }),
    });
    renderEdit();
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Grievance' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^FIR Number/)).toHaveValue('FIR/2025-012');
    expect(screen.getByLabelText('Final Decision')).toHaveValue('Closed');
    // A filed grievance changes station only by a transfer (counted and capped).
    expect(screen.getByLabelText(/^Police Station/)).toBeDisabled();
    expect(screen.getByText('A filed grievance moves to another police station by Transfer, on its page.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Update Grievance' }));
    expect(
      await screen.findByText('This grievance was changed by someone else since you opened it. Please reload it and try again.'),
    ).toBeInTheDocument();
    expect(sentBodies(fetch, 'PUT', '/api/grievances/12')[0]).toMatchObject({ version: 3, fir_no: 'FIR/2025-012' });

    version = 4;
    await user.click(screen.getByRole('button', { name: /Reload grievance/ }));
    await waitFor(() => expect(screen.queryByText(/changed by someone else/)).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Update Grievance' }));
    await waitFor(() => expect(sentBodies(fetch, 'PUT', '/api/grievances/12')).toHaveLength(2));
    expect(sentBodies(fetch, 'PUT', '/api/grievances/12')[1]).toMatchObject({ version: 4 });
  });

  it("says 'Closure requested' when the save made a closure request, and carries it back to the list", async () => {
    const fetch = mockApi({
      ...listHandlers(),
      'GET /api/grievances/12': () => jsonResponse(200, { success: true, data: makeGrievance({ closure: null }) }),
      // The status asked for waits for approval: the answer keeps Pending and carries the request.
      'PUT /api/grievances/12': () =>
        jsonResponse(200, { success: true, data: makeGrievance({ version: 4, closure: makeClosure({ requested_by: clerk.id }) }) }),
    });
    const { router } = renderEdit();
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Grievance' })).toBeInTheDocument();
    const user = userEvent.setup();
    await waitFor(() => expect(within(screen.getByLabelText(/^Status/)).getByRole('option', { name: 'Closed' })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText(/^Status/), 'Closed');
    await user.click(screen.getByRole('button', { name: 'Update Grievance' }));
    expect(await screen.findByText('Closure requested: it takes effect when another officer approves it.')).toBeInTheDocument();
    expect(screen.queryByText('Saved successfully!')).not.toBeInTheDocument();
    expect(sentBodies(fetch, 'PUT', '/api/grievances/12')[0]).toMatchObject({ version: 3, status: 'Closed' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/grievances'));
    expect(router.state.location.state).toEqual({
      returnToPlace: true,
      notice: 'Closure requested: it takes effect when another officer approves it.',
    });
  });

  it("files a case with the complainant's language for messages and their consent to progress by SMS", async () => {
    const fetch = mockApi({
      ...listHandlers(),
      'POST /api/grievances': (body) => jsonResponse(201, { success: true, data: makeGrievance({ ...(body as object), id: 41 }) }),
    });
    renderNew();
    const user = userEvent.setup();
    const people = screen.getByRole('region', { name: 'People in the case' });
    const language = within(people).getByLabelText("Complainant's language for messages");
    expect(language).toHaveValue('en');
    expect(within(language).getAllByRole('option').map((o) => o.textContent)).toEqual(['English', 'हिंदी']);
    const consent = within(people).getByRole('checkbox', { name: 'The complainant agrees to be told of progress by SMS' });
    expect(consent).not.toBeChecked();
    expect(consent).toHaveAccessibleDescription(/BNSS s\.193\(3\)\(ii\)/);
    await fillRequired(user);
    await user.selectOptions(language, 'hi');
    await user.click(consent);
    await user.click(screen.getByRole('button', { name: 'Create Grievance' }));
    await waitFor(() => expect(sentBodies(fetch, 'POST', '/api/grievances')).toHaveLength(1));
    expect(sentBodies(fetch, 'POST', '/api/grievances')[0]).toMatchObject({ citizen_language: 'hi', sms_consent: true });
  });

  it("edits the complainant's language and consent as the case keeps them, and sends them back", async () => {
    const fetch = mockApi({
      ...listHandlers(),
      'GET /api/grievances/12': () => jsonResponse(200, { success: true, data: makeGrievance({ citizen_language: 'hi', sms_consent: true }) }),
      'PUT /api/grievances/12': () => jsonResponse(200, { success: true, data: makeGrievance({ version: 4 }) }),
    });
    renderEdit();
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Grievance' })).toBeInTheDocument();
    expect(screen.getByLabelText("Complainant's language for messages")).toHaveValue('hi');
    const consent = screen.getByRole('checkbox', { name: 'The complainant agrees to be told of progress by SMS' });
    expect(consent).toBeChecked();
    const user = userEvent.setup();
    await user.click(consent);
    await user.click(screen.getByRole('button', { name: 'Update Grievance' }));
    await waitFor(() => expect(sentBodies(fetch, 'PUT', '/api/grievances/12')).toHaveLength(1));
    expect(sentBodies(fetch, 'PUT', '/api/grievances/12')[0]).toMatchObject({ citizen_language: 'hi', sms_consent: false });
  });

  it("falls back to 'Failed to update grievance'", async () => {
    mockApi({
      ...listHandlers(),
      'GET /api/grievances/12': () => jsonResponse(200, { success: true, data: makeGrievance() }),
      'PUT /api/grievances/12': () => new Response('', { status: 502 }),
    });
    renderEdit();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Update Grievance' }));
    expect(await screen.findByText('Failed to update grievance')).toBeInTheDocument();
  });

  it("shows 'Failed to load grievance', or the server's text, when the grievance cannot be loaded", async () => {
    mockApi({ ...listHandlers(), 'GET /api/grievances/12': () => new Response('', { status: 500 }) });
    renderEdit();
    expect(await screen.findByText('Failed to load grievance')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to List' })).toHaveAttribute('href', '/grievances');
  });

  it("shows the server's 'Grievance not found'", async () => {
    mockApi({ ...listHandlers(), 'GET /api/grievances/99': () => jsonResponse(404, { error: 'Grievance not found' }) });
    renderEdit('99');
    expect(await screen.findByText('Grievance not found')).toBeInTheDocument();
  });
});
