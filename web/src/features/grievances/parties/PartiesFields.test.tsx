import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../../i18n';
import { mockApi, sentBodies } from '../../../test/api-mock';
import { entry, jsonResponse, makeUser } from '../../../test/fixtures';
import { listHandlers, makeGrievance } from '../../../test/grievance-fixtures';
import { renderPage } from '../../../test/render-page';
import GrievanceFormPage from '../GrievanceFormPage';
import { IDENTITY_PROTECTED } from './parties';

// The form is long: typing into it takes a while on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const clerk = makeUser({ role_name: 'Clerk', permissions: [entry('grievances', { can_read: true, can_create: true, can_update: true })] });

const victim = { role: 'victim', name: IDENTITY_PROTECTED, relation_name: IDENTITY_PROTECTED, gender: 'female', age: 17, address: IDENTITY_PROTECTED, identity_protected: true } as const;
const sensitiveCase = makeGrievance({
  section_and_act: 'BNS 64',
  sections: [{ act: 'BNS', section: '64' }],
  sensitive: true,
  parties: [{ role: 'complainant', name: 'Ram Lal', mobile: '+919812345678' }, victim],
});

const person = (n: number) => screen.getByRole('group', { name: `Person ${n}` });

describe('the people on the grievance form', () => {
  it('shows a protected victim read-only with why, and sends it back unchanged beside an edited complainant', async () => {
    const fetch = mockApi({
      ...listHandlers(),
      'GET /api/grievances/12': () => jsonResponse(200, { success: true, data: sensitiveCase }),
      'PUT /api/grievances/12': () => jsonResponse(200, { success: true, data: sensitiveCase }),
    });
    renderPage(<GrievanceFormPage />, clerk, '/grievances/edit/12', '/grievances/edit/:id');
    expect(await screen.findByRole('heading', { level: 2, name: 'People in the case' })).toBeInTheDocument();

    const protectedRow = within(person(2));
    expect(protectedRow.getByText('Victim')).toBeInTheDocument();
    expect(protectedRow.getByText(IDENTITY_PROTECTED)).toBeInTheDocument();
    expect(protectedRow.getByText('17 years')).toBeInTheDocument();
    expect(protectedRow.getByText(/The law forbids disclosing this victim's identity/)).toBeInTheDocument();
    expect(protectedRow.queryByRole('textbox')).not.toBeInTheDocument();
    expect(protectedRow.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove person 1' })).toBeInTheDocument();

    const user = userEvent.setup();
    const name = within(person(1)).getByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'Ram Lal Verma');
    await user.click(screen.getByRole('button', { name: 'Update Grievance' }));
    await waitFor(() => expect(sentBodies(fetch, 'PUT', '/api/grievances/12')).toHaveLength(1));
    expect(sentBodies(fetch, 'PUT', '/api/grievances/12')[0]).toMatchObject({
      parties: [
        expect.objectContaining({ role: 'complainant', name: 'Ram Lal Verma', mobile: '+919812345678' }),
        { role: 'victim', name: IDENTITY_PROTECTED, relation_name: IDENTITY_PROTECTED, gender: 'female', age: 17, address: IDENTITY_PROTECTED },
      ],
    });
  });

  it('shows the protected text in Hindi on the form', async () => {
    mockApi({ ...listHandlers(), 'GET /api/grievances/12': () => jsonResponse(200, { success: true, data: sensitiveCase }) });
    await act(() => i18n.changeLanguage('hi'));
    renderPage(<GrievanceFormPage />, clerk, '/grievances/edit/12', '/grievances/edit/:id');
    const row = within(await screen.findByRole('group', { name: 'व्यक्ति 2' }));
    expect(row.getByText('पहचान संरक्षित (बीएनएस धारा 72)')).toBeInTheDocument();
    expect(row.getByText('पीड़ित')).toBeInTheDocument();
  });

  it("checks a person before sending, and puts the server's messages on the row they are about", async () => {
    const fetch = mockApi({
      ...listHandlers(),
      'GET /api/grievances/12': () => jsonResponse(200, { success: true, data: makeGrievance() }),
      'PUT /api/grievances/12': () =>
        jsonResponse(400, {
          error: 'Validation failed',
          fields: { 'parties.0.email': 'Please enter a valid email address' },
          field_codes: { 'parties.0.email': { code: 'EMAIL_INVALID' } },
        }),
    });
    renderPage(<GrievanceFormPage />, clerk, '/grievances/edit/12', '/grievances/edit/:id');
    expect(await screen.findByText('No people added.')).toBeInTheDocument();
    const user = userEvent.setup();
    // A spare row first, which is not sent; then a witness with a mobile number typed wrong.
    await user.click(screen.getByRole('button', { name: 'Add Person' }));
    await user.click(screen.getByRole('button', { name: 'Add Person' }));
    const second = within(person(2));
    await user.type(second.getByRole('textbox', { name: /^Mobile/ }), '12345');
    await user.click(screen.getByRole('button', { name: 'Update Grievance' }));
    expect(await second.findByText("Choose the person's role: complainant or informant, victim, accused or witness")).toBeInTheDocument();
    expect(second.getByText('Name is required')).toBeInTheDocument();
    expect(second.getByText('Mobile number must be a 10-digit Indian number, or + and the country code')).toBeInTheDocument();
    expect(sentBodies(fetch, 'PUT', '/api/grievances/12')).toEqual([]);

    await user.selectOptions(second.getByLabelText(/^Role/), 'Witness');
    await user.type(second.getByRole('textbox', { name: /^Name/ }), 'Asha');
    await user.clear(second.getByRole('textbox', { name: /^Mobile/ }));
    await user.type(second.getByRole('textbox', { name: /^Mobile/ }), '98765 43210');
    await user.click(screen.getByRole('button', { name: 'Update Grievance' }));
    expect(await second.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(sentBodies(fetch, 'PUT', '/api/grievances/12')[0]).toMatchObject({
      parties: [expect.objectContaining({ role: 'witness', name: 'Asha', mobile: '98765 43210' })],
    });
  });

  const withDocument = makeGrievance({ parties: [{ role: 'complainant', name: 'Ram Lal', id_document: { kind: 'aadhaar', last_four: '0123' } }] });

  /** The edit form of a case whose complainant has an Aadhaar, the update answered by `answer`. */
  async function editWithDocument(answer: () => Response) {
    const fetch = mockApi({
      ...listHandlers(),
      'GET /api/grievances/12': () => jsonResponse(200, { success: true, data: withDocument }),
      'PUT /api/grievances/12': answer,
    });
    renderPage(<GrievanceFormPage />, clerk, '/grievances/edit/12', '/grievances/edit/:id');
    const first = within(await screen.findByRole('group', { name: 'Person 1' }));
    return { fetch, first, number: first.getByRole('textbox', { name: /^Document number/ }) };
  }

  it('starts a kept identity document as its kind and masked number, and sends it back so', async () => {
    const { fetch, first, number } = await editWithDocument(() => jsonResponse(200, { success: true, data: withDocument }));
    const kind = first.getByLabelText(/^Identity document/);
    expect(kind).toHaveValue('aadhaar');
    expect(within(kind).getByRole('option', { name: 'Voter ID (EPIC)' })).toBeInTheDocument();
    expect(number).toHaveValue('********0123');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Update Grievance' }));
    await waitFor(() => expect(sentBodies(fetch, 'PUT', '/api/grievances/12')).toHaveLength(1));
    expect(sentBodies(fetch, 'PUT', '/api/grievances/12')[0]).toMatchObject({
      parties: [expect.objectContaining({ name: 'Ram Lal', id_document_kind: 'aadhaar', id_document_number: '********0123' })],
    });
  });

  it("sends a new number as typed, and shows the server's message on it under the field", async () => {
    const { fetch, first, number } = await editWithDocument(() =>
      jsonResponse(400, {
        error: 'Validation failed',
        fields: { 'parties.0.id_document_number': 'Aadhaar number must be 12 digits, not starting with 0 or 1' },
        field_codes: { 'parties.0.id_document_number': { code: 'AADHAAR_INVALID' } },
      }),
    );
    const user = userEvent.setup();
    await user.clear(number);
    await user.type(number, '1234 5678 9012');
    await user.click(screen.getByRole('button', { name: 'Update Grievance' }));
    expect(await first.findByText('Aadhaar number must be 12 digits, not starting with 0 or 1')).toBeInTheDocument();
    expect(first.getByRole('textbox', { name: /^Document number/ })).toHaveAttribute('aria-invalid', 'true');
    expect(sentBodies(fetch, 'PUT', '/api/grievances/12')[0]).toMatchObject({
      parties: [expect.objectContaining({ id_document_kind: 'aadhaar', id_document_number: '1234 5678 9012' })],
    });
  });
});
