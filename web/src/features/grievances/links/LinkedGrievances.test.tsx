// Linked grievances on the grievance's screen: the panel's list and its links,
// 'Link a grievance' by number (looked up in the list, then POSTed), its refusals, Unlink
// after a confirmation, and none of the changes without grievances update.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLanguage } from '../../../i18n';
import { mockApi, sentBodies } from '../../../test/api-mock';
import { entry, jsonResponse, makeUser } from '../../../test/fixtures';
import { listHandlers, makeGrievance } from '../../../test/grievance-fixtures';
import { renderPage } from '../../../test/render-page';
import GrievanceDetailPage from '../GrievanceDetailPage';
import type { LinkedGrievance } from './api/links';

const reader = makeUser({ id: 7, role_name: 'Reader', permissions: [entry('grievances', { can_read: true })] });
const editor = makeUser({ id: 7, role_name: 'Editor', permissions: [entry('grievances', { can_read: true, can_update: true })] });

const linked = (overrides: Partial<LinkedGrievance> = {}): LinkedGrievance => ({
  id: 3,
  grievance_number: 'GRV-2025-000003',
  fir_no: 'FIR/2025-77',
  police_station: 'Civil Lines',
  status: 'In Progress',
  ...overrides,
});

const LOOKUP = '/api/grievances/lookup?number=GRV-2025-000003&match=exact&limit=5';
/** The lookup's answer: the grievances with the number, highest first. */
const found = (...data: ReturnType<typeof makeGrievance>[]) => jsonResponse(200, { success: true, data, next_cursor: null, bounded: false, examined: data.length });

/** Grievance 12's screen for `user`, its links answered by `links` until a handler changes them. */
function render(user: ReturnType<typeof makeUser>, first: LinkedGrievance[], extra: (set: (list: LinkedGrievance[]) => void) => Parameters<typeof mockApi>[0] = () => ({})) {
  let links = first;
  const set = (list: LinkedGrievance[]) => {
    links = list;
  };
  const fetch = mockApi({
    ...listHandlers(),
    'GET /api/grievances/12': () => jsonResponse(200, { success: true, data: makeGrievance() }),
    'GET /api/grievances/12/history': () => jsonResponse(200, { success: true, data: [] }),
    'GET /api/grievances/12/attachments': () => jsonResponse(200, { success: true, data: [] }),
    'GET /api/grievances/12/notes': () => jsonResponse(200, { success: true, data: [] }),
    'GET /api/grievances/12/links': () => jsonResponse(200, { success: true, data: links }),
    ...extra(set),
  });
  const view = renderPage(<GrievanceDetailPage />, user, '/grievances/12', '/grievances/:id');
  return { fetch, ...view };
}

const panel = () => screen.findByRole('region', { name: 'Linked grievances' });

/** Types `number` into 'Grievance number' and presses Link. */
async function link(region: HTMLElement, number: string) {
  const user = userEvent.setup();
  const form = within(region).getByRole('form', { name: 'Link a grievance' });
  await user.type(within(form).getByLabelText('Grievance number'), number);
  await user.click(within(form).getByRole('button', { name: 'Link' }));
  return form;
}

describe('linked grievances', () => {
  it('lists each linked grievance as a link to its screen with its FIR number, police station and status', async () => {
    const { router } = render(reader, [linked(), linked({ id: 40, grievance_number: 'GRV-2024-000040', fir_no: 'FIR/2024-9', police_station: 'City Kotwali', status: 'Closed' })]);
    const region = await panel();
    const list = await within(region).findByRole('list', { name: 'Linked grievances' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByRole('link', { name: 'GRV-2025-000003' })).toHaveAttribute('href', '/grievances/3');
    expect(items[0]).toHaveTextContent('FIR FIR/2025-77');
    expect(items[0]).toHaveTextContent('Civil Lines');
    expect(items[0]).toHaveTextContent('Status: In Progress');
    expect(within(items[1]).getByRole('link', { name: 'GRV-2024-000040' })).toHaveAttribute('href', '/grievances/40');
    expect(items[1]).toHaveTextContent('City Kotwali');
    expect(items[1]).toHaveTextContent('Status: Closed');

    await userEvent.setup().click(within(items[0]).getByRole('link', { name: 'GRV-2025-000003' }));
    expect(router.state.location.pathname).toBe('/grievances/3');
  });

  it("says 'No linked grievances' when there are none", async () => {
    render(editor, []);
    const region = await panel();
    expect(await within(region).findByText('No linked grievances')).toBeInTheDocument();
    expect(within(region).queryByRole('list')).not.toBeInTheDocument();
  });

  it('offers neither Link a grievance nor Unlink without grievances update', async () => {
    render(reader, [linked()]);
    const region = await panel();
    await within(region).findByRole('link', { name: 'GRV-2025-000003' });
    expect(within(region).queryByRole('form', { name: 'Link a grievance' })).not.toBeInTheDocument();
    expect(within(region).queryByLabelText('Grievance number')).not.toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: /Unlink/ })).not.toBeInTheDocument();
  });

  it('looks the number up, takes the grievance whose number it is and links it; the list shows it', async () => {
    const { fetch } = render(editor, [], (set) => ({
      // An exact FIR number may be another grievance's: the grievance number decides.
      [`GET ${LOOKUP}`]: () =>
        found(
          makeGrievance({ id: 4, grievance_number: 'GRV-2025-000004', fir_no: 'GRV-2025-000003' }),
          makeGrievance({ id: 3, grievance_number: 'GRV-2025-000003' }),
        ),
      'POST /api/grievances/12/links': () => {
        set([linked()]);
        return jsonResponse(201, { success: true, data: [linked()] });
      },
    }));
    const region = await panel();
    await within(region).findByText('No linked grievances');
    const form = await link(region, ' grv-2025-000003 ');

    expect(await screen.findByText('GRV-2025-000003 linked.')).toBeInTheDocument();
    expect(sentBodies(fetch, 'GET', LOOKUP)).toHaveLength(1);
    expect(sentBodies(fetch, 'POST', '/api/grievances/12/links')).toEqual([{ grievance_id: 3 }]);
    expect(within(region).getByRole('link', { name: 'GRV-2025-000003' })).toHaveAttribute('href', '/grievances/3');
    expect(within(form).getByLabelText('Grievance number')).toHaveValue('');
    // The history is read again: the link is audited.
    await waitFor(() => expect(fetch.mock.calls.filter(([url]) => url === '/api/grievances/12/history').length).toBeGreaterThan(1));
  });

  it("says 'No grievance with this number' when the lookup finds none, and links nothing", async () => {
    const { fetch } = render(editor, [], () => ({
      [`GET ${LOOKUP}`]: () => found(),
    }));
    const region = await panel();
    const form = await link(region, 'GRV-2025-000003');
    expect(await within(form).findByText('No grievance with this number')).toBeInTheDocument();
    expect(within(form).getByLabelText('Grievance number')).toHaveAttribute('aria-invalid', 'true');
    expect(sentBodies(fetch, 'POST', '/api/grievances/12/links')).toEqual([]);
  });

  it('asks for a number written as GRV-YYYY-NNNNNN before searching', async () => {
    const { fetch } = render(editor, []);
    const region = await panel();
    const user = userEvent.setup();
    const form = within(region).getByRole('form', { name: 'Link a grievance' });
    await user.click(within(form).getByRole('button', { name: 'Link' }));
    expect(within(form).getByText('Enter the number of the grievance to link')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Grievance number'), '3');
    await user.click(within(form).getByRole('button', { name: 'Link' }));
    expect(within(form).getByText('Enter a grievance number like GRV-2025-000123')).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([url]) => String(url).startsWith('/api/grievances/lookup'))).toEqual([]);
  });

  it("shows the server's refusal under the number: linked already (409), in English and in Hindi, and the grievance itself (400)", async () => {
    let answer = jsonResponse(409, { error: 'These grievances are linked already', code: 'LINKED_ALREADY' }, 'Conflict');
    render(editor, [linked()], () => ({
      [`GET ${LOOKUP}`]: () => found(makeGrievance({ id: 3, grievance_number: 'GRV-2025-000003' })),
      'GET /api/grievances/lookup?number=GRV-2025-000012&match=exact&limit=5': () => found(makeGrievance()),
      'POST /api/grievances/12/links': () => answer,
    }));
    const region = await panel();
    const form = await link(region, 'GRV-2025-000003');
    expect(await within(form).findByText('These grievances are linked already')).toBeInTheDocument();

    await act(() => setLanguage('hi'));
    try {
      answer = jsonResponse(409, { error: 'These grievances are linked already', code: 'LINKED_ALREADY' }, 'Conflict');
      await userEvent.setup().click(within(form).getByRole('button', { name: 'जोड़ें' }));
      expect(await within(form).findByText('ये शिकायतें पहले से जुड़ी हैं')).toBeInTheDocument();
    } finally {
      await act(() => setLanguage('en'));
    }

    answer = jsonResponse(
      400,
      { error: 'Validation failed', fields: { grievance_id: 'A grievance cannot be linked to itself' }, field_codes: { grievance_id: 'LINK_SELF' } },
      'Bad Request',
    );
    const user = userEvent.setup();
    const field = within(form).getByLabelText('Grievance number');
    await user.clear(field);
    await user.type(field, 'GRV-2025-000012');
    await user.click(within(form).getByRole('button', { name: 'Link' }));
    expect(await within(form).findByText('A grievance cannot be linked to itself')).toBeInTheDocument();
  });

  it('unlinks after a confirmation: DELETE, then the list without it', async () => {
    const { fetch } = render(editor, [linked()], (set) => ({
      'DELETE /api/grievances/12/links/3': () => {
        set([]);
        return jsonResponse(200, { success: true, data: [] });
      },
    }));
    const region = await panel();
    const user = userEvent.setup();
    await user.click(await within(region).findByRole('button', { name: 'Unlink GRV-2025-000003' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Unlink grievance' });
    expect(dialog).toHaveTextContent('Unlink GRV-2025-000003 from GRV-2025-000012?');

    // Cancelled, nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toEqual([]);

    await user.click(within(region).getByRole('button', { name: 'Unlink GRV-2025-000003' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Unlink grievance' })).getByRole('button', { name: 'Unlink' }));
    expect(await screen.findByText('GRV-2025-000003 unlinked.')).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([url, init]) => init?.method === 'DELETE' && url === '/api/grievances/12/links/3')).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(within(region).getByText('No linked grievances')).toBeInTheDocument();
  });

  it("shows the server's refusal of an unlink (409) and reads the list again", async () => {
    render(editor, [linked()], (set) => ({
      'DELETE /api/grievances/12/links/3': () => {
        set([]);
        return jsonResponse(409, { error: 'These grievances are not linked', code: 'NOT_LINKED' }, 'Conflict');
      },
    }));
    const region = await panel();
    const user = userEvent.setup();
    await user.click(await within(region).findByRole('button', { name: 'Unlink GRV-2025-000003' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Unlink' }));
    expect(await within(region).findByText('These grievances are not linked')).toBeInTheDocument();
    expect(await within(region).findByText('No linked grievances')).toBeInTheDocument();
  });
});
