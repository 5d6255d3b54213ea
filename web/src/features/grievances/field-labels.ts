// The labels staff see for a grievance's fields (spec §2 "Grievance form"),
// shared by the form, the detail and the audit trail.

export const FIELD_LABELS: Record<string, string> = {
  grievance_number: 'Grievance Number',
  type_of_call: 'Type of Call',
  fir_no: 'FIR Number',
  fir_date: 'FIR Date',
  section_and_act: 'Section & Act',
  crime_title: 'Crime Title',
  district: 'District',
  police_station: 'Police Station',
  status: 'Status',
  status_id: 'Status Id',
  priority: 'Priority',
  priority_id: 'Priority Id',
  put_in_court: 'Put in Court',
  cross_case: 'Cross Case',
  reason: 'Reason',
  current_investigation_officer: 'Current Investigation Officer',
  investigation_officers: 'Investigation Officers',
  brief_details: 'Brief Details',
  date_of_order: 'Date of Order',
  date_of_inward: 'Date of Inward',
  date_for_scrutiny: 'Date for Scrutiny',
  scrutiny_officer_name: 'Scrutiny Officer',
  received_date_after_scrutiny: 'Received After Scrutiny',
  date_of_outward: 'Date of Outward',
  action_taken_by_ig_office: 'Action Taken by IG Office',
  final_decision: 'Final Decision',
  filed_by: 'Filed By (Id)',
  filed_by_name: 'Filed By',
  assigned_to: 'Assigned To (Id)',
  assigned_to_name: 'Assigned To',
  filed_at: 'Filed Date',
  updated_at: 'Last Updated',
  resolved_at: 'Resolved Date',
  version: 'Version',
  id: 'Record Id',
  officer_name: 'Officer Name',
  from_date: 'From Date',
  to_date: 'To Date',
  findings: 'Findings',
  complete_record: 'Complete record',
};

/** The label of a field, else the field name made readable ('date_of_order' -> 'Date of order'). */
export function fieldLabel(field: string | null | undefined): string {
  if (!field) return '-';
  if (FIELD_LABELS[field]) return FIELD_LABELS[field];
  const officer = /^investigation_officers\[(\d+)\]\.(\w+)$/.exec(field);
  if (officer) return `Officer ${Number(officer[1]) + 1}: ${fieldLabel(officer[2]).replace(/^Officer Name$/, 'Name')}`;
  const words = field.replace(/[_.]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
