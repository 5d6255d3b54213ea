import { makeGrievance } from '../../test/grievance-fixtures';
import { emptyForm, formFromGrievance, newOfficerRow, serverErrors, toRequest, validateGrievance, type GrievanceFormValues } from './grievance-form';

const TODAY = '2025-06-15';

function valid(overrides: Partial<GrievanceFormValues> = {}): GrievanceFormValues {
  return {
    ...emptyForm(),
    fir_no: 'FIR/2025-12',
    fir_date: '2025-06-01',
    section_and_act: '379 IPC',
    crime_title: 'Theft',
    district: 'Central District',
    police_station: 'City Kotwali',
    brief_details: 'Bike stolen from the market.',
    ...overrides,
  };
}

describe('grievance form rules', () => {
  it("requires the seven fields with '{Label} is required'", () => {
    const errors = validateGrievance(emptyForm(), TODAY);
    expect(errors).toEqual({
      fir_no: 'FIR Number is required',
      fir_date: 'FIR Date is required',
      section_and_act: 'Section & Act is required',
      crime_title: 'Crime Title is required',
      district: 'District is required',
      police_station: 'Police Station is required',
      brief_details: 'Brief Details is required',
    });
  });

  it('passes a complete form', () => {
    expect(validateGrievance(valid(), TODAY)).toEqual({});
  });

  it('marks status and priority required', () => {
    expect(validateGrievance(valid({ status: '', priority: '' }), TODAY)).toEqual({
      status: 'Status is required',
      priority: 'Priority is required',
    });
  });

  it('allows only letters, digits, slash and hyphen in the FIR number', () => {
    expect(validateGrievance(valid({ fir_no: 'FIR 12' }), TODAY).fir_no).toBe(
      'FIR Number should contain only letters, numbers, slashes and hyphens',
    );
    expect(validateGrievance(valid({ fir_no: 'FIR#12' }), TODAY).fir_no).toBe(
      'FIR Number should contain only letters, numbers, slashes and hyphens',
    );
    expect(validateGrievance(valid({ fir_no: 'ab-12/2025' }), TODAY).fir_no).toBeUndefined();
  });

  it('refuses a FIR date in the future but takes today', () => {
    expect(validateGrievance(valid({ fir_date: '2025-06-16' }), TODAY).fir_date).toBe('FIR Date cannot be in the future');
    expect(validateGrievance(valid({ fir_date: TODAY }), TODAY).fir_date).toBeUndefined();
  });

  it('wants at least 10 characters of brief details after trimming', () => {
    expect(validateGrievance(valid({ brief_details: '   too short   ' }), TODAY).brief_details).toBe(
      'Brief details must be at least 10 characters long',
    );
    expect(validateGrievance(valid({ brief_details: '1234567890' }), TODAY).brief_details).toBeUndefined();
  });

  it("checks each officer row's dates", () => {
    const rows = [
      newOfficerRow({ officer_name: 'SI Rao' }),
      newOfficerRow({ officer_name: 'SI Khan', from_date: '2025-03-01', to_date: '2025-02-01' }),
      newOfficerRow({ officer_name: '', from_date: '2025-03-01', to_date: '2025-03-01' }),
    ];
    expect(validateGrievance(valid({ investigation_officers: rows }), TODAY)).toEqual({
      'investigation_officers[0].from_date': 'From date is required when officer name is provided',
      'investigation_officers[1].to_date': 'To date must be after from date',
    });
  });

  it('sends trimmed text, nulls for empty optional fields and no blank officer rows', () => {
    const values = valid({
      fir_no: ' FIR/2025-12 ',
      current_investigation_officer: '  ',
      investigation_officers: [newOfficerRow(), newOfficerRow({ officer_name: ' SI Rao ', from_date: '2025-06-02' })],
    });
    const { body, rowIndexes } = toRequest(values);
    expect(body.fir_no).toBe('FIR/2025-12');
    expect(body.current_investigation_officer).toBeNull();
    expect(body.type_of_call).toBeNull();
    expect(body.date_of_order).toBeNull();
    expect(body.investigation_officers).toEqual([
      { officer_name: 'SI Rao', from_date: '2025-06-02', to_date: null, findings: '' },
    ]);
    expect(rowIndexes).toEqual([1]);
  });

  it("maps the server's officer row numbers back to the form's rows", () => {
    expect(
      serverErrors({ 'investigation_officers[0].from_date': 'From date is required when officer name is provided', fir_no: 'x' }, { rowIndexes: [2], partyIndexes: [] }),
    ).toEqual({ 'investigation_officers[2].from_date': 'From date is required when officer name is provided', fir_no: 'x' });
  });

  it("starts a new case's complainant in English without consent, and always sends both", () => {
    expect(emptyForm()).toMatchObject({ citizen_language: 'en', sms_consent: false });
    expect(toRequest(valid()).body).toMatchObject({ citizen_language: 'en', sms_consent: false });
  });

  it("carries the complainant's language and consent from the case through the form and back", () => {
    const values = formFromGrievance(makeGrievance({ citizen_language: 'hi', sms_consent: true }));
    expect(values).toMatchObject({ citizen_language: 'hi', sms_consent: true });
    expect(toRequest(values).body).toMatchObject({ citizen_language: 'hi', sms_consent: true });
    // What the complainant said and was told is theirs and the actions' alone: never sent back.
    const body = toRequest(values).body as Record<string, unknown>;
    expect(body).not.toHaveProperty('progress_updates');
    expect(body).not.toHaveProperty('feedback');
    expect(body).not.toHaveProperty('appeals');
  });
});
