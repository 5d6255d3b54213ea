import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, sentBodies } from '../../test/api-mock';
import { entry, jsonResponse, makeUser } from '../../test/fixtures';
import type { GrievanceView } from '../../api/types';
import { i18n } from '../../i18n';
import { listHandlers, makeClosure, makeGrievance, makePendency, page } from '../../test/grievance-fixtures';
import { renderPage } from '../../test/render-page';
import GrievanceListPage from './GrievanceListPage';
import { GrievanceFilterPanel } from './GrievanceFilterPanel';
import { EMPTY_FILTERS } from './list-filters';

const first = makeGrievance({ id: 12, grievance_number: 'GRV-2025-000012', filed_at: '2025-01-11T09:30:00Z' });
const second = makeGrievance({
  id: 13,
  grievance_number: 'GRV-2025-000013',
  fir_no: 'FIR/2025-013',
  status: 'Resolved',
  priority: 'Critical',
  filed_by_name: 'Ravi Kumar',
  filed_at: '2025-02-03T12:00:00Z',
});

const reader = makeUser({ role_name: 'Reader', permissions: [entry('grievances', { can_read: true })] });
const manager = makeUser({
  role_name: 'Manager',
  permissions: [entry('grievances', { can_read: true, can_create: true, can_update: true, can_delete: true })],
});

const LIST = '/api/grievances?limit=50&view=summary';

/** Opens a row's action menu, as a person does, and answers its items. */
async function openRowMenu(user: ReturnType<typeof userEvent.setup>, number: string) {
  await user.click(await screen.findByRole('button', { name: `Actions for ${number}` }));
  return screen.findByRole('menu');
}

/** The number of filters in force, on the panel's toggle. */
const toggleCount = () => screen.getByRole('button', { name: /^Search & Filters/ }).querySelector('.filter-count')?.textContent;

/** The filters start closed: open them as a person does. */
async function openFilters(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /^Search & Filters/ }));
}

function api(handlers: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({ ...listHandlers(), [`GET ${LIST}`]: () => jsonResponse(200, page([first, second])), ...handlers });
}

describe('grievance list', () => {
  it('shows the columns with badges and en-IN dates, and the counters', async () => {
    api();
    renderPage(<GrievanceListPage />, manager, '/grievances');
    expect(screen.getByRole('heading', { level: 1, name: 'Grievances & FIR Management' })).toBeInTheDocument();
    const row = (await screen.findByRole('link', { name: 'GRV-2025-000013' })).closest('tr')!;
    expect(within(row).getByText('Resolved')).toBeInTheDocument();
    expect(within(row).getByText('Critical')).toBeInTheDocument();
    expect(within(row).getByText('Ravi Kumar')).toBeInTheDocument();
    expect(within(row).getByText('3 Feb 2025')).toBeInTheDocument();
    expect(within(row).getByText('10 Jan 2025')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'GRV-2025-000013' })).toHaveAttribute('href', '/grievances/13');
    expect(screen.getByText('Showing 2 of 2 grievances')).toBeInTheDocument();
    expect(screen.queryByText(/filtered out/)).not.toBeInTheDocument();
  });

  it("gives View, Edit, Delete (in each row's menu) and New by permission", async () => {
    api();
    renderPage(<GrievanceListPage />, manager, '/grievances');
    await screen.findByText('GRV-2025-000012');
    expect(screen.getByRole('link', { name: 'New FIR / Grievance' })).toHaveAttribute('href', '/grievances/new');
    // One menu button per row, named for its grievance; no action shown on the row itself.
    expect(screen.getAllByRole('button', { name: /^Actions for GRV-/ })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    for (const name of ['Excel', 'PDF', 'Officers']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    // The publication export sits with the filters it is run by.
    expect(screen.getByRole('button', { name: 'Publication', hidden: true }).closest('.filter-body')).not.toBeNull();
    const menu = await openRowMenu(userEvent.setup(), 'GRV-2025-000012');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['View', 'Edit', 'Delete']);
    expect(items[0]).toHaveAttribute('href', '/grievances/12');
    expect(items[1]).toHaveAttribute('href', '/grievances/edit/12');
  });

  it('gives a reader only View, and the exports', async () => {
    api();
    renderPage(<GrievanceListPage />, reader, '/grievances');
    await screen.findByText('GRV-2025-000012');
    expect(screen.getAllByRole('button', { name: /^Actions for GRV-/ })).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'New FIR / Grievance' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Excel' })).toBeInTheDocument();
    const menu = await openRowMenu(userEvent.setup(), 'GRV-2025-000013');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['View']);
    expect(items[0]).toHaveAttribute('href', '/grievances/13');
  });

  it('sets the rows compact by default, and remembers Comfortable for the browser', async () => {
    api();
    const { unmount } = renderPage(<GrievanceListPage />, manager, '/grievances');
    const table = await screen.findByRole('table', { name: 'Grievances' });
    const spacing = screen.getByRole('group', { name: 'Row spacing' });
    expect(within(spacing).getByRole('button', { name: 'Compact' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(spacing).getByRole('button', { name: 'Comfortable' })).toHaveAttribute('aria-pressed', 'false');
    expect(table).toHaveClass('density-compact');

    await userEvent.setup().click(within(spacing).getByRole('button', { name: 'Comfortable' }));
    expect(within(spacing).getByRole('button', { name: 'Comfortable' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('table', { name: 'Grievances' })).toHaveClass('density-comfortable');
    expect(localStorage.getItem('portal.listDensity')).toBe('comfortable');

    // Another visit in the same browser keeps the choice.
    unmount();
    renderPage(<GrievanceListPage />, manager, '/grievances');
    expect(await screen.findByRole('table', { name: 'Grievances' })).toHaveClass('density-comfortable');
    expect(screen.getByRole('button', { name: 'Comfortable' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('keeps the filters closed at first with their count on the toggle, and remembers them open', async () => {
    api({ 'GET /api/grievances?search=bike&status=Resolved&limit=50&view=summary': () => jsonResponse(200, page([second], { total: 9, matched: 1 })) });
    const { unmount } = renderPage(<GrievanceListPage />, manager, '/grievances?status=Resolved&search=bike');
    await screen.findByText('Showing 1 of 9 grievances');
    const toggle = screen.getByRole('button', { name: /^Search & Filters/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveTextContent('Search & Filters2 active');
    expect(screen.getByLabelText('Status')).not.toBeVisible();
    // The rows come first: the list does not wait for the filters to be opened.
    expect(screen.getByRole('link', { name: 'GRV-2025-000013' })).toBeInTheDocument();

    await userEvent.setup().click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('Status')).toBeVisible();
    expect(screen.getByLabelText('Status')).toHaveValue('Resolved');
    expect(localStorage.getItem('portal.listFilters')).toBe('open');

    unmount();
    renderPage(<GrievanceListPage />, manager, '/grievances?status=Resolved&search=bike');
    expect(await screen.findByRole('button', { name: /^Search & Filters/ })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('Status')).toBeVisible();
  });

  it('names the number columns as the specification does, and keeps each row on one line', async () => {
    api();
    renderPage(<GrievanceListPage />, manager, '/grievances');
    const row = (await screen.findByRole('link', { name: 'GRV-2025-000013' })).closest('tr')!;
    expect(screen.getByRole('columnheader', { name: /^FIR No/ })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Grievance No' })).toBeInTheDocument();
    // The FIR number sits in its own unbreakable span, its date beside it.
    const fir = within(row).getByText('FIR/2025-013');
    expect(fir).toHaveClass('fir-no');
    expect(fir.closest('td')).toHaveClass('cell-nowrap');
    // Long free text is cut on screen but kept whole in the title.
    expect(within(row).getByTitle('Ravi Kumar')).toHaveClass('cell-clip');
  });

  it("shows whom each grievance is assigned to, and '-' for one assigned to nobody", async () => {
    api({ [`GET ${LIST}`]: () => jsonResponse(200, page([{ ...first, assigned_to: 8, assigned_to_name: 'Ravi Kumar' }, second])) });
    renderPage(<GrievanceListPage />, reader, '/grievances');
    const assigned = (await screen.findByRole('link', { name: 'GRV-2025-000012' })).closest('tr')!;
    const column = screen.getAllByRole('columnheader').findIndex((header) => header.textContent === 'Assigned To');
    expect(column).toBeGreaterThan(0);
    expect(within(assigned).getAllByRole('cell')[column]).toHaveTextContent('Ravi Kumar');
    const unassigned = screen.getByRole('link', { name: 'GRV-2025-000013' }).closest('tr')!;
    expect(within(unassigned).getAllByRole('cell')[column]).toHaveTextContent(/^-$/);
  });

  it('sorts on the server by a clicked column header, and turns around on a second click', async () => {
    const fetch = api({
      'GET /api/grievances?status=Resolved&sort=priority&direction=desc&limit=50&view=summary': () => jsonResponse(200, page([second, first])),
      'GET /api/grievances?status=Resolved&sort=priority&direction=asc&limit=50&view=summary': () => jsonResponse(200, page([first, second])),
      'GET /api/grievances?status=Resolved&limit=50&view=summary': () => jsonResponse(200, page([second])),
    });
    renderPage(<GrievanceListPage />, manager, '/grievances?status=Resolved');
    await screen.findByText('GRV-2025-000013');
    const filedHeader = screen.getByRole('columnheader', { name: /Filed Date/ });
    expect(filedHeader).toHaveAttribute('aria-sort', 'descending');
    const priority = screen.getByRole('button', { name: /^Priority/ });
    expect(priority.closest('th')).toHaveAttribute('aria-sort', 'none');
    await userEvent.click(priority);
    await waitFor(() => expect(screen.getByRole('button', { name: /^Priority/ }).closest('th')).toHaveAttribute('aria-sort', 'descending'));
    await screen.findByText('GRV-2025-000012');
    expect(screen.getByRole('columnheader', { name: /Filed Date/ })).toHaveAttribute('aria-sort', 'none');
    await userEvent.click(screen.getByRole('button', { name: /^Priority/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: /^Priority/ }).closest('th')).toHaveAttribute('aria-sort', 'ascending'));
    const asked = fetch.mock.calls.map(([url]) => String(url));
    expect(asked).toContain('/api/grievances?status=Resolved&sort=priority&direction=desc&limit=50&view=summary');
    expect(asked).toContain('/api/grievances?status=Resolved&sort=priority&direction=asc&limit=50&view=summary');
  });

  it("sends the URL's filters to the server and shows 'N filtered out' and the active count", async () => {
    const fetch = api({
      'GET /api/grievances?search=bike&status=Resolved&limit=50&view=summary': () =>
        jsonResponse(200, page([second], { total: 9, matched: 1 })),
    });
    renderPage(<GrievanceListPage />, manager, '/grievances?status=Resolved&search=bike');
    expect(await screen.findByText('Showing 1 of 9 grievances')).toBeInTheDocument();
    expect(screen.getByText(/8 filtered out/)).toBeInTheDocument();
    expect(screen.getByText('2 active')).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('Resolved');
    expect(screen.getByLabelText('Search')).toHaveValue('bike');
    expect(fetch.mock.calls.map(([url]) => url)).toContain('/api/grievances?search=bike&status=Resolved&limit=50&view=summary');
  });

  it('changes the URL and the request as filters change, and Clear All empties them', async () => {
    const fetch = api({
      'GET /api/grievances?district=North+District&limit=50&view=summary': () => jsonResponse(200, page([], { total: 2, matched: 0 })),
      'GET /api/grievances?fir_no=013&limit=50&view=summary': () => jsonResponse(200, page([second], { total: 2, matched: null })),
    });
    const { router } = renderPage(<GrievanceListPage />, manager, '/grievances');
    await screen.findByText('GRV-2025-000012');
    const user = userEvent.setup();
    await openFilters(user);
    await waitFor(() => expect(screen.getByRole('option', { name: 'North District' })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText('District'), 'North District');
    expect(router.state.location.search).toBe('?district=North+District');
    expect(await screen.findByRole('heading', { name: 'No Matching Results' })).toBeInTheDocument();
    expect(screen.getByText(/2 filtered out/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(router.state.location.search).toBe('');
    await screen.findByText('GRV-2025-000012');

    await user.type(screen.getByLabelText('FIR Number'), '013');
    await waitFor(() => expect(router.state.location.search).toBe('?fir_no=013'));
    expect(await screen.findByText('Showing 1 of 2 grievances')).toBeInTheDocument();
    expect(screen.getByText(/1 filtered out/)).toBeInTheDocument();
    // The text box waited for a pause: one request, not one per letter.
    expect(fetch.mock.calls.filter(([url]) => String(url).includes('fir_no=')).map(([url]) => url)).toEqual([
      '/api/grievances?fir_no=013&limit=50&view=summary',
    ]);
  });

  it('shows the date filters as dd/mm/yyyy and keeps them in the URL as YYYY-MM-DD', async () => {
    const fetch = api();
    const { router } = renderPage(<GrievanceListPage />, manager, '/grievances?from_date=2025-01-01');
    await screen.findByRole('button', { name: /^Search & Filters/ });
    const user = userEvent.setup();
    await openFilters(user);
    expect(screen.getByLabelText('From Date')).toHaveValue('01/01/2025');
    await user.type(screen.getByLabelText('To Date'), '31/01/2025');
    expect(router.state.location.search).toBe('?from_date=2025-01-01&to_date=2025-01-31');
    await waitFor(() => expect(fetch.mock.calls.map(([url]) => String(url))).toContainEqual(expect.stringContaining('from_date=2025-01-01&to_date=2025-01-31')));
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(screen.getByLabelText('From Date')).toHaveValue('');
    expect(screen.getByLabelText('To Date')).toHaveValue('');
  });

  it('keeps a district chosen while a typed FIR number waits for its pause', async () => {
    api();
    // A page that has not drawn the district's change yet: the panel's filters stay as they were.
    const onChange = vi.fn();
    renderPage(<GrievanceFilterPanel filters={EMPTY_FILTERS} onChange={onChange} />, manager, '/grievances');
    const user = userEvent.setup();
    await openFilters(user);
    await waitFor(() => expect(screen.getByRole('option', { name: 'North District' })).toBeInTheDocument());
    await user.type(screen.getByLabelText('FIR Number'), '013');
    await user.selectOptions(screen.getByLabelText('District'), 'North District');
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(2));
    expect(onChange).toHaveBeenLastCalledWith({ ...EMPTY_FILTERS, fir_no: '013', district: 'North District' });
  });

  it('loads the next page with the cursor', async () => {
    api({
      [`GET ${LIST}`]: () => jsonResponse(200, page([first], { total: 2, matched: 2, next_cursor: 'c1' })),
      'GET /api/grievances?limit=50&view=summary&cursor=c1': () => jsonResponse(200, page([second], { total: 2, matched: 2 })),
    });
    renderPage(<GrievanceListPage />, manager, '/grievances');
    expect(await screen.findByText('Showing 1 of 2 grievances')).toBeInTheDocument();
    expect(screen.getByText('1 more to load')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('GRV-2025-000013')).toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 2 grievances')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  describe('when the server bounds its work', () => {
    const third = makeGrievance({ id: 14, grievance_number: 'GRV-2025-000014' });
    const SEARCH = '/api/grievances?search=bike&limit=50&view=summary';
    const bounded = (rows: GrievanceView[], next_cursor: string | null) =>
      page(rows, { bounded: next_cursor !== null, examined: 2000, next_cursor, total: 6000, matched: null });
    /** A response that waits until `release()`. */
    function gate() {
      let release!: () => void;
      const opened = new Promise<void>((resolve) => (release = resolve));
      return { release, later: (response: () => Response) => async () => (await opened, response()) };
    }
    /** Every text the page showed while the test ran. */
    function watchTexts() {
      const seen = new Set<string>();
      const observer = new MutationObserver(() => seen.add(document.body.textContent ?? ''));
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      return {
        stop: () => {
          observer.disconnect();
          return [...seen];
        },
      };
    }
    const searchCalls = (fetch: ReturnType<typeof api>) =>
      fetch.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith(SEARCH));

    it('reads on without a click, showing its progress, until the end, and never says no matches so far', async () => {
      const second2 = gate();
      const third3 = gate();
      const fetch = api({
        [`GET ${SEARCH}`]: () => jsonResponse(200, bounded([], 'c1')),
        [`GET ${SEARCH}&cursor=c1`]: second2.later(() => jsonResponse(200, bounded([first], 'c2'))),
        [`GET ${SEARCH}&cursor=c2`]: third3.later(() => jsonResponse(200, bounded([second, third], null))),
      });
      const texts = watchTexts();
      renderPage(<GrievanceListPage />, reader, '/grievances?search=bike');

      const progress = await screen.findByText('Searching… 2,000 of 6,000 grievances read');
      expect(progress).toHaveAttribute('role', 'status');
      expect(screen.getByRole('button', { name: 'Stop searching' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
      await waitFor(() => expect(searchCalls(fetch)).toHaveLength(2));

      second2.release();
      expect(await screen.findByText('Searching… 4,000 of 6,000 grievances read')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'GRV-2025-000012' })).toBeInTheDocument();

      third3.release();
      expect(await screen.findByRole('link', { name: 'GRV-2025-000014' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'GRV-2025-000012' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'GRV-2025-000013' })).toBeInTheDocument();
      expect(screen.getByText('Showing 3 of 6,000 grievances')).toBeInTheDocument();
      expect(screen.queryByText(/Searching/)).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Stop searching' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
      // Each step asked once: the first page is not fetched again with every step.
      expect(searchCalls(fetch)).toEqual([SEARCH, `${SEARCH}&cursor=c1`, `${SEARCH}&cursor=c2`]);
      const shown = texts.stop();
      expect(shown.filter((text) => /so far|No Matching Results|No Grievances Yet/.test(text))).toEqual([]);
    });

    it("shows 'No Matching Results' only when the end is reached with nothing found", async () => {
      const texts = watchTexts();
      api({
        [`GET ${SEARCH}`]: () => jsonResponse(200, bounded([], 'c1')),
        [`GET ${SEARCH}&cursor=c1`]: () => jsonResponse(200, bounded([], 'c2')),
        [`GET ${SEARCH}&cursor=c2`]: () => jsonResponse(200, bounded([], null)),
      });
      renderPage(<GrievanceListPage />, reader, '/grievances?search=bike');
      expect(await screen.findByRole('heading', { name: 'No Matching Results' })).toBeInTheDocument();
      expect(screen.getByText(/6,000 filtered out/)).toBeInTheDocument();
      expect(screen.queryByText(/Searching/)).not.toBeInTheDocument();
      const shown = texts.stop();
      expect(shown.filter((text) => /No Matching Results/.test(text)).every((text) => !/Searching/.test(text))).toBe(true);
      expect(shown.some((text) => /Searching… 4,000 of 6,000/.test(text))).toBe(true);
    });

    it("stops asking on 'Stop searching' and resumes on 'Continue searching'", async () => {
      const step = gate();
      const fetch = api({
        [`GET ${SEARCH}`]: () => jsonResponse(200, bounded([], 'c1')),
        [`GET ${SEARCH}&cursor=c1`]: step.later(() => jsonResponse(200, bounded([], 'c2'))),
        [`GET ${SEARCH}&cursor=c2`]: () => jsonResponse(200, bounded([], 'c3')),
        [`GET ${SEARCH}&cursor=c3`]: () => jsonResponse(200, bounded([third], null)),
      });
      renderPage(<GrievanceListPage />, reader, '/grievances?search=bike');
      await screen.findByText('Searching… 2,000 of 6,000 grievances read');
      await waitFor(() => expect(searchCalls(fetch)).toHaveLength(2));
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Stop searching' }));
      step.release();

      const stopped = await screen.findByText('Search stopped: no matches in the 4,000 of 6,000 grievances read.');
      expect(stopped).toHaveAttribute('role', 'status');
      const resume = screen.getByRole('button', { name: 'Continue searching' });
      await waitFor(() => expect(resume).toBeEnabled());
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(searchCalls(fetch)).toHaveLength(2);
      expect(screen.queryByText(/Searching/)).not.toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'No Matching Results' })).not.toBeInTheDocument();

      await user.click(resume);
      expect(await screen.findByRole('link', { name: 'GRV-2025-000014' })).toBeInTheDocument();
      expect(searchCalls(fetch)).toEqual([SEARCH, `${SEARCH}&cursor=c1`, `${SEARCH}&cursor=c2`, `${SEARCH}&cursor=c3`]);
      expect(screen.queryByRole('button', { name: 'Continue searching' })).not.toBeInTheDocument();
    });

    it('stops on a failed step, shows the error, and asks for that step again on Continue searching', async () => {
      let failures = 1;
      const fetch = api({
        [`GET ${SEARCH}`]: () => jsonResponse(200, bounded([], 'c1')),
        [`GET ${SEARCH}&cursor=c1`]: () =>
          failures-- > 0 ? new Response('', { status: 500 }) : jsonResponse(200, bounded([first], null)),
      });
      renderPage(<GrievanceListPage />, reader, '/grievances?search=bike');
      expect(await screen.findByText('Failed to load grievances')).toBeInTheDocument();
      expect(screen.getByText('Search stopped: no matches in the 2,000 of 6,000 grievances read.')).toBeInTheDocument();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(searchCalls(fetch)).toEqual([SEARCH, `${SEARCH}&cursor=c1`]);

      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Continue searching' }));
      expect(await screen.findByRole('link', { name: 'GRV-2025-000012' })).toBeInTheDocument();
      expect(screen.queryByText('Failed to load grievances')).not.toBeInTheDocument();
      expect(searchCalls(fetch)).toEqual([SEARCH, `${SEARCH}&cursor=c1`, `${SEARCH}&cursor=c1`]);
    });

    it("waits for 'Load more' once a page of rows is in, then reads on for the next page", async () => {
      const many = Array.from({ length: 50 }, (_, i) =>
        makeGrievance({ id: 100 + i, grievance_number: `GRV-2025-${String(100 + i).padStart(6, '0')}` }),
      );
      const fetch = api({
        [`GET ${SEARCH}`]: () => jsonResponse(200, bounded(many.slice(0, 30), 'c1')),
        [`GET ${SEARCH}&cursor=c1`]: () => jsonResponse(200, bounded(many.slice(30), 'c2')),
        [`GET ${SEARCH}&cursor=c2`]: () => jsonResponse(200, bounded([], 'c3')),
        [`GET ${SEARCH}&cursor=c3`]: () => jsonResponse(200, bounded([third], null)),
      });
      renderPage(<GrievanceListPage />, reader, '/grievances?search=bike');
      // Fifty rows take jsdom a while to lay out.
      expect(await screen.findByText('GRV-2025-000149')).toBeInTheDocument();
      expect(screen.getByText('GRV-2025-000100')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument();
      expect(screen.getByText('More matches may follow')).toBeInTheDocument();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(searchCalls(fetch).filter((url) => url.includes('cursor=c2'))).toEqual([]);

      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Load more' }));
      expect(await screen.findByText('GRV-2025-000014')).toBeInTheDocument();
      expect(searchCalls(fetch).filter((url) => url.includes('cursor='))).toEqual([`${SEARCH}&cursor=c1`, `${SEARCH}&cursor=c2`, `${SEARCH}&cursor=c3`]);
      expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    });

    it('shows the progress in Hindi', async () => {
      const step = gate();
      api({
        [`GET ${SEARCH}`]: () => jsonResponse(200, bounded([], 'c1')),
        [`GET ${SEARCH}&cursor=c1`]: step.later(() => jsonResponse(200, bounded([], null))),
      });
      await i18n.changeLanguage('hi');
      renderPage(<GrievanceListPage />, reader, '/grievances?search=bike');
      expect(await screen.findByText('खोज जारी है… 6,000 में से 2,000 शिकायतें पढ़ी गईं')).toHaveAttribute('role', 'status');
      expect(screen.getByRole('button', { name: 'खोज रोकें' })).toBeInTheDocument();
      step.release();
      expect(await screen.findByRole('heading', { name: 'कोई मेल खाता परिणाम नहीं' })).toBeInTheDocument();
    });
  });

  it("shows 'No Grievances Yet' with 'Create First Grievance' to a creator", async () => {
    api({ [`GET ${LIST}`]: () => jsonResponse(200, page([])) });
    renderPage(<GrievanceListPage />, manager, '/grievances');
    expect(await screen.findByRole('heading', { name: 'No Grievances Yet' })).toBeInTheDocument();
    expect(screen.getByText('Start by creating your first FIR or grievance record')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create First Grievance' })).toHaveAttribute('href', '/grievances/new');
  });

  it("shows 'No Grievances Yet' without the button to a reader", async () => {
    api({ [`GET ${LIST}`]: () => jsonResponse(200, page([])) });
    renderPage(<GrievanceListPage />, reader, '/grievances');
    expect(await screen.findByRole('heading', { name: 'No Grievances Yet' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create First Grievance' })).not.toBeInTheDocument();
  });

  it("shows 'No Matching Results' with a hint when filters match nothing", async () => {
    api({ 'GET /api/grievances?priority=Low&limit=50&view=summary': () => jsonResponse(200, page([], { total: 2, matched: 0 })) });
    renderPage(<GrievanceListPage />, reader, '/grievances?priority=Low');
    expect(await screen.findByRole('heading', { name: 'No Matching Results' })).toBeInTheDocument();
    expect(screen.getByText(/adjust/i)).toBeInTheDocument();
  });

  it("shows 'Failed to load grievances'", async () => {
    api({ [`GET ${LIST}`]: () => new Response('', { status: 500 }) });
    renderPage(<GrievanceListPage />, reader, '/grievances');
    expect(await screen.findByText('Failed to load grievances')).toBeInTheDocument();
  });

  it('asks before deleting, deletes, and says so', async () => {
    let rows = [first, second];
    const fetch = api({
      [`GET ${LIST}`]: () => jsonResponse(200, page(rows)),
      'DELETE /api/grievances/12': () => {
        rows = [second];
        return jsonResponse(200, { success: true, message: 'Grievance deleted' });
      },
    });
    renderPage(<GrievanceListPage />, manager, '/grievances');
    const user = userEvent.setup();
    await user.click(within(await openRowMenu(user, 'GRV-2025-000012')).getByRole('menuitem', { name: 'Delete' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete Grievance' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete grievance GRV-2025-000012?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Grievance GRV-2025-000012 deleted.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'GRV-2025-000012' })).not.toBeInTheDocument());
    expect(sentBodies(fetch, 'DELETE', '/api/grievances/12')).toHaveLength(1);
  });

  it("falls back to 'Failed to delete grievance'", async () => {
    api({ 'DELETE /api/grievances/12': () => new Response('', { status: 500 }) });
    renderPage(<GrievanceListPage />, manager, '/grievances');
    const user = userEvent.setup();
    await user.click(within(await openRowMenu(user, 'GRV-2025-000012')).getByRole('menuitem', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete grievance')).toBeInTheDocument();
  });

  it('marks an overdue grievance in its row, with the days overdue in its title and read out', async () => {
    const late = makeGrievance({
      id: 14,
      grievance_number: 'GRV-2025-000014',
      pendency: makePendency({ days_at_stage: 10, limit_days: 1, overdue: true, days_overdue: 9 }),
    });
    api({ [`GET ${LIST}`]: () => jsonResponse(200, page([late, first])) });
    renderPage(<GrievanceListPage />, reader, '/grievances');
    const row = (await screen.findByRole('link', { name: 'GRV-2025-000014' })).closest('tr')!;
    const badge = within(row).getByTitle('Overdue by 9 days');
    expect(badge).toHaveTextContent('Overdue by 9 days');
    expect(badge).toHaveClass('amplify-badge--error');
    const other = screen.getByRole('link', { name: 'GRV-2025-000012' }).closest('tr')!;
    expect(within(other).queryByText(/Overdue/)).not.toBeInTheDocument();
  });

  it("filters to overdue grievances with 'Overdue only', from the URL too, and passes it to the exports", async () => {
    const late = makeGrievance({ pendency: makePendency({ overdue: true, days_overdue: 2 }) });
    const fetch = api({
      'GET /api/grievances?overdue=true&limit=50&view=summary': () => jsonResponse(200, page([late], { total: 2, matched: 1 })),
      'GET /api/grievances/export/excel?overdue=true': () =>
        jsonResponse(200, { url: '/api/exports/files/x.xlsx', expires_at: '2026-01-01T00:00:00Z', rows: 1 }),
    });
    vi.spyOn(window, 'open').mockReturnValue({ opener: {}, closed: false, location: { replace: vi.fn() }, close: vi.fn() } as unknown as Window);
    const { router } = renderPage(<GrievanceListPage />, reader, '/grievances');
    await screen.findByText('Showing 2 of 2 grievances');
    const user = userEvent.setup();
    await openFilters(user);
    const overdue = screen.getByRole('checkbox', { name: 'Overdue only' });
    expect(overdue).not.toBeChecked();
    await user.click(overdue);
    expect(router.state.location.search).toBe('?overdue=true');
    expect(await screen.findByText('Showing 1 of 2 grievances')).toBeInTheDocument();
    expect(screen.getByText('1 active')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Overdue only' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Excel' }));
    expect(await screen.findByText('Excel export ready: 1 grievance')).toBeInTheDocument();
    expect(fetch.mock.calls.map(([url]) => url)).toContain('/api/grievances/export/excel?overdue=true');

    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('checkbox', { name: 'Overdue only' })).not.toBeChecked();
  });

  it('opens filtered to overdue from ?overdue=true (the dashboard tile)', async () => {
    const fetch = api({ 'GET /api/grievances?overdue=true&limit=50&view=summary': () => jsonResponse(200, page([], { total: 2, matched: 0 })) });
    renderPage(<GrievanceListPage />, reader, '/grievances?overdue=true');
    expect(await screen.findByRole('heading', { name: 'No Matching Results' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Search & Filters/ })).toHaveTextContent('1 active');
    await openFilters(userEvent.setup());
    expect(screen.getByRole('checkbox', { name: 'Overdue only' })).toBeChecked();
    expect(fetch.mock.calls.map(([url]) => url)).not.toContain(`${LIST}`);
  });

  it("marks a grievance whose closure waits for approval 'Closure pending', with who asked for what in its title", async () => {
    const asked = makeGrievance({ id: 15, grievance_number: 'GRV-2025-000015', closure: makeClosure() });
    api({ [`GET ${LIST}`]: () => jsonResponse(200, page([asked, { ...first, closure: null }])) });
    renderPage(<GrievanceListPage />, reader, '/grievances');
    const row = (await screen.findByRole('link', { name: 'GRV-2025-000015' })).closest('tr')!;
    const badge = within(row).getByText('Closure pending');
    expect(badge).toHaveAttribute('title', 'Closure requested by Ravi Kumar on 10 Feb 2025: Closed');
    // The row's status is still the grievance's own.
    expect(within(row).getByText('Pending')).toBeInTheDocument();
    const other = screen.getByRole('link', { name: 'GRV-2025-000012' }).closest('tr')!;
    expect(within(other).queryByText('Closure pending')).not.toBeInTheDocument();
  });

  it("opens the 'Closure requests' queue as closure=pending, kept in the URL and sent to the server", async () => {
    const asked = makeGrievance({ closure: makeClosure() });
    const fetch = api({ 'GET /api/grievances?closure=pending&limit=50&view=summary': () => jsonResponse(200, page([asked], { total: 2, matched: 1 })) });
    const { router } = renderPage(<GrievanceListPage />, reader, '/grievances');
    await screen.findByText('Showing 2 of 2 grievances');
    const user = userEvent.setup();
    await openFilters(user);
    const queue = screen.getByRole('checkbox', { name: 'Closure requests' });
    expect(queue).not.toBeChecked();
    await user.click(queue);
    expect(router.state.location.search).toBe('?closure=pending');
    expect(await screen.findByText('Showing 1 of 2 grievances')).toBeInTheDocument();
    expect(fetch.mock.calls.map(([url]) => url)).toContain('/api/grievances?closure=pending&limit=50&view=summary');
    expect(screen.getByRole('button', { name: /^Search & Filters/ })).toHaveTextContent('1 active');

    await user.click(screen.getByRole('checkbox', { name: 'Closure requests' }));
    expect(router.state.location.search).toBe('');
  });

  it('opens the closure queue from ?closure=pending, ticked', async () => {
    const fetch = api({ 'GET /api/grievances?closure=pending&limit=50&view=summary': () => jsonResponse(200, page([], { total: 2, matched: 0 })) });
    renderPage(<GrievanceListPage />, reader, '/grievances?closure=pending');
    expect(await screen.findByRole('heading', { name: 'No Matching Results' })).toBeInTheDocument();
    await openFilters(userEvent.setup());
    expect(screen.getByRole('checkbox', { name: 'Closure requests' })).toBeChecked();
    expect(fetch.mock.calls.map(([url]) => url)).not.toContain(`${LIST}`);
  });

  it('offers in the district and station filters only the places of the posting the scope names', async () => {
    const withPlaces = (scope: unknown) => api({ 'GET /api/grievances/scope': () => jsonResponse(200, scope) });
    const offered = (label: string) => [...(screen.getByLabelText(label) as HTMLSelectElement).options].map((option) => option.text);
    withPlaces({ scope: 'posting', stations: [35], districts: [31] });
    const { unmount } = renderPage(<GrievanceListPage />, manager, '/grievances');
    await waitFor(() => expect(offered('Police Station')).toEqual(['All police stations', 'Civil Lines']));
    expect(offered('District')).toEqual(['All districts', 'North District']);
    unmount();

    // The whole state (null: any place): every place, as before scopes.
    withPlaces({ scope: 'state', stations: null, districts: null });
    renderPage(<GrievanceListPage />, manager, '/grievances');
    await waitFor(() => expect(offered('Police Station')).toEqual(['All police stations', 'City Kotwali', 'Civil Lines']));
    expect(offered('District')).toEqual(['All districts', 'Central District', 'North District']);
  });

  describe('the keyboard', () => {
    const third = makeGrievance({ id: 14, grievance_number: 'GRV-2025-000014' });
    const screens = [
      { path: '/grievances/:id', element: <p>Grievance screen</p> },
      { path: '/grievances/new', element: <p>New grievance screen</p> },
    ];

    it("goes down the rows with 'j', up with 'k', highlighting the row reached, and opens it on Enter", async () => {
      api({ [`GET ${LIST}`]: () => jsonResponse(200, page([first, second, third])) });
      const { router } = renderPage(<GrievanceListPage />, reader, '/grievances', '/grievances', screens);
      await screen.findByText('GRV-2025-000014');
      const user = userEvent.setup();
      await user.keyboard('jjj');
      const link = screen.getByRole('link', { name: 'GRV-2025-000014' });
      expect(link).toHaveFocus();
      expect(link.closest('tr')).toHaveClass('row-current');
      await user.keyboard('k');
      expect(screen.getByRole('link', { name: 'GRV-2025-000013' })).toHaveFocus();
      expect(screen.getByRole('link', { name: 'GRV-2025-000013' }).closest('tr')).toHaveClass('row-current');
      expect(link.closest('tr')).not.toHaveClass('row-current');
      await user.keyboard('j{Enter}');
      await waitFor(() => expect(router.state.location.pathname).toBe('/grievances/14'));
    });

    it("opens the filters and puts the cursor in Search on '/', where j is typed, not a shortcut", async () => {
      api();
      const { router } = renderPage(<GrievanceListPage />, reader, '/grievances');
      await screen.findByText('GRV-2025-000012');
      const user = userEvent.setup();
      expect(screen.getByRole('button', { name: /^Search & Filters/ })).toHaveAttribute('aria-expanded', 'false');
      await user.keyboard('/');
      const box = screen.getByLabelText('Search');
      expect(box).toHaveFocus();
      expect(box).toBeVisible();
      expect(box).toHaveValue('');
      expect(screen.getByRole('button', { name: /^Search & Filters/ })).toHaveAttribute('aria-expanded', 'true');
      await user.keyboard('jk');
      expect(box).toHaveValue('jk');
      await waitFor(() => expect(router.state.location.search).toBe('?search=jk'));
      expect(document.querySelector('.row-current')).toBeNull();
    });

    it("lists the shortcuts on '?' and from its button, with 'c' only for those who may create", async () => {
      api();
      const { router, unmount } = renderPage(<GrievanceListPage />, manager, '/grievances', '/grievances', screens);
      await screen.findByText('GRV-2025-000012');
      const user = userEvent.setup();
      await user.keyboard('?');
      const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
      const listed = [...dialog.querySelectorAll('.shortcut')].map((row) => row.textContent);
      expect(listed).toEqual([
        '/Go to the search box',
        'jNext row',
        'kPrevious row',
        'EnterOpen the highlighted case',
        'xSelect the highlighted case, or let it go',
        'cStart a new case',
        '?Show these shortcuts',
      ]);
      // Behind the dialog, the list's keys wait.
      await user.keyboard('j');
      expect(document.querySelector('.row-current')).toBeNull();
      await user.click(within(dialog).getByRole('button', { name: 'Close dialog' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      await user.keyboard('c');
      await waitFor(() => expect(router.state.location.pathname).toBe('/grievances/new'));
      unmount();

      const asReader = renderPage(<GrievanceListPage />, reader, '/grievances', '/grievances', screens);
      await screen.findByText('GRV-2025-000012');
      await user.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }));
      expect(within(screen.getByRole('dialog', { name: 'Keyboard shortcuts' })).queryByText('Start a new case')).not.toBeInTheDocument();
      await user.keyboard('{Escape}');
      await user.keyboard('c');
      expect(asReader.router.state.location.pathname).toBe('/grievances');
    });
  });

  describe('the one-line summary of the closed filters', () => {
    const toggle = () => screen.getByRole('button', { name: /^Search & Filters/ });

    it("says 'No filters' when none is set", async () => {
      api();
      renderPage(<GrievanceListPage />, reader, '/grievances');
      await screen.findByText('GRV-2025-000012');
      expect(toggle()).toHaveAttribute('aria-expanded', 'false');
      expect(toggle()).toHaveTextContent(/^Search & FiltersNo filters$/);
    });

    it('names each filter in force with its value, in the order of the fields, and gives way to them when open', async () => {
      const query = 'status=Resolved&police_station=Civil+Lines&assignee=me&overdue=true&from_date=2025-01-01&search=bike';
      api({ [`GET /api/grievances?search=bike&police_station=Civil+Lines&status=Resolved&from_date=2025-01-01&assignee=me&overdue=true&limit=50&view=summary`]: () =>
        jsonResponse(200, page([second], { total: 9, matched: 1 })) });
      renderPage(<GrievanceListPage />, reader, `/grievances?${query}`);
      await screen.findByText('Showing 1 of 9 grievances');
      const summary = 'Search: bike · Police Station: Civil Lines · Status: Resolved · From Date: 1 Jan 2025 · Assigned: Mine · Overdue only';
      await waitFor(() => expect(toggle()).toHaveTextContent(`Search & Filters6 active${summary}`));
      expect(within(toggle()).getByTitle(summary)).toBeInTheDocument();
      await openFilters(userEvent.setup());
      expect(toggle()).toHaveAttribute('aria-expanded', 'true');
      expect(toggle()).toHaveTextContent(/^Search & Filters6 active$/);
    });

    it('reads in Hindi, with the places by their Hindi names', async () => {
      api({ 'GET /api/grievances?status=Pending&limit=50&view=summary': () => jsonResponse(200, page([first])) });
      await i18n.changeLanguage('hi');
      renderPage(<GrievanceListPage />, reader, '/grievances?status=Pending');
      const hindiToggle = await screen.findByRole('button', { name: /^खोज एवं फ़िल्टर/ });
      await waitFor(() => expect(hindiToggle).toHaveTextContent('स्थिति: Pending'));
    });
  });

  describe('the assignee, crime head and filing date filters', () => {
    const officers = { data: [{ id: 8, name: 'Ravi Kumar', designation: 'SI' }, { id: 9, name: 'Asha Verma', designation: null }] };
    const offered = () => [...(screen.getByLabelText('Assigned') as HTMLSelectElement).options].map((option) => option.text);
    const asked = (fetch: ReturnType<typeof api>) => fetch.mock.calls.map(([url]) => String(url));

    it('sends assignee, crime_head, filed_from and filed_to to the list and the exports, kept in the URL', async () => {
      const fetch = api({
        'GET /api/grievances/assignees': () => jsonResponse(200, officers),
        'GET /api/grievances/export/excel?filed_from=2025-02-01&filed_to=2025-02-28&assignee=8&crime_head=Theft': () =>
          jsonResponse(200, { url: '/api/exports/files/x.xlsx', expires_at: '2026-01-01T00:00:00Z', rows: 1 }),
      });
      vi.spyOn(window, 'open').mockReturnValue({ opener: {}, closed: false, location: { replace: vi.fn() }, close: vi.fn() } as unknown as Window);
      const { router } = renderPage(<GrievanceListPage />, manager, '/grievances');
      await screen.findByText('GRV-2025-000012');
      const user = userEvent.setup();
      await openFilters(user);
      await waitFor(() => expect(offered()).toEqual(['Anyone', 'Mine', 'Unassigned', 'Ravi Kumar', 'Asha Verma']));
      await user.selectOptions(screen.getByLabelText('Assigned'), 'Ravi Kumar');
      expect(router.state.location.search).toBe('?assignee=8');
      await user.type(screen.getByLabelText('Crime head'), 'Theft');
      await waitFor(() => expect(router.state.location.search).toBe('?assignee=8&crime_head=Theft'));
      await user.type(screen.getByLabelText('Filed from'), '01/02/2025');
      await user.type(screen.getByLabelText('Filed to'), '28/02/2025');
      const query = 'filed_from=2025-02-01&filed_to=2025-02-28&assignee=8&crime_head=Theft';
      expect(router.state.location.search).toBe(`?${query}`);
      await waitFor(() => expect(asked(fetch)).toContain(`/api/grievances?${query}&limit=50&view=summary`));
      expect(asked(fetch)).toContain('/api/grievances?assignee=8&limit=50&view=summary');
      expect(toggleCount()).toBe('4 active');

      await user.click(screen.getByRole('button', { name: 'Excel' }));
      expect(await screen.findByText('Excel export ready: 1 grievance')).toBeInTheDocument();
      expect(asked(fetch)).toContain(`/api/grievances/export/excel?${query}`);
    });

    it('come back from the URL after a reload', async () => {
      const query = 'filed_from=2025-02-01&filed_to=2025-02-28&assignee=none&crime_head=Theft';
      const fetch = api();
      renderPage(<GrievanceListPage />, manager, `/grievances?${query}`);
      await waitFor(() => expect(asked(fetch)).toContain(`/api/grievances?${query}&limit=50&view=summary`));
      await openFilters(userEvent.setup());
      expect(screen.getByLabelText('Assigned')).toHaveValue('none');
      expect(screen.getByLabelText('Crime head')).toHaveValue('Theft');
      expect(screen.getByLabelText('Filed from')).toHaveValue('01/02/2025');
      expect(screen.getByLabelText('Filed to')).toHaveValue('28/02/2025');
    });

    it('offers only Mine and Unassigned to a reader, without asking for the officers', async () => {
      const fetch = api();
      const { router } = renderPage(<GrievanceListPage />, reader, '/grievances');
      await screen.findByText('GRV-2025-000012');
      const user = userEvent.setup();
      await openFilters(user);
      expect(offered()).toEqual(['Anyone', 'Mine', 'Unassigned']);
      await user.selectOptions(screen.getByLabelText('Assigned'), 'Mine');
      expect(router.state.location.search).toBe('?assignee=me');
      await waitFor(() => expect(asked(fetch)).toContain('/api/grievances?assignee=me&limit=50&view=summary'));
      expect(asked(fetch).filter((url) => url.startsWith('/api/grievances/assignees'))).toEqual([]);
    });

    it('offers only Mine and Unassigned when the officers cannot be had, and an assignee from the URL by number', async () => {
      api({ 'GET /api/grievances/assignees': () => jsonResponse(403, { error: 'Forbidden' }) });
      renderPage(<GrievanceListPage />, manager, '/grievances?assignee=8');
      await openFilters(userEvent.setup());
      await waitFor(() => expect(offered()).toEqual(['Anyone', 'Mine', 'Unassigned', 'User 8']));
      expect(screen.getByLabelText('Assigned')).toHaveValue('8');
    });

    it('say that From Date and To Date compare the FIR date, and the filing dates the day filed', async () => {
      api();
      renderPage(<GrievanceListPage />, reader, '/grievances?filed_from=2025-02-10&filed_to=2025-02-01');
      await openFilters(userEvent.setup());
      expect(screen.getByLabelText('From Date')).toHaveAccessibleDescription(expect.stringContaining('Compares the FIR date'));
      expect(screen.getByLabelText('To Date')).toHaveAccessibleDescription(expect.stringContaining('Compares the FIR date'));
      expect(screen.getByLabelText('Filed from')).toHaveAccessibleDescription(expect.stringContaining('Compares the filing date'));
      expect(screen.getByText('Filed to must be on or after Filed from')).toBeInTheDocument();
    });
  });

  it('shows a message carried from the screen before, once', async () => {
    api();
    const { router } = renderPage(<GrievanceListPage />, manager, '/grievances');
    await screen.findByText('GRV-2025-000012');
    await act(() => router.navigate('/grievances', { state: { notice: 'Grievance transferred to Civil Lines' } }));
    expect(await screen.findByText('Grievance transferred to Civil Lines')).toBeInTheDocument();
    expect(router.state.location.state).toBeNull();
  });
});
