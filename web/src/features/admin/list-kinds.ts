// The twelve Admin Panel lists with their labels.
import type { ListKind } from '../../api/types';
import { i18n } from '../../i18n';

export interface ListKindInfo {
  kind: ListKind;
  /** Tab label. */
  readonly label: string;
  /** One item, for dialog titles and button names. */
  readonly singular: string;
}

const KINDS: readonly ListKind[] = [
  'categories',
  'priorities',
  'statuses',
  'call_types',
  'crime_titles',
  'districts',
  'police_stations',
  'positions',
  'reasons',
  'actions',
  'departments',
  'designations',
];

/** A list's labels, read in the current language each time they are used. */
function kindInfo(kind: ListKind): ListKindInfo {
  return {
    kind,
    get label() {
      return i18n.t(`admin:list.${kind}.label`);
    },
    get singular() {
      return i18n.t(`admin:list.${kind}.singular`);
    },
  };
}

export const LIST_KINDS: readonly ListKindInfo[] = KINDS.map(kindInfo);

export function isListKind(value: string | null | undefined): value is ListKind {
  return LIST_KINDS.some((info) => info.kind === value);
}
