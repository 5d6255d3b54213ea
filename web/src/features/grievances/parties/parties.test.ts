import type { Party } from '../../../api/types';
import { emptyForm, serverErrors, toRequest, validateGrievance, type GrievanceFormValues } from '../grievance-form';
import { changeRow, IDENTITY_PROTECTED, isBlankParty, isProtected, isValidEmail, isValidMobile, newPartyRow, partiesRequest, validateParties, type PartyRow } from './parties';

const TODAY = '2026-11-30';

/** A row as typed: role and the fields given, the rest empty. */
function typed(fields: Partial<Omit<PartyRow, 'key' | 'given'>>): PartyRow {
  return { ...newPartyRow(), ...fields };
}

/** A victim as the server gives it on a sensitive case. */
const protectedVictim: Party = {
  role: 'victim',
  name: IDENTITY_PROTECTED,
  relation_name: IDENTITY_PROTECTED,
  gender: 'female',
  age: 17,
  address: IDENTITY_PROTECTED,
  identity_protected: true,
};

describe('mobile numbers', () => {
  it('takes the forms the server takes', () => {
    for (const mobile of ['9876543210', '98765 43210', '098765-43210', '919876543210', '+91 98765 43210', '+919876543210', '+44 7700 900123', '6000000000']) {
      expect(isValidMobile(mobile), mobile).toBe(true);
    }
  });

  it('refuses what the server refuses', () => {
    for (const mobile of ['', ' ', '12345', '5876543210', '98765432101', '+91 5876543210', '98765x43210', '+0123456789', '+1234567', '++919876543210', '(98765) 43210']) {
      expect(isValidMobile(mobile), mobile).toBe(false);
    }
  });
});

describe('email addresses', () => {
  it('takes an address with a dotted domain, and refuses the malformed', () => {
    expect(isValidEmail(' Kamla@Example.IN ')).toBe(true);
    for (const email of ['rao', 'rao@', '@police.in', 'rao@police', 'r ao@police.in', 'a@b@c.in', 'rao@.in']) {
      expect(isValidEmail(email), email).toBe(false);
    }
  });
});

describe('people rows', () => {
  it('knows a blank row, whatever spaces it holds, and never counts a protected victim blank', () => {
    expect(isBlankParty(newPartyRow())).toBe(true);
    expect(isBlankParty(typed({ name: '  ', address: ' ' }))).toBe(true);
    expect(isBlankParty(typed({ role: 'witness' }))).toBe(false);
    expect(isBlankParty(typed({ age: '0' }))).toBe(false);
    expect(isBlankParty(newPartyRow(protectedVictim))).toBe(false);
  });

  it('tells a protected victim by its flag or by the marker in place of its name', () => {
    expect(isProtected(protectedVictim)).toBe(true);
    expect(isProtected({ role: 'victim', name: IDENTITY_PROTECTED })).toBe(true);
    expect(isProtected({ role: 'victim', name: 'Kamla Kumari' })).toBe(false);
    expect(newPartyRow(protectedVictim).given).toBe(protectedVictim);
    expect(newPartyRow({ role: 'complainant', name: 'Ram Lal' }).given).toBeNull();
  });

  it("checks each filled row with the server's messages, under the server's keys", () => {
    const rows = [
      typed({ role: 'complainant', name: 'Ram Lal', mobile: '98123 45678', age: '52' }),
      newPartyRow(),
      typed({ mobile: '12345', age: '130', email: 'nowhere', date_of_birth: '2027-01-01' }),
      typed({ role: 'witness', name: 'Asha', age: '4.5' }),
      newPartyRow(protectedVictim),
    ];
    expect(validateParties(rows, TODAY)).toEqual({
      'parties.2.role': "Choose the person's role: complainant or informant, victim, accused or witness",
      'parties.2.name': 'Name is required',
      'parties.2.age': 'Age must be a whole number of years from 0 to 120',
      'parties.2.date_of_birth': 'Date of birth cannot be after today',
      'parties.2.mobile': 'Mobile number must be a 10-digit Indian number, or + and the country code',
      'parties.2.email': 'Please enter a valid email address',
      'parties.3.age': 'Age must be a whole number of years from 0 to 120',
    });
  });

  it('sends the filled rows trimmed, leaves blank ones out and numbers them back', () => {
    const rows = [
      newPartyRow(),
      typed({ role: 'complainant', name: ' Ram Lal ', relation: 'father', relation_name: ' Mohan Lal ', gender: 'male', age: ' 52 ', mobile: '98123 45678', address: ' House 12 ' }),
      typed({ role: 'accused', name: 'Vikram Singh' }),
    ];
    expect(partiesRequest(rows)).toEqual({
      parties: [
        {
          role: 'complainant',
          name: 'Ram Lal',
          relation: 'father',
          relation_name: 'Mohan Lal',
          gender: 'male',
          age: 52,
          date_of_birth: null,
          mobile: '98123 45678',
          email: null,
          address: 'House 12',
        },
        { role: 'accused', name: 'Vikram Singh', relation: null, relation_name: null, gender: null, age: null, date_of_birth: null, mobile: null, email: null, address: null },
      ],
      partyIndexes: [1, 2],
    });
  });

  it('sends a protected victim back exactly as given, which keeps the victim as recorded', () => {
    const { parties } = partiesRequest([newPartyRow(protectedVictim)]);
    const { identity_protected: _flag, ...given } = protectedVictim;
    expect(parties).toEqual([given]);
    expect(parties[0].name).toBe(IDENTITY_PROTECTED);
  });
});

describe('the people on the grievance form', () => {
  const loaded = (parties: Party[] | undefined): GrievanceFormValues => ({ ...emptyForm(), parties: parties ? parties.map((p) => newPartyRow(p)) : null });

  it('sends an edit the people as loaded, the protected victim unchanged beside the edits of the others', () => {
    const values = loaded([{ role: 'complainant', name: 'Ram Lal', mobile: '+919812345678' }, protectedVictim]);
    values.parties![0] = { ...values.parties![0], name: 'Ram Lal Verma' };
    const { body } = toRequest(values);
    expect(body.parties).toEqual([
      expect.objectContaining({ role: 'complainant', name: 'Ram Lal Verma', mobile: '+919812345678' }),
      { role: 'victim', name: IDENTITY_PROTECTED, relation_name: IDENTITY_PROTECTED, gender: 'female', age: 17, address: IDENTITY_PROTECTED },
    ]);
  });

  it('leaves the people out when the grievance came without them, so that the server keeps them', () => {
    const { body } = toRequest(loaded(undefined));
    expect('parties' in body).toBe(false);
    expect(validateGrievance(loaded(undefined), TODAY)).not.toHaveProperty('parties');
  });

  it("maps the server's person row numbers back to the form's rows", () => {
    expect(
      serverErrors({ 'parties.0.mobile': 'Mobile number is wrong', 'parties.1.role': 'Role', parties: 'Too many', fir_no: 'x' }, { rowIndexes: [], partyIndexes: [1, 3] }),
    ).toEqual({ 'parties.1.mobile': 'Mobile number is wrong', 'parties.3.role': 'Role', parties: 'Too many', fir_no: 'x' });
  });
});

describe('identity documents', () => {
  const withAadhaar: Party = { role: 'complainant', name: 'Ram Lal', id_document: { kind: 'aadhaar', last_four: '0123' } };

  it('starts a kept document as its kind and the masked number, which goes back so and keeps it', () => {
    const row = newPartyRow(withAadhaar);
    expect(row.id_document_kind).toBe('aadhaar');
    expect(row.id_document_number).toBe('********0123');
    expect(partiesRequest([row]).parties[0]).toMatchObject({ id_document_kind: 'aadhaar', id_document_number: '********0123' });
  });

  it('sends a number typed as typed, trimmed, and nothing for a person without one', () => {
    const rows = [
      typed({ role: 'complainant', name: 'Ram Lal', id_document_kind: 'aadhaar', id_document_number: ' 2345 6789 0123 ' }),
      typed({ role: 'witness', name: 'Asha' }),
    ];
    const { parties } = partiesRequest(rows);
    expect(parties[0]).toMatchObject({ id_document_kind: 'aadhaar', id_document_number: '2345 6789 0123' });
    expect(parties[1]).not.toHaveProperty('id_document_kind');
    expect(parties[1]).not.toHaveProperty('id_document_number');
  });

  it('empties a kept number when the kind is changed or taken away, so that it is not sent under another kind', () => {
    const row = newPartyRow(withAadhaar);
    expect(changeRow(row, 'id_document_kind', 'pan').id_document_number).toBe('');
    const removed = changeRow(row, 'id_document_kind', '');
    expect(partiesRequest([removed]).parties[0]).not.toHaveProperty('id_document_number');
    const retyped = changeRow(row, 'id_document_number', '2345 6789 0123');
    expect(changeRow(retyped, 'id_document_kind', 'other').id_document_number).toBe('2345 6789 0123');
  });

  it('asks for the number of a kind chosen, and the kind of a number typed', () => {
    const rows = [
      typed({ role: 'complainant', name: 'Ram Lal', id_document_kind: 'pan' }),
      typed({ role: 'witness', name: 'Asha', id_document_number: 'ABCDE1234F' }),
    ];
    expect(validateParties(rows, TODAY)).toEqual({
      'parties.0.id_document_number': "Enter the identity document's number",
      'parties.1.id_document_kind': 'Choose the kind of identity document: Aadhaar, voter ID, PAN, passport, driving licence or other',
    });
  });
});
