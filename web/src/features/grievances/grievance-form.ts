// The grievance form's values and rules.
// The server checks the same rules with the same messages; the form checks
// first and sends nothing when they fail.
import type { Grievance, GrievanceFields, OfficerEntry, PartyForm } from '../../api/types';
import type { CitizenLanguage } from './citizen/citizen';
import type { ChargedSection } from './law/law';
import { i18n } from '../../i18n';
import { todayIso } from '../../lib/format';
import { fieldLabel, OPTIONAL_FIELDS, type OptionalFieldEntry, type OptionalFieldName } from './field-labels';
import { formPartyKey, newPartyRow, partiesRequest, validateParties, type PartyRow } from './parties/parties';

const t = (key: string, values?: Record<string, unknown>) => i18n.t(`grievances:${key}`, values);

/** 'Please fix the validation errors below before submitting.' */
export const fixErrorsText = (): string => t('form.fixErrors');

/** Letters, digits, slash and hyphen. */
const FIR_NO = /^[A-Za-z0-9/-]+$/;
export const MIN_BRIEF_DETAILS = 10;

export interface OfficerRow {
  /** A stable React key for the row (not sent). */
  key: string;
  officer_name: string;
  from_date: string;
  to_date: string;
  findings: string;
}

/** The fields the form handles one by one. */
interface NamedValues {
  type_of_call: string;
  fir_no: string;
  fir_date: string;
  section_and_act: string;
  /** The sections picked; none: the server reads them from 'Section & Act'. */
  sections: ChargedSection[];
  crime_title: string;
  district: string;
  police_station: string;
  investigation_officers: OfficerRow[];
  /**
   * The people in the case; null when the grievance was loaded without them (a server of an
   * earlier release), so that an edit leaves them out and the server keeps them.
   */
  parties: PartyRow[] | null;
  status: string;
  priority: string;
  current_investigation_officer: string;
  put_in_court: boolean;
  cross_case: boolean;
  reason: string;
  brief_details: string;
  action_taken_by_ig_office: string;
  final_decision: string;
  /** The language the complainant's SMS are written in. */
  citizen_language: CitizenLanguage;
  /** The informant agreed to be told of progress by SMS (BNSS s.193(3)(ii)). */
  sms_consent: boolean;
}

/** The form's values: the optional dates and texts of OPTIONAL_FIELDS as typed, '' when empty. */
export type GrievanceFormValues = NamedValues & Record<OptionalFieldName, string>;

/** One value for each optional field, from its entry. */
function eachOptional<V>(value: (field: OptionalFieldEntry) => V): Record<OptionalFieldName, V> {
  return Object.fromEntries(OPTIONAL_FIELDS.map((field) => [field.name, value(field)])) as Record<OptionalFieldName, V>;
}

/** Messages by the server's field names: 'fir_no', 'investigation_officers[0].from_date'... */
export type GrievanceErrors = Record<string, string>;

let rowCounter = 0;
export function newOfficerRow(entry?: Partial<OfficerEntry>): OfficerRow {
  rowCounter += 1;
  return {
    key: `officer-${rowCounter}`,
    officer_name: entry?.officer_name ?? '',
    from_date: entry?.from_date ?? '',
    to_date: entry?.to_date ?? '',
    findings: entry?.findings ?? '',
  };
}

/** A new grievance: Pending and Medium (the server's defaults), one empty officer row and person. */
export function emptyForm(): GrievanceFormValues {
  return {
    type_of_call: '',
    fir_no: '',
    fir_date: '',
    section_and_act: '',
    sections: [],
    crime_title: '',
    district: '',
    police_station: '',
    investigation_officers: [newOfficerRow()],
    parties: [newPartyRow()],
    status: 'Pending',
    priority: 'Medium',
    current_investigation_officer: '',
    put_in_court: false,
    cross_case: false,
    reason: '',
    brief_details: '',
    ...eachOptional(() => ''),
    action_taken_by_ig_office: '',
    final_decision: '',
    citizen_language: 'en',
    sms_consent: false,
  };
}

const text = (value: string | null | undefined) => value ?? '';

/** The form filled from a stored grievance. */
export function formFromGrievance(g: Grievance): GrievanceFormValues {
  return {
    type_of_call: text(g.type_of_call),
    fir_no: g.fir_no,
    fir_date: g.fir_date,
    section_and_act: g.section_and_act,
    sections: g.sections ?? [],
    crime_title: g.crime_title,
    district: g.district,
    police_station: g.police_station,
    investigation_officers: g.investigation_officers.map((entry) => newOfficerRow(entry)),
    parties: g.parties ? g.parties.map((party) => newPartyRow(party)) : null,
    status: g.status,
    priority: g.priority,
    current_investigation_officer: text(g.current_investigation_officer),
    put_in_court: g.put_in_court,
    cross_case: g.cross_case,
    reason: text(g.reason),
    brief_details: g.brief_details,
    ...eachOptional((field) => text(g[field.name])),
    action_taken_by_ig_office: text(g.action_taken_by_ig_office),
    final_decision: text(g.final_decision),
    // Absent only from a server of an earlier release: its defaults.
    citizen_language: g.citizen_language ?? 'en',
    sms_consent: g.sms_consent ?? false,
  };
}

const REQUIRED: readonly (keyof GrievanceFormValues)[] = [
  'fir_no',
  'fir_date',
  'section_and_act',
  'crime_title',
  'district',
  'police_station',
  'status',
  'priority',
  'brief_details',
];

const isBlankRow = (row: OfficerRow) =>
  !row.officer_name.trim() && !row.from_date && !row.to_date && !row.findings.trim();

/** Every rule of the grievance form the values break, by field; empty when they pass. */
export function validateGrievance(values: GrievanceFormValues, today: string = todayIso()): GrievanceErrors {
  const errors: GrievanceErrors = {};
  for (const field of REQUIRED) {
    if (!String(values[field]).trim()) errors[field] = t('form.required', { label: fieldLabel(field) });
  }
  const firNo = values.fir_no.trim();
  if (firNo && !FIR_NO.test(firNo)) errors.fir_no = t('form.firNoFormat');
  if (values.fir_date && values.fir_date > today) errors.fir_date = t('form.firDateFuture');
  const brief = values.brief_details.trim();
  if (brief && brief.length < MIN_BRIEF_DETAILS) {
    errors.brief_details = t('form.briefMin', { min: MIN_BRIEF_DETAILS });
  }
  values.investigation_officers.forEach((row, index) => {
    if (isBlankRow(row)) return;
    const prefix = `investigation_officers[${index}]`;
    if (row.officer_name.trim() && !row.from_date) {
      errors[`${prefix}.from_date`] = t('form.officerFromRequired');
    }
    if (row.from_date && row.to_date && row.from_date > row.to_date) {
      errors[`${prefix}.to_date`] = t('form.officerToAfterFrom');
    }
  });
  if (values.parties) Object.assign(errors, validateParties(values.parties, today));
  return errors;
}

const optional = (value: string) => (value.trim() ? value.trim() : null);

/**
 * The form's fields as sent. The people go as the form rows (`PartyForm`), and only when the
 * form has them: a change that leaves them out keeps them on the server. A case is marked
 * sensitive on its own.
 */
export type GrievanceRequest = Omit<
  GrievanceFields,
  'parties' | 'sensitive_mark' | 'publication_withheld' | 'progress_updates' | 'feedback' | 'appeals' | 'citizen_language' | 'sms_consent'
> & { parties?: PartyForm[] } & Partial<Pick<GrievanceFields, 'citizen_language' | 'sms_consent'>>;

/** Which form row each row sent came from, for the server's numbered messages. */
export interface SentRows {
  rowIndexes: number[];
  partyIndexes: number[];
}

/**
 * What the server is sent. Blank officer rows and people are left out before sending, so
 * the server's row numbers match the form's only when no blank row precedes a
 * filled one; `rowIndexes` and `partyIndexes` map them back.
 */
export function toRequest(values: GrievanceFormValues): { body: GrievanceRequest } & SentRows {
  const rowIndexes: number[] = [];
  const officers: OfficerEntry[] = [];
  values.investigation_officers.forEach((row, index) => {
    if (isBlankRow(row)) return;
    rowIndexes.push(index);
    officers.push({
      officer_name: row.officer_name.trim(),
      from_date: row.from_date || null,
      to_date: row.to_date || null,
      findings: row.findings.trim(),
    });
  });
  const body: GrievanceRequest = {
    type_of_call: optional(values.type_of_call),
    fir_no: values.fir_no.trim(),
    fir_date: values.fir_date,
    section_and_act: values.section_and_act.trim(),
    sections: values.sections,
    crime_title: values.crime_title,
    district: values.district,
    police_station: values.police_station,
    investigation_officers: officers,
    status: values.status,
    priority: values.priority,
    current_investigation_officer: optional(values.current_investigation_officer),
    put_in_court: values.put_in_court,
    cross_case: values.cross_case,
    reason: optional(values.reason),
    brief_details: values.brief_details.trim(),
    ...eachOptional((field) => (field.kind === 'date' ? values[field.name] || null : optional(values[field.name]))),
    action_taken_by_ig_office: optional(values.action_taken_by_ig_office),
    final_decision: optional(values.final_decision),
    // Always sent: the form shows both, so what it shows is what the case keeps.
    citizen_language: values.citizen_language,
    sms_consent: values.sms_consent,
  };
  if (!values.parties) return { body, rowIndexes, partyIndexes: [] };
  const { parties, partyIndexes } = partiesRequest(values.parties);
  return { body: { ...body, parties }, rowIndexes, partyIndexes };
}

/** The server's field messages with its officer and person row numbers mapped back to the form's rows. */
export function serverErrors(fields: Record<string, string>, { rowIndexes, partyIndexes }: SentRows): GrievanceErrors {
  const errors: GrievanceErrors = {};
  for (const [field, message] of Object.entries(fields)) {
    const row = /^investigation_officers\[(\d+)\](.*)$/.exec(field);
    const party = formPartyKey(field, partyIndexes);
    if (party) {
      errors[party] = message;
    } else if (row) {
      const formIndex = rowIndexes[Number(row[1])] ?? Number(row[1]);
      errors[`investigation_officers[${formIndex}]${row[2]}`] = message;
    } else {
      errors[field] = message;
    }
  }
  return errors;
}
