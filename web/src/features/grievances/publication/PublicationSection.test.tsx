// Withholding a case from the state's public list of FIRs, on the grievance's screen.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../../i18n';
import { sentBodies } from '../../../test/api-mock';
import { entry, jsonResponse, makeUser } from '../../../test/fixtures';
import { makeGrievance } from '../../../test/grievance-fixtures';
import { renderDetail } from '../../../test/render-detail';

const reader = makeUser({ id: 7, role_name: 'Reader', permissions: [entry('grievances', { can_read: true, can_update: true })] });
// Seeing every identity and approving closures do not hold it: it is granted by name.
const revealer = makeUser({ id: 7, role_name: 'Inspector', permissions: [entry('grievances', { can_read: true, can_approve: true, can_view_identities: true, can_view_all: true })] });
const holder = makeUser({ id: 9, role_name: 'DSP', permissions: [entry('grievances', { can_read: true, can_withhold_publication: true })] });

const REASON = 'Accused still at large; publishing would warn him';
const MARK = { by: 9, by_name: 'DSP Rawat', at: '2025-02-10T06:30:00Z', reason: REASON };
const published = () => makeGrievance({ publication_withheld: null });
const withheld = () => makeGrievance({ publication_withheld: MARK });

const render = renderDetail;

const section = () => screen.findByRole('region', { name: 'Publication' });
const historyReads = (fetch: ReturnType<typeof render>) => fetch.mock.calls.filter(([url]) => url === '/api/grievances/12/history').length;

describe('withholding from publication', () => {
  afterEach(() => act(() => i18n.changeLanguage('en')));

  it('tells every reader of a withheld case who withheld it, when and why, in English and Hindi, with nothing to change', async () => {
    render(reader, withheld());
    const region = await section();
    expect(within(region).getByRole('note')).toHaveTextContent('Withheld from publication');
    expect(within(region).getByText('Withheld by')).toBeInTheDocument();
    expect(region).toHaveTextContent('DSP Rawat');
    expect(within(region).getByText(REASON)).toBeInTheDocument();
    expect(within(region).queryByRole('button')).not.toBeInTheDocument();

    await act(() => i18n.changeLanguage('hi'));
    const hindi = screen.getByRole('region', { name: 'प्रकाशन' });
    expect(within(hindi).getByRole('note')).toHaveTextContent('प्रकाशन से रोका गया');
    expect(within(hindi).getByText('रोकने वाले')).toBeInTheDocument();
    expect(within(hindi).getByText('रोकने का कारण')).toBeInTheDocument();
  });

  it('shows no section to a reader who may not withhold a case that is not withheld, even one who sees every identity', async () => {
    render(revealer, published());
    await screen.findByRole('region', { name: 'FIR Basic Details' });
    expect(screen.queryByRole('region', { name: 'Publication' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withhold from publication' })).not.toBeInTheDocument();
  });

  it('PUTs the withholding with its reason, then shows the note and says so', async () => {
    const fetch = render(holder, published(), {
      'PUT /api/grievances/12/publication': () => jsonResponse(200, { success: true, data: withheld() }),
    });
    const region = await section();
    expect(region).toHaveTextContent("Not withheld from the state's public list of FIRs.");
    expect(within(region).queryByRole('note')).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(region).getByRole('button', { name: 'Withhold from publication' }));
    const dialog = screen.getByRole('dialog', { name: 'Withhold from publication' });
    expect(dialog).toHaveTextContent("The change is recorded in the case's history with your reason.");

    // Too short: the server's own words for a marking, said before anything is sent.
    await user.type(within(dialog).getByLabelText(/Reason/), 'at large');
    await user.click(within(dialog).getByRole('button', { name: 'Withhold from publication' }));
    expect(within(dialog).getByText('State the reason for the marking, in at least 10 characters')).toBeInTheDocument();
    expect(sentBodies(fetch, 'PUT', '/api/grievances/12/publication')).toEqual([]);

    const before = historyReads(fetch);
    await user.clear(within(dialog).getByLabelText(/Reason/));
    await user.type(within(dialog).getByLabelText(/Reason/), `  ${REASON} `);
    await user.click(within(dialog).getByRole('button', { name: 'Withhold from publication' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentBodies(fetch, 'PUT', '/api/grievances/12/publication')).toEqual([{ withheld: true, reason: REASON }]);

    expect(await within(region).findByRole('note')).toHaveTextContent('Withheld from publication');
    expect(region).toHaveTextContent('DSP Rawat');
    expect(within(region).getByText(REASON)).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Publish again' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Case withheld from publication');
    // The marking is a change of the case: its history is read again.
    await waitFor(() => expect(historyReads(fetch)).toBeGreaterThan(before));
  });

  it("publishes a withheld case again, the server's message for the reason under the field in Hindi", async () => {
    let refuse = true;
    const fetch = render(holder, withheld(), {
      'PUT /api/grievances/12/publication': () =>
        refuse
          ? jsonResponse(400, {
              error: 'Validation failed',
              fields: { reason: 'State the reason for the marking, in at least 10 characters' },
              field_codes: { reason: { code: 'MARK_REASON_REQUIRED', params: { min: 10 } } },
            })
          : jsonResponse(200, { success: true, data: published() }),
    });
    const region = await section();
    await act(() => i18n.changeLanguage('hi'));
    const user = userEvent.setup();
    await user.click(within(region).getByRole('button', { name: 'फिर से प्रकाशित करें' }));
    const dialog = screen.getByRole('dialog', { name: 'फिर से प्रकाशित करें' });
    expect(dialog).toHaveTextContent('यह बदलाव आपके कारण के साथ मामले के इतिहास में दर्ज होता है।');
    await user.type(within(dialog).getByLabelText(/कारण/), 'अभियुक्त गिरफ़्तार हो चुका है');
    await user.click(within(dialog).getByRole('button', { name: 'फिर से प्रकाशित करें' }));
    expect(await within(dialog).findByText('चिह्नित करने का कारण कम से कम 10 अक्षरों में बताएँ')).toBeInTheDocument();

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'फिर से प्रकाशित करें' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentBodies(fetch, 'PUT', '/api/grievances/12/publication')).toEqual([
      { withheld: false, reason: 'अभियुक्त गिरफ़्तार हो चुका है' },
      { withheld: false, reason: 'अभियुक्त गिरफ़्तार हो चुका है' },
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('मामला फिर से प्रकाशित किया गया');
    expect(within(region).queryByRole('note')).not.toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'प्रकाशन से रोकें' })).toBeInTheDocument();
  });

  it("names the marking in the case's history as 'Publication', in English and Hindi", async () => {
    render(reader, withheld(), {
      'GET /api/grievances/12/history': () =>
        jsonResponse(200, {
          success: true,
          data: [
            {
              id: '12-3-0',
              action: 'UPDATED',
              field_name: 'publication_withheld',
              old_value: null,
              new_value: `Withheld from publication by DSP Rawat: ${REASON}`,
              notes: null,
              action_details: null,
              user_name: 'DSP Rawat',
              user_role: 'DSP',
              created_at: '2025-02-10T06:30:00Z',
              grievance_id: 12,
              grievance_number: 'GRV-2025-000012',
            },
          ],
        }),
    });
    const history = await screen.findByRole('list', { name: 'Audit history' });
    expect(within(history).getByText('Publication')).toBeInTheDocument();
    expect(history).toHaveTextContent(`Withheld from publication by DSP Rawat: ${REASON}`);
    await act(() => i18n.changeLanguage('hi'));
    expect(within(history).getByText('प्रकाशन')).toBeInTheDocument();
  });

  it('offers it to the Admin role, and says a sensitive case stays out of the list all the same', async () => {
    render(makeUser({ role_name: 'Admin', permissions: [] }), makeGrievance({ sensitive: true, publication_withheld: null }));
    const region = await section();
    expect(within(region).getByRole('button', { name: 'Withhold from publication' })).toBeInTheDocument();
    expect(region).toHaveTextContent('A sensitive case is left out of the public list of FIRs all the same.');
  });
});
