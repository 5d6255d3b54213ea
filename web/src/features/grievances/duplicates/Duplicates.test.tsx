// Duplicate warnings on the grievance form: the 'Possible duplicates' panel lists
// what the server names for the values typed, with links; a FIR number already recorded at
// the station that year is saved only as 'This is a different case' (confirm_duplicate),
// also after the server refuses it (409 DUPLICATE_FIR); similar complaints only warn.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Duplicates } from '../../../api/types';
import { i18n } from '../../../i18n';
import { mockApi, sentBodies } from '../../../test/api-mock';
import { entry, jsonResponse, makeUser } from '../../../test/fixtures';
import { listHandlers, makeDuplicate, makeGrievance } from '../../../test/grievance-fixtures';
import { renderPage } from '../../../test/render-page';
import GrievanceFormPage from '../GrievanceFormPage';
import { probeOf, wordCount } from './duplicates';
import { emptyForm } from '../grievance-form';

// The form is long: typing into it takes a while on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const clerk = makeUser({
  role_name: 'Clerk',
  permissions: [entry('grievances', { can_read: true, can_create: true, can_update: true })],
});

const CHECK = '/api/grievances/duplicates';

const none = (): Duplicates => ({ same_fir: [], similar: [] });
const sameFir = (): Duplicates => ({ same_fir: [makeDuplicate()], similar: [] });
const similarOnly = (): Duplicates => ({
  same_fir: [],
  similar: [makeDuplicate({ id: 5, grievance_number: 'GRV-2025-000005', fir_no: 'FIR/2025-60', fir_date: '2024-12-30', status: 'In Progress', likeness: 0.83 })],
});

const DUPLICATE_FIR = {
  error: 'FIR FIR/2025-77 of Civil Lines in 2025 is already recorded as GRV-2025-000003. Check it, or confirm that this is another case.',
  code: 'DUPLICATE_FIR',
  params: { fir_no: 'FIR/2025-77', station: 'Civil Lines', year: '2025', number: 'GRV-2025-000003' },
};

/** The new-grievance form, the duplicates answered by `answer()` and a POST by `created()`. */
function renderNew(answer: () => Duplicates, created: (body: unknown) => Response = (body) => saved(body)) {
  const fetch = mockApi({
    ...listHandlers(),
    [`POST ${CHECK}`]: () => jsonResponse(200, answer()),
    'POST /api/grievances': created,
  });
  const view = renderPage(<GrievanceFormPage />, clerk, '/grievances/new', '/grievances/new');
  return { fetch, ...view };
}

const saved = (body: unknown) =>
  jsonResponse(201, { success: true, data: makeGrievance({ ...(body as object), id: 40, grievance_number: 'GRV-2025-000040' }) });

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^FIR Number/), 'FIR/2025-77');
  await user.type(screen.getByLabelText(/^FIR Date/), '2025-01-05');
  await user.type(screen.getByLabelText(/^Section & Act/), '420 IPC');
  await waitFor(() => expect(screen.getByRole('option', { name: 'Burglary' })).toBeInTheDocument());
  await user.selectOptions(screen.getByLabelText(/^Crime Title/), 'Burglary');
  await user.selectOptions(screen.getByLabelText(/^District/), 'North District');
  await user.selectOptions(screen.getByLabelText(/^Police Station/), 'Civil Lines');
  await user.type(screen.getByLabelText(/^Brief Details/), 'Money taken for a job that never came.');
}

const panel = () => screen.findByRole('region', { name: 'Possible duplicates' });
const differentCase = () => screen.getByRole('checkbox', { name: 'This is a different case' });

describe('duplicate warnings on the grievance form', () => {
  it('asks with the values typed once station and FIR number are there, and lists the duplicates with links', async () => {
    const { fetch } = renderNew(() => ({ same_fir: sameFir().same_fir, similar: similarOnly().similar }));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^FIR Number/), 'FIR/2025-77');
    await user.type(screen.getByLabelText(/^FIR Date/), '2025-01-05');
    // Nothing to compare without a police station.
    await new Promise((done) => setTimeout(done, 600));
    expect(sentBodies(fetch, 'POST', CHECK)).toEqual([]);
    await waitFor(() => expect(screen.getByRole('option', { name: 'Civil Lines' })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText(/^Police Station/), 'Civil Lines');

    const region = await panel();
    expect(sentBodies(fetch, 'POST', CHECK).at(-1)).toEqual({
      police_station: 'Civil Lines',
      fir_no: 'FIR/2025-77',
      fir_date: '2025-01-05',
      brief_details: '',
    });
    expect(within(region).getByRole('heading', { level: 2, name: 'Possible duplicates' })).toBeInTheDocument();

    const same = within(region).getByRole('list', { name: 'Same FIR number at this police station this year' });
    const first = within(same).getByRole('listitem');
    const link = within(first).getByRole('link', { name: /GRV-2025-000003/ });
    expect(link).toHaveAttribute('href', '/grievances/3');
    expect(link).toHaveAttribute('target', '_blank');
    expect(first).toHaveTextContent('FIR FIR/2025-77 of 2 Jan 2025');
    expect(first).toHaveTextContent('Civil Lines');
    expect(first).toHaveTextContent('Pending');
    expect(differentCase()).not.toBeChecked();

    const similar = within(region).getByRole('list', { name: 'Similar recent complaints at this police station' });
    const other = within(similar).getByRole('listitem');
    expect(within(other).getByRole('link', { name: /GRV-2025-000005/ })).toHaveAttribute('href', '/grievances/5');
    expect(other).toHaveTextContent('FIR FIR/2025-60 of 30 Dec 2024');
    expect(other).toHaveTextContent('In Progress');
    expect(other).toHaveTextContent('83% alike');
  });

  it("stops Save while a same-FIR grievance is listed, until 'This is a different case' is ticked, then sends confirm_duplicate", async () => {
    const { fetch, router } = renderNew(sameFir);
    const user = userEvent.setup();
    await fillRequired(user);
    await panel();
    await user.click(screen.getByRole('button', { name: 'Create Grievance' }));

    expect(
      screen.getByText(
        "This FIR number is already recorded at this police station this year. Check the grievance listed, or tick 'This is a different case' to save.",
      ),
    ).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/grievances')).toEqual([]);
    await waitFor(() => expect(differentCase()).toHaveFocus());
    expect(differentCase()).toHaveAttribute('aria-invalid', 'true');
    expect(differentCase()).toHaveAccessibleDescription('Tick this to save the grievance as another case.');

    await user.click(differentCase());
    await user.click(screen.getByRole('button', { name: 'Create Grievance' }));
    expect(await screen.findByText('Saved successfully!')).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/grievances')).toEqual([
      expect.objectContaining({ fir_no: 'FIR/2025-77', police_station: 'Civil Lines', confirm_duplicate: true }),
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/grievances/40'));
  });

  it("on 409 DUPLICATE_FIR shows the server's message, asks again and offers 'This is a different case'", async () => {
    // The check has not found it yet (another officer filed it a moment ago); asked again, it has.
    let found = false;
    const { fetch } = renderNew(
      () => (found ? sameFir() : none()),
      (body) => {
        if ((body as { confirm_duplicate?: boolean }).confirm_duplicate) return saved(body);
        found = true;
        return jsonResponse(409, DUPLICATE_FIR, 'Conflict');
      },
    );
    const user = userEvent.setup();
    await fillRequired(user);
    await waitFor(() => expect(sentBodies(fetch, 'POST', CHECK).length).toBeGreaterThan(0));
    const asked = () => sentBodies(fetch, 'POST', CHECK).length;
    await new Promise((done) => setTimeout(done, 600));
    const before = asked();
    expect(screen.queryByRole('region', { name: 'Possible duplicates' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create Grievance' }));
    expect(await screen.findByText(DUPLICATE_FIR.error)).toBeInTheDocument();
    // Not the stale-version conflict: no reload offered.
    expect(screen.queryByRole('button', { name: /Reload grievance/ })).not.toBeInTheDocument();
    const region = await panel();
    await waitFor(() => expect(asked()).toBe(before + 1));
    expect(await within(region).findByRole('link', { name: /GRV-2025-000003/ })).toHaveAttribute('href', '/grievances/3');
    await waitFor(() => expect(differentCase()).toHaveFocus());

    await user.click(differentCase());
    await user.click(screen.getByRole('button', { name: 'Create Grievance' }));
    expect(await screen.findByText('Saved successfully!')).toBeInTheDocument();
    const posts = sentBodies(fetch, 'POST', '/api/grievances');
    expect(posts).toHaveLength(2);
    expect(posts[0]).not.toHaveProperty('confirm_duplicate');
    expect(posts[1]).toMatchObject({ confirm_duplicate: true });
  });

  it('shows the 409 DUPLICATE_FIR message in Hindi by its code', async () => {
    await act(() => i18n.changeLanguage('hi'));
    renderNew(none, () => jsonResponse(409, DUPLICATE_FIR, 'Conflict'));
    const user = userEvent.setup();
    const field = (key: string) => screen.getByLabelText(new RegExp(`^${i18n.t(`grievances:field.${key}`)}`));
    await user.type(field('fir_no'), 'FIR/2025-77');
    await user.type(field('fir_date'), '2025-01-05');
    await user.type(field('section_and_act'), '420 IPC');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Burglary' })).toBeInTheDocument());
    await user.selectOptions(field('crime_title'), 'Burglary');
    await user.selectOptions(field('district'), 'North District');
    await user.selectOptions(field('police_station'), 'Civil Lines');
    await user.type(field('brief_details'), 'Money taken for a job that never came.');
    await user.click(screen.getByRole('button', { name: i18n.t('grievances:form.create') }));
    expect(
      await screen.findByText('Civil Lines की 2025 की FIR FIR/2025-77 पहले से GRV-2025-000003 के रूप में दर्ज है। उसे देखें, या पुष्टि करें कि यह अलग मामला है।'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'यह अलग मामला है' })).toBeInTheDocument();
  });

  it('lists similar complaints without stopping Save, and sends no confirmation', async () => {
    const { fetch } = renderNew(similarOnly);
    const user = userEvent.setup();
    await fillRequired(user);
    const region = await panel();
    expect(within(region).getByRole('link', { name: /GRV-2025-000005/ })).toBeInTheDocument();
    expect(within(region).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', CHECK).at(-1)).toMatchObject({ brief_details: 'Money taken for a job that never came.' });

    await user.click(screen.getByRole('button', { name: 'Create Grievance' }));
    expect(await screen.findByText('Saved successfully!')).toBeInTheDocument();
    const [body] = sentBodies(fetch, 'POST', '/api/grievances');
    expect(body).toMatchObject({ fir_no: 'FIR/2025-77' });
    expect(body).not.toHaveProperty('confirm_duplicate');
  });

  it('on an edit asks with its id; a FIR number kept does not need the confirmation, one changed onto a recorded one does', async () => {
    const fetch = mockApi({
      ...listHandlers(),
      'GET /api/grievances/12': () => jsonResponse(200, { success: true, data: makeGrievance() }),
      [`POST ${CHECK}`]: (body) =>
        jsonResponse(200, {
          same_fir: [makeDuplicate({ id: 9, grievance_number: 'GRV-2025-000009', fir_no: (body as { fir_no: string }).fir_no, police_station: 'City Kotwali' })],
          similar: [],
        }),
      'PUT /api/grievances/12': (body) => jsonResponse(200, { success: true, data: makeGrievance({ ...(body as object), version: 4 }) }),
    });
    renderPage(<GrievanceFormPage />, clerk, '/grievances/edit/12', '/grievances/edit/:id');
    const region = await panel();
    expect(sentBodies(fetch, 'POST', CHECK)[0]).toEqual({
      police_station: 'City Kotwali',
      fir_no: 'FIR/2025-012',
      fir_date: '2025-01-10',
      brief_details: 'Motorcycle stolen from the market parking.',
      id: 12,
    });
    expect(within(region).getByRole('link', { name: /GRV-2025-000009/ })).toBeInTheDocument();
    expect(within(region).getByText('Saving needs no confirmation while the FIR number and its year stay as they are.')).toBeInTheDocument();
    expect(within(region).queryByRole('checkbox')).not.toBeInTheDocument();

    const user = userEvent.setup();
    const firNo = screen.getByLabelText(/^FIR Number/);
    await user.clear(firNo);
    await user.type(firNo, 'FIR/2025-099');
    expect(await screen.findByRole('checkbox', { name: 'This is a different case' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Update Grievance' }));
    expect(sentBodies(fetch, 'PUT', '/api/grievances/12')).toEqual([]);
    await user.click(differentCase());
    await user.click(screen.getByRole('button', { name: 'Update Grievance' }));
    expect(await screen.findByText('Saved successfully!')).toBeInTheDocument();
    expect(sentBodies(fetch, 'PUT', '/api/grievances/12')).toEqual([
      expect.objectContaining({ fir_no: 'FIR/2025-099', version: 3, confirm_duplicate: true }),
    ]);
  });
});

describe('what the duplicates check is asked with', () => {
  it('counts words as the server does, Hindi vowel signs within a word', () => {
    expect(wordCount('मोटरसाइकिल बाजार की चोरी')).toBe(4);
    // A virama is no letter to the server either: it splits the word there too.
    expect(wordCount('पार्किंग')).toBe(2);
    expect(wordCount('two-wheeler, stolen!')).toBe(3);
    expect(wordCount('  ')).toBe(0);
  });

  it('needs a police station, and a FIR number or brief details of three words', () => {
    const values = { ...emptyForm(), fir_no: ' SB-12/2026 ', fir_date: '2026-02-14' };
    expect(probeOf(values)).toBeNull();
    expect(probeOf({ ...values, police_station: 'Sadar Bazar' }, 7)).toEqual({
      police_station: 'Sadar Bazar',
      fir_no: 'SB-12/2026',
      fir_date: '2026-02-14',
      brief_details: '',
      id: 7,
    });
    const text = { ...emptyForm(), police_station: 'Sadar Bazar' };
    expect(probeOf({ ...text, brief_details: 'Phone snatched' })).toBeNull();
    expect(probeOf({ ...text, brief_details: 'Phone snatched outside' })).toMatchObject({ brief_details: 'Phone snatched outside' });
  });
});
