// The labels staff see for a grievance's fields,
// shared by the form, the detail and the audit trail; in the current language
// (the grievances catalogue's field.<name>).
import type { Grievance, GrievanceFields } from '../../api/types';
import { i18n } from '../../i18n';

/**
 * The grievance's optional dates and short texts, in the form's order: the form's
 * values, its inputs, what it sends and the detail page's rows are all made from
 * this list, so a new one is added here (and its label in the catalogues).
 * They all sit in the form's and the detail page's Dates section.
 */
export const OPTIONAL_FIELDS = [
  { name: 'date_of_order', kind: 'date' },
  { name: 'date_of_inward', kind: 'date' },
  { name: 'date_for_scrutiny', kind: 'date' },
  // The detail page lists the dates in the order they happen, so outward comes last there.
  { name: 'date_of_outward', kind: 'date', detailAfter: 'received_date_after_scrutiny' },
  { name: 'scrutiny_officer_name', kind: 'text' },
  { name: 'received_date_after_scrutiny', kind: 'date' },
] as const satisfies readonly OptionalField[];

/** The names of the fields both sent and read back that hold a string or nothing. */
type StringOrNullField = {
  [K in keyof GrievanceFields & keyof Grievance]: GrievanceFields[K] | Grievance[K] extends string | null ? K : never;
}[keyof GrievanceFields & keyof Grievance];

interface OptionalField {
  name: StringOrNullField;
  /** A date is sent as typed or null and shown formatted; a text is sent trimmed or null and shown as is. */
  kind: 'date' | 'text';
  /** Where the detail page shows it when not at its place in the form's order: after this field. */
  detailAfter?: StringOrNullField;
}

export type OptionalFieldEntry = (typeof OPTIONAL_FIELDS)[number];
export type OptionalFieldName = OptionalFieldEntry['name'];

/** The optional fields in the detail page's order. */
export const OPTIONAL_FIELDS_DETAIL_ORDER: readonly OptionalFieldEntry[] = (() => {
  const ordered: OptionalFieldEntry[] = OPTIONAL_FIELDS.filter((field) => !('detailAfter' in field));
  for (const field of OPTIONAL_FIELDS) {
    if (!('detailAfter' in field)) continue;
    const after = ordered.findIndex((other) => other.name === field.detailAfter);
    ordered.splice(after < 0 ? ordered.length : after + 1, 0, field);
  }
  return ordered;
})();

export const FIELD_NAMES = ['grievance_number', 'type_of_call', 'fir_no', 'fir_date', 'section_and_act', 'crime_title', 'district', 'police_station', 'status', 'status_id', 'priority', 'priority_id', 'put_in_court', 'cross_case', 'reason', 'current_investigation_officer', 'investigation_officers', 'parties', 'brief_details', ...OPTIONAL_FIELDS.map((field) => field.name), 'action_taken_by_ig_office', 'final_decision', 'filed_by', 'filed_by_name', 'assigned_to', 'assigned_to_name', 'filed_at', 'updated_at', 'resolved_at', 'version', 'id', 'officer_name', 'from_date', 'to_date', 'findings', 'complete_record', 'attachments', 'case_notes', 'escalation', 'sensitive_mark', 'publication_withheld', 'citizen_language', 'sms_consent', 'progress_updates', 'feedback', 'appeals'] as const;

const KNOWN = new Set<string>(FIELD_NAMES);

/** The label of a field, else the field name made readable ('date_of_order' -> 'Date of order'). */
export function fieldLabel(field: string | null | undefined): string {
  if (!field) return '-';
  if (KNOWN.has(field)) return i18n.t(`grievances:field.${field}`);
  const officer = /^investigation_officers\[(\d+)\]\.(\w+)$/.exec(field);
  if (officer) {
    const inner = officer[2] === 'officer_name' ? i18n.t('grievances:field.name') : fieldLabel(officer[2]);
    return i18n.t('grievances:field.officerN', { n: Number(officer[1]) + 1, field: inner });
  }
  const words = field.replace(/[_.]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
