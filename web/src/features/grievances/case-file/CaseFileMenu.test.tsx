// 'Case file' on the grievance's screen: each language asks the API (bearer header) for the
// file's signed link and opens it as the list's exports do; a refusal is said on the screen.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TOKEN_KEY } from '../../../api/token-store';
import { entry, jsonResponse, makeUser } from '../../../test/fixtures';
import { makeGrievance } from '../../../test/grievance-fixtures';
import { renderDetail } from '../../../test/render-detail';

const reader = makeUser({ permissions: [entry('grievances', { can_read: true })] });
const LINK = '/api/exports/files/9c1e.pdf?name=GRV-2025-000012.pdf&type=application%2Fpdf&expires=1767225600&signature=ef56';
const absolute = (path: string) => new URL(path, window.location.href).href;

const link = (url = LINK) => jsonResponse(200, { url, expires_at: '2026-01-01T00:00:00Z', rows: 1 });

/** A window as window.open returns it: blank, same-origin, with a document of its own. */
function fakeWindow() {
  const replace = vi.fn();
  const close = vi.fn();
  const target = { opener: {}, closed: false, location: { replace }, close, document: document.implementation.createHTMLDocument('') };
  return { target, replace, close, open: vi.spyOn(window, 'open').mockReturnValue(target as unknown as Window) };
}

async function choose(language: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Case file' }));
  await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: language }));
}

afterEach(() => vi.restoreAllMocks());

describe('the case file', () => {
  it.each([
    ['English', 'en'],
    ['हिन्दी', 'hi'],
  ])('in %s asks for its link with the bearer header and opens it in a window opened on the click', async (label, lang) => {
    localStorage.setItem(TOKEN_KEY, 'tok-case');
    const { target, replace, open } = fakeWindow();
    let openedFirst = false;
    const fetch = renderDetail(reader, makeGrievance(), {
      [`GET /api/grievances/12/case-file?lang=${lang}`]: () => {
        // The window was opened on the click, before the API answered.
        openedFirst = open.mock.calls.length === 1;
        return link();
      },
    });
    await choose(label);
    await waitFor(() => expect(replace).toHaveBeenCalledWith(absolute(LINK)));
    expect(openedFirst).toBe(true);
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(target.opener).toBeNull();
    // While the API answers, the window says what it waits for.
    expect(target.document.body.textContent).toBe('Preparing the case file...');
    const calls = fetch.mock.calls.filter(([url]) => String(url).includes('/case-file'));
    expect(calls.map(([url]) => url)).toEqual([`/api/grievances/12/case-file?lang=${lang}`]);
    // The session goes in the header; the link opened carries none.
    expect(new Headers(calls[0][1]?.headers).get('Authorization')).toBe('Bearer tok-case');
    expect(replace.mock.calls[0][0]).not.toContain('tok-case');
    expect(await screen.findByRole('button', { name: 'Case file' })).toBeEnabled();
  });

  it('opens an S3 link as it is', async () => {
    const { replace } = fakeWindow();
    const s3 = 'https://exports.s3.ap-south-1.amazonaws.com/x/case.pdf?X-Amz-Signature=abc&X-Amz-Expires=300';
    renderDetail(reader, makeGrievance(), { 'GET /api/grievances/12/case-file?lang=en': () => link(s3) });
    await choose('English');
    await waitFor(() => expect(replace).toHaveBeenCalledWith(s3));
  });

  it('downloads through a hidden link in the page when the browser blocked the window', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const clicked: { href: string; download: string; inPage: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.getAttribute('download') ?? '(none)', inPage: this.isConnected });
    });
    renderDetail(reader, makeGrievance(), { 'GET /api/grievances/12/case-file?lang=hi': () => link() });
    await choose('हिन्दी');
    await waitFor(() => expect(clicked).toEqual([{ href: absolute(LINK), download: '', inPage: true }]));
  });

  it("shows the server's refusal, else 'Failed to download the case file', and closes the waiting window", async () => {
    const { close, replace } = fakeWindow();
    let answer = jsonResponse(403, { error: 'You do not have permission to do this' }, 'Forbidden');
    renderDetail(reader, makeGrievance(), { 'GET /api/grievances/12/case-file?lang=en': () => answer });
    await choose('English');
    expect(await screen.findByText('You do not have permission to do this')).toBeInTheDocument();
    expect(close).toHaveBeenCalledTimes(1);
    answer = new Response('', { status: 500 });
    await choose('English');
    expect(await screen.findByText('Failed to download the case file')).toBeInTheDocument();
    expect(close).toHaveBeenCalledTimes(2);
    expect(replace).not.toHaveBeenCalled();
  });

  it('says the server sent no link when its answer has none', async () => {
    const { close } = fakeWindow();
    renderDetail(reader, makeGrievance(), { 'GET /api/grievances/12/case-file?lang=en': () => jsonResponse(200, { rows: 1 }) });
    await choose('English');
    expect(await screen.findByText('The server did not send a download link')).toBeInTheDocument();
    expect(close).toHaveBeenCalled();
  });
});
