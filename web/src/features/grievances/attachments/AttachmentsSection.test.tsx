import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Attachment } from '../../../api/types';
import { TOKEN_KEY } from '../../../api/token-store';
import { mockApi, sentBodies } from '../../../test/api-mock';
import { FakeXhr } from '../../../test/fake-xhr';
import { entry, jsonResponse, makeUser } from '../../../test/fixtures';
import { renderPage } from '../../../test/render-page';
import { AttachmentsSection } from './AttachmentsSection';

const reader = makeUser({ role_name: 'Reader', permissions: [entry('grievances', { can_read: true })] });
const editor = makeUser({ role_name: 'Editor', permissions: [entry('grievances', { can_read: true, can_update: true })] });

const LIST = '/api/grievances/12/attachments';
const TICKETS = '/api/grievances/12/attachments/uploads';
const PUT_URL = '/api/attachments/files/up-1?expires=1767225600&signature=ab12';

function attachment(overrides: Partial<Attachment> = {}): Attachment {
  return {
    id: 'att-1',
    grievance_id: 12,
    file_name: 'statement.pdf',
    content_type: 'application/pdf',
    size: 250 * 1024,
    uploaded_by: 7,
    uploaded_by_name: 'Asha Verma',
    uploaded_at: '2025-01-12T10:00:00Z',
    ...overrides,
  };
}

const ticket = {
  upload_id: 'up-1',
  url: PUT_URL,
  method: 'PUT',
  // The server would never name Authorization; the SPA drops it anyway.
  headers: { 'Content-Type': 'application/pdf', Authorization: 'Bearer leaked' },
  expires_at: '2026-01-01T00:00:00Z',
};

function render(user = editor, handlers: Parameters<typeof mockApi>[0] = {}, listed: Attachment[] = [attachment()]) {
  let current = listed;
  const fetch = mockApi({
    [`GET ${LIST}`]: () => jsonResponse(200, { success: true, data: current }),
    'GET /api/grievances/12/history': () => jsonResponse(200, { success: true, data: [] }),
    [`POST ${TICKETS}`]: () => jsonResponse(201, ticket),
    [`POST ${LIST}`]: (body) => {
      const added = attachment({ id: 'att-2', file_name: (body as { file_name: string }).file_name, size: 9 });
      current = [added, ...current];
      return jsonResponse(201, { success: true, data: added });
    },
    ...handlers,
  });
  renderPage(
    <>
      <h2 id="attachments">Attachments</h2>
      <AttachmentsSection grievanceId={12} canUpdate={user === editor} headingId="attachments" />
    </>,
    user,
  );
  return fetch;
}

const pdf = () => new File(['%PDF-1.4 tiny'], 'scan.pdf', { type: 'application/pdf' });
const chooseFiles = async (...files: File[]) =>
  userEvent.setup({ applyAccept: false }).upload(screen.getByLabelText('Files to attach'), files);

describe('attachments', () => {
  beforeEach(() => FakeXhr.install());

  it('lists name, type, size, uploader and time, with Download and Delete for an editor', async () => {
    render();
    const table = await screen.findByRole('table', { name: 'Attachments' });
    const row = within(table).getAllByRole('row')[1];
    expect(row).toHaveTextContent('statement.pdf');
    expect(row).toHaveTextContent('PDF');
    expect(row).toHaveTextContent('250.0 KB');
    expect(row).toHaveTextContent('Asha Verma');
    expect(row).toHaveTextContent('12 Jan 2025');
    expect(within(row).getByRole('button', { name: 'Download statement.pdf' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Delete statement.pdf' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose files' })).toBeInTheDocument();
  });

  it('gives a reader Download only: no Delete and no drop zone', async () => {
    render(reader);
    await screen.findByRole('table', { name: 'Attachments' });
    expect(screen.getByRole('button', { name: 'Download statement.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Choose files' })).not.toBeInTheDocument();
  });

  it("says 'No attachments yet.' when there are none", async () => {
    render(editor, {}, []);
    expect(await screen.findByText('No attachments yet.')).toBeInTheDocument();
  });

  it('asks for a ticket, PUTs the bytes with its headers but no Authorization, shows progress, confirms and refreshes', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok-session');
    const fetch = render();
    await screen.findByRole('table', { name: 'Attachments' });
    const file = pdf();
    await chooseFiles(file);

    await waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    expect(sentBodies(fetch, 'POST', TICKETS)).toEqual([{ file_name: 'scan.pdf', content_type: 'application/pdf', size: file.size }]);
    const xhr = FakeXhr.requests[0];
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe(PUT_URL);
    expect(xhr.body).toBe(file);
    expect(xhr.headers).toEqual({ 'Content-Type': 'application/pdf' });

    act(() => xhr.progress(6, 10));
    const bar = await screen.findByRole('progressbar', { name: 'scan.pdf' });
    await waitFor(() => expect(bar).toHaveAttribute('value', '60'));
    expect(screen.getByText('Uploading... 60%')).toBeInTheDocument();

    act(() => xhr.respond(200));
    expect(await screen.findByText('scan.pdf attached.')).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', LIST)).toEqual([{ upload_id: 'up-1', file_name: 'scan.pdf' }]);
    const table = screen.getByRole('table', { name: 'Attachments' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('scan.pdf');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    // The ticket and confirm calls carry the session; the PUT does not.
    const ticketCall = fetch.mock.calls.find(([url]) => url === TICKETS)!;
    expect(new Headers(ticketCall[1]?.headers).get('Authorization')).toBe('Bearer tok-session');
  });

  it('takes dropped files too', async () => {
    render();
    await screen.findByRole('table', { name: 'Attachments' });
    FakeXhr.onSend = (xhr) => xhr.respond(200);
    const zone = screen.getByText(/Drag PDF, JPEG or PNG files here/).closest('.drop-zone')!;
    const dataTransfer = { files: [pdf()], types: ['Files'], dropEffect: 'none' };
    fireEvent.dragOver(zone, { dataTransfer });
    expect(zone).toHaveClass('is-over');
    fireEvent.drop(zone, { dataTransfer });
    expect(await screen.findByText('scan.pdf attached.')).toBeInTheDocument();
    expect(zone).not.toHaveClass('is-over');
  });

  it("refuses another type and a file over 20 MB before sending anything, with the server's messages", async () => {
    const fetch = render();
    await screen.findByRole('table', { name: 'Attachments' });
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    const big = new File(['%PDF-1.4'], 'huge.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 20 * 1024 * 1024 + 1 });
    await chooseFiles(text, big);

    const uploads = screen.getByRole('list', { name: 'Uploads' });
    expect(await within(uploads).findByText('Only PDF, JPEG and PNG files can be attached')).toBeInTheDocument();
    expect(within(uploads).getByText('Files may be at most 20 MB')).toBeInTheDocument();
    expect(within(uploads).getByText('notes.txt')).toBeInTheDocument();
    expect(within(uploads).getByText('huge.pdf')).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([url]) => url === TICKETS)).toHaveLength(0);
    expect(FakeXhr.requests).toHaveLength(0);

    // Dismissed one by one.
    await userEvent.setup().click(within(uploads).getAllByRole('button', { name: /dismiss/i })[0]);
    expect(within(screen.getByRole('list', { name: 'Uploads' })).queryByText('notes.txt')).not.toBeInTheDocument();
  });

  it("shows the server's refusal of the content as it comes, and of a refused PUT", async () => {
    render(editor, {
      [`POST ${LIST}`]: () => jsonResponse(400, { error: 'Only PDF, JPEG and PNG files can be attached' }),
    });
    await screen.findByRole('table', { name: 'Attachments' });
    FakeXhr.onSend = (xhr) => xhr.respond(200);
    await chooseFiles(new File(['not a pdf'], 'fake.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Only PDF, JPEG and PNG files can be attached')).toBeInTheDocument();

    FakeXhr.onSend = (xhr) => xhr.respond(413, { error: 'Files may be at most 20 MB' }, 'Payload Too Large');
    await chooseFiles(pdf());
    expect(await screen.findByText('Files may be at most 20 MB')).toBeInTheDocument();

    FakeXhr.onSend = (xhr) => xhr.respond(403);
    await chooseFiles(new File(['%PDF-1.4'], 'late.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Failed to upload late.pdf')).toBeInTheDocument();
  });

  it('downloads through the signed link in a window opened on the click', async () => {
    const replace = vi.fn();
    const target = { opener: {}, closed: false, location: { replace }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(target as unknown as Window);
    const link = '/api/attachments/files/att-1?expires=1767225600&signature=cd34';
    render(reader, {
      'GET /api/grievances/12/attachments/att-1/link': () =>
        jsonResponse(200, { url: link, expires_at: '2026-01-01T00:00:00Z', rows: 1 }),
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download statement.pdf' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith(new URL(link, window.location.href).href));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(target.opener).toBeNull();
  });

  it("asks before deleting, deletes and says so; the server's error is shown", async () => {
    let answer = jsonResponse(200, { success: true, message: 'Attachment deleted successfully' });
    const fetch = render(editor, { 'DELETE /api/grievances/12/attachments/att-1': () => answer });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete statement.pdf' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Attachment' });
    expect(dialog).toHaveTextContent('Delete statement.pdf? This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('statement.pdf deleted.')).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([url, init]) => init?.method === 'DELETE' && String(url).endsWith('/att-1'))).toHaveLength(1);

    answer = jsonResponse(404, { error: 'Attachment not found' });
    await user.click(screen.getByRole('button', { name: 'Delete statement.pdf' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Attachment not found')).toBeInTheDocument();
  });
});
