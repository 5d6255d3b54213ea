// Progress for the complainant, on the grievance's screen: the updates so far, and sending one,
// with where it will go said beforehand.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Party } from '../../../api/types';
import { i18n } from '../../../i18n';
import { sentBodies } from '../../../test/api-mock';
import { entry, jsonResponse, makeUser } from '../../../test/fixtures';
import { makeGrievance } from '../../../test/grievance-fixtures';
import { renderDetail } from '../../../test/render-detail';
import { complainantMobile, maskedMobile, progressRoute } from './citizen';

const reader = makeUser({ id: 7, role_name: 'Reader', permissions: [entry('grievances', { can_read: true })] });
const officer = makeUser({ id: 8, name: 'SI Meena', role_name: 'Sub-Inspector', permissions: [entry('grievances', { can_read: true, can_update: true })] });

const complainant: Party = { role: 'complainant', name: 'Ram Lal', mobile: '+919812345678' };
const UPDATES = [
  { text: 'Statements of two witnesses recorded.', at: '2025-02-01T06:30:00Z', by: 8, by_name: 'SI Meena' },
  { text: 'CCTV footage of the market collected.', at: '2025-03-01T06:30:00Z', by: 9, by_name: 'SI Rao' },
];
const TEXT = 'The accused was identified from the footage.';

const section = () => screen.findByRole('region', { name: 'Progress for the complainant' });
const historyReads = (fetch: ReturnType<typeof renderDetail>) => fetch.mock.calls.filter(([url]) => url === '/api/grievances/12/history').length;

describe('progress for the complainant', () => {
  afterEach(() => act(() => i18n.changeLanguage('en')));

  it('lists the updates newest first, with who and when, and offers no form to a reader who may not update the case', async () => {
    renderDetail(reader, makeGrievance({ parties: [complainant], progress_updates: UPDATES }));
    const region = await section();
    const items = within(within(region).getByRole('list', { name: 'Progress updates' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('CCTV footage of the market collected.'),
      expect.stringContaining('Statements of two witnesses recorded.'),
    ]);
    expect(items[0]).toHaveTextContent('SI Rao');
    expect(items[0]).toHaveTextContent('1 Mar 2025');
    expect(items[1]).toHaveTextContent('SI Meena');
    expect(within(region).queryByRole('form')).not.toBeInTheDocument();
    expect(within(region).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says when nothing was recorded yet', async () => {
    renderDetail(officer, makeGrievance());
    expect(await section()).toHaveTextContent('No progress recorded for the complainant yet.');
  });

  it("posts the update with the case's version, lists it, says where it went and reads the history again", async () => {
    const fetch = renderDetail(officer, makeGrievance({ parties: [complainant] }), {
      'POST /api/grievances/12/progress': (body) =>
        jsonResponse(201, {
          success: true,
          data: makeGrievance({ version: 4, parties: [complainant], progress_updates: [{ text: (body as { text: string }).text, at: '2025-03-02T06:30:00Z', by: 8, by_name: 'SI Meena' }] }),
        }),
    });
    const region = await section();
    const form = within(region).getByRole('form', { name: 'Send progress to the complainant' });
    const field = within(form).getByLabelText(/^Progress update/);
    expect(field).toHaveAccessibleDescription(/10 to 300 characters\. 0 \/ 300 characters/);
    const user = userEvent.setup();
    await user.type(field, `  ${TEXT} `);
    expect(field).toHaveAccessibleDescription(/44 \/ 300 characters/);
    const before = historyReads(fetch);
    await user.click(within(form).getByRole('button', { name: 'Send progress' }));

    await waitFor(() => expect(within(region).getByRole('list', { name: 'Progress updates' })).toHaveTextContent(TEXT));
    expect(sentBodies(fetch, 'POST', '/api/grievances/12/progress')).toEqual([{ text: TEXT, version: 3 }]);
    expect(field).toHaveValue('');
    expect(screen.getByRole('status')).toHaveTextContent('Progress recorded; an SMS goes to ******678');
    await waitFor(() => expect(historyReads(fetch)).toBeGreaterThan(before));
  });

  it("says it goes by SMS to the complainant's masked mobile, in their language, and not that it counts without consent", async () => {
    renderDetail(officer, makeGrievance({ parties: [complainant], sms_consent: false }));
    const button = within(await section()).getByRole('button', { name: 'Send progress' });
    expect(button).toHaveAccessibleDescription("Goes by SMS, in English, to the complainant's mobile ******678.");
    expect(screen.queryByText(/BNSS s\.193/)).not.toBeInTheDocument();
  });

  it("with the complainant's consent, says it counts as telling the informant of progress (BNSS s.193(3)(ii))", async () => {
    renderDetail(officer, makeGrievance({ parties: [complainant], sms_consent: true, citizen_language: 'hi' }));
    const button = within(await section()).getByRole('button', { name: 'Send progress' });
    expect(button).toHaveAccessibleDescription(
      "Goes by SMS, in हिंदी, to the complainant's mobile ******678. With consent: counts as telling the informant of progress (BNSS s.193(3)(ii)).",
    );
  });

  it('without a complainant mobile, says it is recorded on the case only, and says so when sent', async () => {
    // A victim's mobile is not the complainant's: the SMS go to the complainant alone.
    const parties: Party[] = [{ role: 'complainant', name: 'Ram Lal' }, { role: 'victim', name: 'Sunita Devi', mobile: '+919988776655' }];
    renderDetail(officer, makeGrievance({ parties, sms_consent: true }), {
      'POST /api/grievances/12/progress': () => jsonResponse(201, { success: true, data: makeGrievance({ version: 4, parties, progress_updates: [UPDATES[0]] }) }),
    });
    const region = await section();
    const button = within(region).getByRole('button', { name: 'Send progress' });
    expect(button).toHaveAccessibleDescription('No complainant mobile: recorded on the case only.');
    const user = userEvent.setup();
    await user.type(within(region).getByLabelText(/^Progress update/), TEXT);
    await user.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent('Progress recorded on the case');
  });

  it('on a sensitive case, says the SMS will not carry the text', async () => {
    renderDetail(officer, makeGrievance({ parties: [complainant], sensitive: true }));
    const region = await section();
    expect(within(region).getByText('A sensitive case: the SMS will not carry the text, only that there was progress.')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Send progress' })).toHaveAccessibleDescription(/will not carry the text/);
  });

  it("checks the length before sending, in the server's words, and shows the server's refusals", async () => {
    let answer = () =>
      jsonResponse(400, {
        error: 'Validation failed',
        fields: { text: 'text must be at most 300 characters' },
        field_codes: { text: { code: 'FIELD_TOO_LONG', params: { field: 'text', max: 300 } } },
      });
    const fetch = renderDetail(officer, makeGrievance({ parties: [complainant] }), { 'POST /api/grievances/12/progress': () => answer() });
    const region = await section();
    const field = within(region).getByLabelText(/^Progress update/);
    const user = userEvent.setup();
    await user.type(field, 'Too short');
    await user.click(within(region).getByRole('button', { name: 'Send progress' }));
    expect(within(region).getByText('Write the progress made, in at least 10 characters')).toBeInTheDocument();
    await user.clear(field);
    await user.click(field);
    await user.paste('x'.repeat(301));
    await user.click(within(region).getByRole('button', { name: 'Send progress' }));
    expect(within(region).getByText('Progress update must be at most 300 characters')).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/grievances/12/progress')).toEqual([]);

    // What the server refuses for the field is said under it.
    await user.clear(field);
    await user.type(field, TEXT);
    await user.click(within(region).getByRole('button', { name: 'Send progress' }));
    expect(await within(region).findByText('text must be at most 300 characters')).toBeInTheDocument();

    // A case changed meanwhile: the server's words, and a reload.
    answer = () =>
      jsonResponse(409, { error: 'This grievance was changed by someone else since you opened it. Please reload it and try again.', code: 'GRIEVANCE_STALE' });
    await user.click(within(region).getByRole('button', { name: 'Send progress' }));
    expect(await within(region).findByText(/changed by someone else since you opened it/)).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Reload grievance' })).toBeInTheDocument();
    expect(field).toHaveValue(TEXT);
  });

  it("names the complainant's side in the case's history, in English and Hindi", async () => {
    const record = (id: string, action: string, field_name: string | null, new_value: string, user_name: string, notes: string | null = null) => ({
      id,
      action,
      field_name,
      old_value: null,
      new_value,
      notes,
      action_details: null,
      user_name,
      user_role: 'System',
      created_at: '2025-03-02T06:30:00Z',
      grievance_id: 12,
      grievance_number: 'GRV-2025-000012',
    });
    renderDetail(reader, makeGrievance({ parties: [complainant], progress_updates: [UPDATES[0]] }), {
      'GET /api/grievances/12/history': () =>
        jsonResponse(200, {
          success: true,
          data: [
            record('12-5-0', 'SMS_SENT', 'progress', '******678', 'SMS gateway', 'Taken by the SMS gateway'),
            record('12-4-0', 'PROGRESS_RECORDED', 'progress_updates', UPDATES[0].text, 'SI Meena', 'Progress for the complainant: sent by SMS with consent'),
            record('12-3-0', 'CITIZEN_VIEWED', null, 'GRV-2025-000012', 'Complainant'),
          ],
        }),
    });
    const history = await screen.findByRole('list', { name: 'Audit history' });
    const items = await within(history).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('SMS sent');
    expect(items[0]).toHaveTextContent('Progress update');
    expect(items[0]).toHaveTextContent('Sent to ******678');
    expect(items[0]).toHaveTextContent('by SMS gateway');
    expect(items[1]).toHaveTextContent('Progress recorded');
    expect(items[1]).toHaveTextContent('Progress for the complainant');
    expect(items[1]).toHaveTextContent(UPDATES[0].text);
    expect(items[2]).toHaveTextContent('Viewed by the complainant');
    expect(items[2]).toHaveTextContent('Seen on the public status page');

    await act(() => i18n.changeLanguage('hi'));
    const hindi = screen.getByRole('list', { name: 'ऑडिट इतिहास' });
    const translated = within(hindi).getAllByRole('listitem');
    expect(translated[0]).toHaveTextContent('एसएमएस भेजा गया');
    expect(translated[0]).toHaveTextContent('******678 पर भेजा गया');
    expect(translated[1]).toHaveTextContent('प्रगति दर्ज');
    expect(translated[2]).toHaveTextContent('शिकायतकर्ता ने देखा');
  });

  it('speaks Hindi', async () => {
    renderDetail(officer, makeGrievance({ parties: [complainant], sms_consent: true, progress_updates: UPDATES }));
    await section();
    await act(() => i18n.changeLanguage('hi'));
    const region = screen.getByRole('region', { name: 'शिकायतकर्ता के लिए प्रगति' });
    expect(within(region).getByRole('list', { name: 'प्रगति सूचनाएँ' })).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'प्रगति भेजें' })).toHaveAccessibleDescription(
      'एसएमएस द्वारा, English में, शिकायतकर्ता के मोबाइल ******678 पर जाती है। सहमति से: इसे सूचनाकर्ता को प्रगति की सूचना देना माना जाता है (बीएनएसएस धारा 193(3)(ii))।',
    );
  });
});

describe("the complainant's mobile", () => {
  it('is the first complainant mobile an SMS can go to, shown by its last three digits', () => {
    expect(complainantMobile([{ role: 'victim', name: 'V', mobile: '9988776655' }, { role: 'complainant', name: 'C', mobile: '12345' }, { role: 'complainant', name: 'D', mobile: '98123 45678' }])).toBe('98123 45678');
    // A landline (not 6 to 9) takes no SMS.
    expect(complainantMobile([{ role: 'complainant', name: 'C', mobile: '0542 2501234' }])).toBeNull();
    expect(maskedMobile('+91 98123 45678')).toBe('******678');
    expect(progressRoute({ parties: [], sms_consent: true, sensitive: false })).toEqual({ sms: false });
  });
});
