import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TOKEN_KEY } from '../../api/token-store';
import { i18n } from '../../i18n';
import { mockApi } from '../../test/api-mock';
import { entry, jsonResponse, makeUser } from '../../test/fixtures';
import { listHandlers, makeGrievance, page } from '../../test/grievance-fixtures';
import { renderPage } from '../../test/render-page';
import GrievanceListPage from './GrievanceListPage';

// Only read: the exports are not permission-gated.
const reader = makeUser({ role_name: 'Reader', permissions: [entry('grievances', { can_read: true })] });
const grievance = makeGrievance();

const FILTERS = 'district=North+District&status=Pending&from_date=2025-01-01';
const LINK = '/api/exports/files/0f3a.xlsx?name=grievances.xlsx&type=application%2Fvnd&expires=1767225600&signature=ab12';
const absolute = (path: string) => new URL(path, window.location.href).href;

function link(url: string, rows: number) {
  return jsonResponse(200, { url, expires_at: '2026-01-01T00:00:00Z', rows });
}

function api(handlers: Parameters<typeof mockApi>[0]) {
  return mockApi({
    ...listHandlers(),
    'GET /api/grievances?limit=50&view=summary': () => jsonResponse(200, page([grievance])),
    [`GET /api/grievances?${FILTERS}&limit=50&view=summary`]: () => jsonResponse(200, page([grievance], { total: 5, matched: 1 })),
    ...handlers,
  });
}

/** A window as window.open returns it: blank, same-origin, with a document of its own. */
function fakeWindow() {
  const replace = vi.fn();
  const close = vi.fn();
  const target = { opener: {}, closed: false, location: { replace }, close, document: document.implementation.createHTMLDocument('') };
  return { target, replace, close, open: vi.spyOn(window, 'open').mockReturnValue(target as unknown as Window) };
}

async function showList(path = `/grievances?${FILTERS}`) {
  renderPage(<GrievanceListPage />, reader, path);
  await screen.findByText('GRV-2025-000012');
  return within(screen.getByRole('group', { name: 'Export grievances' }));
}

/** The publication export of the list shown, with the filters it is run by: the panel opened. */
async function openPublication() {
  const toggle = screen.getByRole('button', { name: /^Search & Filters/ });
  if (toggle.getAttribute('aria-expanded') !== 'true') await userEvent.setup().click(toggle);
  return within(screen.getByRole('group', { name: 'Export for publication' }));
}

async function showPublication() {
  await showList();
  return openPublication();
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

describe('grievance exports', () => {
  it.each([
    ['Excel', 'excel', 'Excel export ready: 42 grievances'],
    ['PDF', 'pdf', 'PDF export ready: 42 grievances'],
    ['Officers', 'officers', 'Officers export ready: 42 officer entries'],
    ['Publication', 'publication', 'Publication export ready: 42 FIRs'],
  ])('%s asks the API for /export/%s with the applied filters and opens the link', async (label, kind, ready) => {
    const { target, replace, open } = fakeWindow();
    let openedFirst = false;
    const fetch = api({
      [`GET /api/grievances/export/${kind}?${FILTERS}`]: () => {
        // The window was opened on the click, before the API answered.
        openedFirst = open.mock.calls.length === 1;
        return link(LINK, 42);
      },
    });
    localStorage.setItem(TOKEN_KEY, 'tok-export');
    const exports = label === 'Publication' ? await showPublication() : await showList();
    const user = userEvent.setup();
    await user.click(exports.getByRole('button', { name: label }));

    expect(await screen.findByText(ready)).toBeInTheDocument();
    expect(openedFirst).toBe(true);
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(target.opener).toBeNull();
    expect(replace).toHaveBeenCalledWith(absolute(LINK));
    const [, init] = fetch.mock.calls.find(([url]) => String(url).includes('/export/'))!;
    // The session goes in the header; the link opened carries none.
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer tok-export');
    expect(replace.mock.calls[0][0]).not.toContain('tok-export');
    expect(fetch.mock.calls.filter(([url]) => String(url).includes('/export/')).map(([url]) => url)).toEqual([
      `/api/grievances/export/${kind}?${FILTERS}`,
    ]);
  });

  it('says on the Publication button that it is the public list of FIRs without withheld or sensitive cases, in English and Hindi', async () => {
    api({});
    const header = await showList();
    expect(header.getAllByRole('button').map((button) => button.textContent)).toEqual(['Excel', 'PDF', 'Officers']);
    const exports = await openPublication();
    expect(exports.getAllByRole('button').map((button) => button.textContent)).toEqual(['Publication']);
    const publication = exports.getByRole('button', { name: 'Publication' });
    expect(publication).toHaveAccessibleDescription("The state's public list of FIRs, without withheld or sensitive cases");
    expect(publication).toHaveAttribute('title', "The state's public list of FIRs, without withheld or sensitive cases");
    // The others' names say what they hold.
    expect(header.getByRole('button', { name: 'Excel' })).not.toHaveAttribute('title');

    await act(() => i18n.changeLanguage('hi'));
    try {
      expect(screen.getByRole('button', { name: 'प्रकाशन' })).toHaveAccessibleDescription(
        'राज्य की एफ़आईआर की सार्वजनिक सूची, रोके गए और संवेदनशील मामलों के बिना',
      );
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it("falls back to 'Failed to export the public list of FIRs' without a server message", async () => {
    const { close } = fakeWindow();
    api({ [`GET /api/grievances/export/publication?${FILTERS}`]: () => new Response('', { status: 500 }) });
    const exports = await showPublication();
    await userEvent.setup().click(exports.getByRole('button', { name: 'Publication' }));
    expect(await screen.findByText('Failed to export the public list of FIRs')).toBeInTheDocument();
    expect(close).toHaveBeenCalled();
  });

  it('exports the whole list without a query string when no filter is set, and opens an S3 link as it is', async () => {
    const { replace } = fakeWindow();
    const s3 = 'https://exports.s3.ap-south-1.amazonaws.com/x/grievances.pdf?X-Amz-Signature=abc&X-Amz-Expires=300';
    api({ 'GET /api/grievances/export/pdf': () => link(s3, 1) });
    const exports = await showList('/grievances');
    await userEvent.setup().click(exports.getByRole('button', { name: 'PDF' }));
    expect(await screen.findByText('PDF export ready: 1 grievance')).toBeInTheDocument();
    expect(replace).toHaveBeenCalledWith(s3);
  });

  it("shows 'Exporting...' on the busy button and disables it until the API answers", async () => {
    const { target } = fakeWindow();
    const answer = deferred<Response>();
    const fetch = api({ [`GET /api/grievances/export/excel?${FILTERS}`]: () => answer.promise });
    const exports = await showList();
    const user = userEvent.setup();
    await user.click(exports.getByRole('button', { name: 'Excel' }));
    // The new window says what it waits for, never blank.
    const preparing = 'Preparing the Excel export… This window shows the file as soon as it is ready.';
    expect(target.document.title).toBe(preparing);
    expect(target.document.body.querySelector('p[role="status"]')?.textContent).toBe(preparing);

    const busy = await exports.findByRole('button', { name: 'Excel: Exporting...' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveTextContent('Exporting...');
    expect(busy).toHaveAttribute('aria-busy', 'true');
    // The other exports stay available.
    expect(exports.getByRole('button', { name: 'PDF' })).toBeEnabled();
    await user.click(busy);
    expect(fetch.mock.calls.filter(([url]) => String(url).includes('/export/'))).toHaveLength(1);

    answer.resolve(link(LINK, 3));
    expect(await screen.findByText('Excel export ready: 3 grievances')).toBeInTheDocument();
    expect(exports.getByRole('button', { name: 'Excel' })).toBeEnabled();
    expect(exports.queryByText('Exporting...')).not.toBeInTheDocument();
  });

  it('follows an export written in the background: progress on the button and in the window, then the link', async () => {
    const { target, replace } = fakeWindow();
    const job = { job_id: '0123456789abcdef0123456789abcdef', status_url: '/api/exports/jobs/0123456789abcdef0123456789abcdef', expected_rows: 120000 };
    const statuses = [
      { status: 'preparing', rows: 48000, expected_rows: 120000, link: null, error: null },
      { status: 'ready', rows: 120000, expected_rows: 120000, link: { url: LINK, expires_at: '2026-01-01T00:00:00Z', rows: 120000 }, error: null },
    ];
    const fetch = api({
      [`GET /api/grievances/export/excel?${FILTERS}`]: () => jsonResponse(202, job),
      [`GET /api/exports/jobs/${job.job_id}`]: () => jsonResponse(200, statuses.shift()),
    });
    const exports = await showList();
    await userEvent.setup().click(exports.getByRole('button', { name: 'Excel' }));

    expect(await exports.findByRole('button', { name: 'Excel: Exporting... 48,000 of 1,20,000 written' })).toBeDisabled();
    expect(target.document.body.querySelector('p[role="status"]')?.textContent).toBe(
      'Preparing the Excel export… This window shows the file as soon as it is ready. 48,000 of 1,20,000 written',
    );
    expect(await screen.findByText('Excel export ready: 1,20,000 grievances')).toBeInTheDocument();
    expect(replace).toHaveBeenCalledWith(absolute(LINK));
    expect(fetch.mock.calls.filter(([url]) => String(url).startsWith('/api/exports/jobs/'))).toHaveLength(2);
    expect(exports.getByRole('button', { name: 'Excel' })).toBeEnabled();
  });

  it("says why a background export failed, in the reader's words, and closes the window", async () => {
    const { close } = fakeWindow();
    const job = { job_id: 'fedcba9876543210fedcba9876543210', status_url: '/api/exports/jobs/fedcba9876543210fedcba9876543210', expected_rows: null };
    api({
      [`GET /api/grievances/export/pdf?${FILTERS}`]: () => jsonResponse(202, job),
      [`GET /api/exports/jobs/${job.job_id}`]: () =>
        jsonResponse(200, { status: 'failed', rows: 10000, expected_rows: null, link: null, error: { error: 'The export could not be finished. Please export again.', code: 'EXPORT_FAILED', params: {} } }),
    });
    const exports = await showList();
    await userEvent.setup().click(exports.getByRole('button', { name: 'PDF' }));
    expect(await screen.findByText('The export could not be finished. Please export again.')).toBeInTheDocument();
    expect(close).toHaveBeenCalled();
  });

  it("shows the server's error, closes the blank window and opens nothing", async () => {
    const { close, replace } = fakeWindow();
    api({
      [`GET /api/grievances/export/officers?${FILTERS}`]: () =>
        jsonResponse(403, { error: 'You do not have permission to read grievances' }, 'Forbidden'),
    });
    const exports = await showList();
    await userEvent.setup().click(exports.getByRole('button', { name: 'Officers' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You do not have permission to read grievances');
    expect(alert).toHaveClass('page-notice');
    expect(close).toHaveBeenCalled();
    expect(replace).not.toHaveBeenCalled();
    expect(exports.getByRole('button', { name: 'Officers' })).toBeEnabled();
    expect(screen.queryByText(/export ready/)).not.toBeInTheDocument();
  });

  it("falls back to 'Failed to export the PDF report' without a server message, and clears it on the next export", async () => {
    fakeWindow();
    api({
      [`GET /api/grievances/export/pdf?${FILTERS}`]: () => new Response('', { status: 500 }),
      [`GET /api/grievances/export/excel?${FILTERS}`]: () => link(LINK, 2),
    });
    const exports = await showList();
    const user = userEvent.setup();
    await user.click(exports.getByRole('button', { name: 'PDF' }));
    expect(await screen.findByText('Failed to export the PDF report')).toBeInTheDocument();

    await user.click(exports.getByRole('button', { name: 'Excel' }));
    expect(await screen.findByText('Excel export ready: 2 grievances')).toBeInTheDocument();
    expect(screen.queryByText('Failed to export the PDF report')).not.toBeInTheDocument();
  });

  it('says so when the answer carries no link', async () => {
    const { close } = fakeWindow();
    api({ [`GET /api/grievances/export/excel?${FILTERS}`]: () => jsonResponse(200, { rows: 3 }) });
    const exports = await showList();
    await userEvent.setup().click(exports.getByRole('button', { name: 'Excel' }));
    expect(await screen.findByText('The server did not send a download link')).toBeInTheDocument();
    expect(close).toHaveBeenCalled();
  });

  it('downloads through a hidden link in the page when the browser blocked the window', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const clicked: { href: string; download: string; inPage: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.getAttribute('download') ?? '(none)', inPage: this.isConnected });
    });
    api({ [`GET /api/grievances/export/excel?${FILTERS}`]: () => link(LINK, 7) });
    const exports = await showList();
    await userEvent.setup().click(exports.getByRole('button', { name: 'Excel' }));

    expect(await screen.findByText('Excel export ready: 7 grievances')).toBeInTheDocument();
    expect(open).toHaveBeenCalledTimes(1);
    expect(clicked).toEqual([{ href: absolute(LINK), download: '', inPage: true }]);
    // The link was only there for the click.
    await waitFor(() => expect(document.querySelector(`a[href="${absolute(LINK)}"]`)).toBeNull());
  });
});
