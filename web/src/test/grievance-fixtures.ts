import type { ClosureRequest, Duplicate, GrievanceSummaryPage, GrievanceSummaryRow, GrievanceView, ListItem, Pendency } from '../api/types';

/** At the Inward stage for 3 days, within a 30-day limit. */
export function makePendency(overrides: Partial<Pendency> = {}): Pendency {
  return {
    stage: 'inward',
    stage_label: 'Inward',
    since: '2025-01-11',
    days_at_stage: 3,
    limit_days: 30,
    overdue: false,
    days_overdue: 0,
    ...overrides,
  };
}

/** A closure to Closed asked for by Ravi Kumar (user 8). */
export function makeClosure(overrides: Partial<ClosureRequest> = {}): ClosureRequest {
  return {
    status_id: 12,
    status: 'Closed',
    final_decision: 'Complaint settled: the money was returned.',
    notes: 'Complainant satisfied',
    requested_by: 8,
    requested_by_name: 'Ravi Kumar',
    requested_at: '2025-02-10T06:30:00Z',
    ...overrides,
  };
}

/** A likely duplicate at Civil Lines: GRV-2025-000003, FIR/2025-77 of 2 Jan 2025, Pending. */
export function makeDuplicate(overrides: Partial<Duplicate> = {}): Duplicate {
  return {
    id: 3,
    grievance_number: 'GRV-2025-000003',
    fir_no: 'FIR/2025-77',
    fir_date: '2025-01-02',
    police_station: 'Civil Lines',
    status: 'Pending',
    filed_at: '2025-01-03T09:30:00Z',
    likeness: null,
    ...overrides,
  };
}

export function makeGrievance(overrides: Partial<GrievanceView> = {}): GrievanceView {
  return {
    id: 12,
    grievance_number: 'GRV-2025-000012',
    type_of_call: 'Walk-in',
    fir_no: 'FIR/2025-012',
    fir_date: '2025-01-10',
    section_and_act: '379 IPC',
    sections: [{ act: 'IPC', section: '379' }],
    parties: [],
    sensitive_mark: null,
    publication_withheld: null,
    citizen_language: 'en',
    sms_consent: false,
    progress_updates: [],
    feedback: [],
    appeals: [],
    sensitive: false,
    crime_title: 'Theft',
    district: 'Central District',
    district_id: 3,
    police_station: 'City Kotwali',
    police_station_id: 5,
    status: 'Pending',
    status_id: 9,
    status_meaning: 'open',
    priority: 'High',
    priority_id: 7,
    put_in_court: false,
    cross_case: true,
    reason: null,
    current_investigation_officer: 'SI Rao',
    investigation_officers: [],
    brief_details: 'Motorcycle stolen from the market parking.',
    date_of_order: null,
    date_of_inward: null,
    date_for_scrutiny: null,
    scrutiny_officer_name: null,
    received_date_after_scrutiny: null,
    date_of_outward: null,
    action_taken_by_ig_office: null,
    final_decision: null,
    filed_by: 7,
    filed_by_name: 'Asha Verma',
    assigned_to: null,
    assigned_to_name: null,
    filed_at: '2025-01-11T09:30:00Z',
    updated_at: '2025-01-12T10:00:00Z',
    resolved_at: null,
    version: 3,
    pendency: makePendency(),
    clock_events: [],
    clocks: [],
    section_warnings: [],
    ...overrides,
  };
}

/** A page of the list as the list screen asks for it (`view=summary`); whole records serve as its rows. */
export function page(data: GrievanceSummaryRow[], extra: Partial<GrievanceSummaryPage> = {}): GrievanceSummaryPage {
  return { success: true, view: 'summary', data, total: data.length, matched: data.length, next_cursor: null, bounded: false, examined: data.length, ...extra };
}

export function listItem(id: number, name: string, is_active = true): ListItem {
  return { id, name, description: '', display_order: id, is_active, created_at: '', updated_at: '' };
}

/** The seven lists the grievance form reads, each with a few active items and one inactive. */
export const FORM_LISTS: Record<string, ListItem[]> = {
  call_types: [listItem(13, 'Walk-in'), listItem(14, 'Phone Call')],
  crime_titles: [listItem(19, 'Theft'), listItem(20, 'Burglary'), listItem(29, 'Old Crime', false)],
  districts: [listItem(30, 'Central District'), listItem(31, 'North District')],
  police_stations: [listItem(34, 'City Kotwali'), listItem(35, 'Civil Lines')],
  statuses: [listItem(9, 'Pending'), listItem(10, 'In Progress'), listItem(11, 'Resolved'), listItem(12, 'Closed')],
  priorities: [listItem(5, 'Low'), listItem(6, 'Medium'), listItem(7, 'High'), listItem(8, 'Critical')],
  reasons: [listItem(46, 'Delay in Investigation')],
};

/** mockApi handlers answering the form's lists. */
export function listHandlers() {
  return Object.fromEntries(
    Object.entries(FORM_LISTS).map(([kind, items]) => [
      `GET /api/admin/dropdowns/${kind}`,
      () => new Response(JSON.stringify(items), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    ]),
  );
}
