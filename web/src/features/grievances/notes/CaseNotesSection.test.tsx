import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Note } from '../../../api/types';
import { mockApi, sentBodies } from '../../../test/api-mock';
import { entry, jsonResponse, makeUser } from '../../../test/fixtures';
import { renderPage } from '../../../test/render-page';
import { CaseNotesSection } from './CaseNotesSection';

const reader = makeUser({ role_name: 'Reader', permissions: [entry('grievances', { can_read: true })] });
const editor = makeUser({ role_name: 'Editor', permissions: [entry('grievances', { can_read: true, can_update: true })] });
const NOTES = '/api/grievances/12/notes';

const note = (id: string, text: string, created_at: string, corrects: string | null = null, author_name = 'Asha Verma'): Note => ({
  id,
  grievance_id: 12,
  text,
  corrects,
  author_id: 7,
  author_name,
  created_at,
});

const older = note('n1', 'Complainant visited; statement recorded on 10 Jan.', '2025-01-10T09:00:00Z');
const newer = note('n2', '<b>Bank</b> asked for CCTV footage', '2025-01-12T11:30:00Z', null, 'Ravi Kumar');

function render(user = editor, notes: Note[] = [older, newer]) {
  let current = notes;
  const fetch = mockApi({
    [`GET ${NOTES}`]: () => jsonResponse(200, { success: true, data: current }),
    'GET /api/grievances/12/history': () => jsonResponse(200, { success: true, data: [] }),
    [`POST ${NOTES}`]: (body) => {
      const { text, corrects } = body as { text: string; corrects: string | null };
      const added = note(`n${current.length + 1}`, text, '2025-01-13T08:00:00Z', corrects ?? null);
      current = [added, ...current];
      return jsonResponse(201, { success: true, data: added });
    },
  });
  renderPage(<CaseNotesSection grievanceId={12} canUpdate={user === editor} />, user);
  return fetch;
}

const items = async () => within(await screen.findByRole('list', { name: 'Case notes' })).getAllByRole('listitem');

describe('case notes', () => {
  it('shows the notes newest first with author and time, the text as text', async () => {
    render(reader);
    const [first, second] = await items();
    expect(first).toHaveTextContent('Ravi Kumar');
    expect(first).toHaveTextContent('12 Jan 2025');
    // Markup in a note is shown, never interpreted.
    expect(within(first).getByText('<b>Bank</b> asked for CCTV footage')).toBeInTheDocument();
    expect(first.querySelector('b')).toBeNull();
    expect(second).toHaveTextContent('Complainant visited');
    expect(screen.queryByRole('button', { name: 'Add Note' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Correct / })).not.toBeInTheDocument();
  });

  it("says 'No case notes yet.' without notes", async () => {
    render(reader, []);
    expect(await screen.findByText('No case notes yet.')).toBeInTheDocument();
  });

  it('adds a note, refusing a blank one first', async () => {
    const fetch = render();
    await items();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add Note' }));
    expect(screen.getByText('Write the note before adding it')).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', NOTES)).toEqual([]);

    await user.type(screen.getByLabelText('New Note'), 'Accused identified from the footage.');
    await user.click(screen.getByRole('button', { name: 'Add Note' }));
    expect(await screen.findByText('Note added.')).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', NOTES)).toEqual([{ text: 'Accused identified from the footage.', corrects: null }]);
    await waitFor(async () => expect((await items())[0]).toHaveTextContent('Accused identified from the footage.'));
    expect(screen.getByLabelText('New Note')).toHaveValue('');
  });

  it("corrects a note: 'Correct' starts a correction, shown as such, and the corrected note is marked", async () => {
    const fetch = render();
    const [, oldest] = await items();
    const user = userEvent.setup();
    await user.click(within(oldest).getByRole('button', { name: /^Correct the note of 10 Jan 2025/ }));
    const field = screen.getByLabelText('Correction');
    expect(field).toHaveFocus();
    expect(screen.getByText(/^Correction of the note of 10 Jan 2025/)).toBeInTheDocument();
    await user.type(field, 'Statement was recorded on 11 Jan, not 10 Jan.');
    await user.click(screen.getByRole('button', { name: 'Add Note' }));

    expect(await screen.findByText('Correction added.')).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', NOTES)).toEqual([{ text: 'Statement was recorded on 11 Jan, not 10 Jan.', corrects: 'n1' }]);
    await waitFor(async () => expect(await items()).toHaveLength(3));
    const [correction, , corrected] = await items();
    expect(correction).toHaveTextContent(/Correction of the note of 10 Jan 2025/);
    expect(within(corrected).getByText('Corrected')).toBeInTheDocument();
    // Back to a plain note.
    expect(screen.getByLabelText('New Note')).toBeInTheDocument();
  });

  it("shows the server's refusal", async () => {
    mockApi({
      [`GET ${NOTES}`]: () => jsonResponse(200, { success: true, data: [older] }),
      [`POST ${NOTES}`]: () => jsonResponse(400, { error: 'The note being corrected was not found' }),
    });
    renderPage(<CaseNotesSection grievanceId={12} canUpdate />, editor);
    await items();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New Note'), 'Something');
    await user.click(screen.getByRole('button', { name: 'Add Note' }));
    expect(await screen.findByText('The note being corrected was not found')).toBeInTheDocument();
  });
});
