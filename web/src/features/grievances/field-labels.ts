// The labels staff see for a grievance's fields,
// shared by the form, the detail and the audit trail; in the current language
// (the grievances catalogue's field.<name>).
import { i18n } from '../../i18n';

export const FIELD_NAMES = ['grievance_number', 'type_of_call', 'fir_no', 'fir_date', 'section_and_act', 'crime_title', 'district', 'police_station', 'status', 'status_id', 'priority', 'priority_id', 'put_in_court', 'cross_case', 'reason', 'current_investigation_officer', 'investigation_officers', 'brief_details', 'date_of_order', 'date_of_inward', 'date_for_scrutiny', 'scrutiny_officer_name', 'received_date_after_scrutiny', 'date_of_outward', 'action_taken_by_ig_office', 'final_decision', 'filed_by', 'filed_by_name', 'assigned_to', 'assigned_to_name', 'filed_at', 'updated_at', 'resolved_at', 'version', 'id', 'officer_name', 'from_date', 'to_date', 'findings', 'complete_record', 'attachments', 'case_notes', 'escalation'] as const;

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
