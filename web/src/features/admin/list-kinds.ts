// The twelve Admin Panel lists (spec §2 "Admin Panel") with their labels.
import type { ListKind } from '../../api/types';

export interface ListKindInfo {
  kind: ListKind;
  /** Tab label. */
  label: string;
  /** One item, for dialog titles and button names. */
  singular: string;
}

export const LIST_KINDS: readonly ListKindInfo[] = [
  { kind: 'categories', label: 'Categories', singular: 'Category' },
  { kind: 'priorities', label: 'Priorities', singular: 'Priority' },
  { kind: 'statuses', label: 'Statuses', singular: 'Status' },
  { kind: 'call_types', label: 'Call Types', singular: 'Call Type' },
  { kind: 'crime_titles', label: 'Crime Titles', singular: 'Crime Title' },
  { kind: 'districts', label: 'Districts', singular: 'District' },
  { kind: 'police_stations', label: 'Police Stations', singular: 'Police Station' },
  { kind: 'positions', label: 'Current Positions', singular: 'Current Position' },
  { kind: 'reasons', label: 'Reasons', singular: 'Reason' },
  { kind: 'actions', label: 'Actions', singular: 'Action' },
  { kind: 'departments', label: 'Departments', singular: 'Department' },
  { kind: 'designations', label: 'Designations', singular: 'Designation' },
];

export function isListKind(value: string | null | undefined): value is ListKind {
  return LIST_KINDS.some((info) => info.kind === value);
}
