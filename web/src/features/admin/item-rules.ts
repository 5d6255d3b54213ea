// Rules of the list item dialog.
import type { ListKind, StatusMeaning } from '../../api/types';
import { i18n } from '../../i18n';

export interface ItemFormValues {
  name: string;
  /** The name in Hindi, as typed: blank for none (the English name is shown then). */
  name_hi: string;
  description: string;
  /** As typed; parsed on save. */
  display_order: string;
  is_active: boolean;
  /** Sent for statuses only. */
  meaning: StatusMeaning;
  /** A police station's district, as the select holds it: '' for none. */
  district_id: string;
  /** A district's range, as typed: blank for none. */
  range: string;
  /** A district's or police station's official code, as typed: blank for none. */
  code: string;
}

/** The server's default for a new status too. */
export const DEFAULT_MEANING: StatusMeaning = 'in_progress';

export const EMPTY_ITEM: ItemFormValues = {
  name: '',
  name_hi: '',
  description: '',
  display_order: '0',
  is_active: true,
  meaning: DEFAULT_MEANING,
  district_id: '',
  range: '',
  code: '',
};

export const STATUS_MEANINGS: readonly StatusMeaning[] = ['open', 'in_progress', 'resolved', 'closed'];

/** Only a status has a meaning; the server refuses one on any other list. */
export const hasMeaning = (kind: ListKind) => kind === 'statuses';

/** A police station belongs to a district, and a district to a range. */
export const hasDistrict = (kind: ListKind) => kind === 'police_stations';
export const hasRange = (kind: ListKind) => kind === 'districts';

/** Districts and police stations carry an official code (the national police-station code). */
export const hasCode = (kind: ListKind) => kind === 'districts' || kind === 'police_stations';

/** The longest code the server keeps. */
export const MAX_CODE_LENGTH = 20;

/** The ranges the districts already name, sorted, for the range field's suggestions. */
export function rangesOf(districts: readonly { range?: string | null }[]): string[] {
  return [...new Set(districts.map((d) => d.range?.trim()).filter((r): r is string => Boolean(r)))].sort((a, b) => a.localeCompare(b));
}

export function itemNameError(name: string): string | null {
  return name.trim() ? null : i18n.t('admin:item.nameRequired');
}

/** display_order parsed as an integer; anything else is 0. */
export function parseDisplayOrder(text: string): number {
  const value = Number.parseInt(text.trim(), 10);
  return Number.isFinite(value) ? value : 0;
}
