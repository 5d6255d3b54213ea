// Revealing a protected victim and marking a case sensitive, on the grievance's screen.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Party } from '../../../api/types';
import { i18n } from '../../../i18n';
import { sentBodies } from '../../../test/api-mock';
import { entry, jsonResponse, makeUser } from '../../../test/fixtures';
import { makeGrievance } from '../../../test/grievance-fixtures';
import { renderDetail } from '../../../test/render-detail';
import { IDENTITY_PROTECTED } from './parties';

const reader = makeUser({ id: 7, role_name: 'Reader', permissions: [entry('grievances', { can_read: true, can_update: true })] });
const holder = makeUser({ id: 7, role_name: 'Inspector', permissions: [entry('grievances', { can_read: true, can_view_identities: true })] });

const complainant: Party = { role: 'complainant', name: 'Shanti Devi', mobile: '+919811122233' };
const protectedVictim: Party = { role: 'victim', name: IDENTITY_PROTECTED, gender: 'female', age: 16, identity_protected: true };
const victim: Party = { role: 'victim', name: 'Kamla Kumari', mobile: '+919876543210', gender: 'female', age: 16 };
const sensitiveCase = () => makeGrievance({ sensitive: true, sensitive_mark: null, parties: [complainant, protectedVictim] });
const REASON = 'Court summons needs the victim named';

const render = renderDetail;

const people = () => screen.findByRole('region', { name: 'People in the case' });

describe('revealing identities', () => {
  afterEach(() => act(() => i18n.changeLanguage('en')));

  it('is offered to a holder on a case with a protected victim, in English and Hindi', async () => {
    render(holder, sensitiveCase());
    expect(within(await people()).getByRole('button', { name: 'Reveal identities' })).toBeInTheDocument();
    await act(() => i18n.changeLanguage('hi'));
    expect(screen.getByRole('button', { name: 'पहचान देखें' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'संवेदनशील चिह्नित करें' })).toBeInTheDocument();
  });

  it('is not offered to a non-holder, nor when no one is protected', async () => {
    render(reader, sensitiveCase());
    const region = await people();
    expect(within(region).queryByRole('button', { name: 'Reveal identities' })).not.toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Mark sensitive' })).not.toBeInTheDocument();
  });

  it('is not offered to a holder when no one is protected', async () => {
    render(holder, makeGrievance({ sensitive: false, sensitive_mark: null, parties: [complainant] }));
    const region = await people();
    expect(within(region).queryByRole('button', { name: 'Reveal identities' })).not.toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Mark sensitive' })).toBeInTheDocument();
  });

  it('posts the reason, then shows the victim as recorded with the notice', async () => {
    const fetch = render(holder, sensitiveCase(), {
      'POST /api/grievances/12/parties/reveal': () => jsonResponse(200, { grievance_id: 12, parties: [complainant, victim] }),
    });
    const user = userEvent.setup();
    await user.click(within(await people()).getByRole('button', { name: 'Reveal identities' }));
    const dialog = screen.getByRole('dialog', { name: 'Reveal identities' });
    expect(dialog).toHaveTextContent('Each reveal is recorded in the audit trail with your reason.');
    // Too short: the server's own rule, said before anything is sent.
    await user.type(within(dialog).getByLabelText(/Reason/), 'court');
    await user.click(within(dialog).getByRole('button', { name: 'Reveal identities' }));
    expect(within(dialog).getByText('State why the identity is needed, in at least 10 characters')).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/grievances/12/parties/reveal')).toEqual([]);

    await user.clear(within(dialog).getByLabelText(/Reason/));
    await user.type(within(dialog).getByLabelText(/Reason/), REASON);
    await user.click(within(dialog).getByRole('button', { name: 'Reveal identities' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentBodies(fetch, 'POST', '/api/grievances/12/parties/reveal')).toEqual([{ reason: REASON }]);
    const region = await people();
    expect(within(region).getByRole('rowheader', { name: 'Kamla Kumari' })).toBeInTheDocument();
    expect(within(region).getByText('+919876543210')).toBeInTheDocument();
    expect(within(region).getByText('Identities revealed for this screen; recorded in the audit trail')).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Reveal identities' })).not.toBeInTheDocument();
  });

  it("shows the server's message for the reason under the field", async () => {
    render(holder, sensitiveCase(), {
      'POST /api/grievances/12/parties/reveal': () =>
        jsonResponse(400, {
          error: 'Validation failed',
          fields: { reason: 'State why the identity is needed, in at least 10 characters' },
          field_codes: { reason: { code: 'REVEAL_REASON_REQUIRED', params: { min: 10 } } },
        }),
    });
    const region = await people();
    await act(() => i18n.changeLanguage('hi'));
    const user = userEvent.setup();
    await user.click(within(region).getByRole('button', { name: 'पहचान देखें' }));
    const dialog = screen.getByRole('dialog', { name: 'पहचान देखें' });
    expect(dialog).toHaveTextContent('हर बार आपका कारण ऑडिट में दर्ज होता है।');
    await user.type(within(dialog).getByLabelText(/कारण/), REASON);
    await user.click(within(dialog).getByRole('button', { name: 'पहचान देखें' }));
    expect(await within(dialog).findByText('पहचान क्यों आवश्यक है, कम से कम 10 अक्षरों में बताएँ')).toBeInTheDocument();
    expect(screen.queryByText('Kamla Kumari')).not.toBeInTheDocument();
  });
});

describe('the sensitive mark', () => {
  it('PUTs the mark with its reason, then shows who marked it and why', async () => {
    const marked = makeGrievance({
      sensitive: true,
      sensitive_mark: { by: 7, by_name: 'Inspector Meena', at: '2025-02-10T06:30:00Z', reason: 'Victim is a minor witness' },
      parties: [complainant],
    });
    const fetch = render(holder, makeGrievance({ sensitive: false, sensitive_mark: null, parties: [complainant] }), {
      'PUT /api/grievances/12/sensitive': () => jsonResponse(200, { success: true, data: marked }),
    });
    const user = userEvent.setup();
    await user.click(within(await people()).getByRole('button', { name: 'Mark sensitive' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark sensitive' });
    // Too short: the server's words for a marking, not a reveal's.
    await user.type(within(dialog).getByLabelText(/Reason/), 'minor');
    await user.click(within(dialog).getByRole('button', { name: 'Mark sensitive' }));
    expect(within(dialog).getByText('State the reason for the marking, in at least 10 characters')).toBeInTheDocument();
    expect(sentBodies(fetch, 'PUT', '/api/grievances/12/sensitive')).toEqual([]);
    await user.clear(within(dialog).getByLabelText(/Reason/));
    await user.type(within(dialog).getByLabelText(/Reason/), 'Victim is a minor witness');
    await user.click(within(dialog).getByRole('button', { name: 'Mark sensitive' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentBodies(fetch, 'PUT', '/api/grievances/12/sensitive')).toEqual([{ marked: true, reason: 'Victim is a minor witness' }]);
    const region = await people();
    expect(await within(region).findByText('Marked sensitive by')).toBeInTheDocument();
    expect(region).toHaveTextContent('Inspector Meena');
    expect(region).toHaveTextContent('Victim is a minor witness');
    expect(within(region).getByRole('button', { name: 'Clear sensitive mark' })).toBeInTheDocument();
    expect(screen.getByText('Case marked sensitive')).toBeInTheDocument();
  });
});
