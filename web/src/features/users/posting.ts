// A user's posting: where in the organisation they serve, as the form edits it
// and as the profile, the banner and the users table name it.
import type { ListItem, PostingWire } from '../../api/types';
import { i18n } from '../../i18n';
import { sortItems } from '../admin/api/lists';
import { useListItems } from '../admin/api/use-list-items';
import { rangesOf } from '../admin/item-rules';

export type PostingLevel = PostingWire['level'];

export const POSTING_LEVELS: readonly PostingLevel[] = ['state', 'range', 'district', 'station'];

/** The posting as the form holds it: a level, and the place chosen at that level ('' until chosen). */
export interface PostingValues {
  level: PostingLevel;
  /** A station's or district's id as text, or a range's name. */
  place: string;
}

export const STATE_POSTING: PostingValues = { level: 'state', place: '' };

export function postingValues(posting?: PostingWire | null): PostingValues {
  if (!posting) return STATE_POSTING;
  if (posting.level === 'range') return { level: 'range', place: posting.range ?? '' };
  if (posting.level === 'state') return STATE_POSTING;
  return { level: posting.level, place: posting.id ? String(posting.id) : '' };
}

/** The request's posting; null while a level below the state has no place chosen. */
export function postingOf(values: PostingValues): PostingWire | null {
  if (values.level === 'state') return { level: 'state' };
  if (!values.place) return null;
  return values.level === 'range' ? { level: 'range', range: values.place } : { level: values.level, id: Number(values.place) };
}

/** The places a level offers: ranges named by the districts, districts, or police stations (active ones, and the current). */
export function placesFor(level: PostingLevel, districts: readonly ListItem[], stations: readonly ListItem[], current: string) {
  if (level === 'range') return rangesOf(districts).map((range) => ({ value: range, label: range }));
  const items = level === 'district' ? districts : level === 'station' ? stations : [];
  return sortItems(items)
    .filter((item) => item.is_active || String(item.id) === current)
    .map((item) => ({ value: String(item.id), label: item.name }));
}

/** The districts and police stations, read when a posting needs them. */
export function useOrganisationLists(needed = true) {
  const districts = useListItems(needed ? 'districts' : null);
  const stations = useListItems(needed ? 'police_stations' : null);
  return { districts: districts.data ?? [], stations: stations.data ?? [], error: districts.error ?? stations.error };
}

/** How a posting reads: "Agra Range", "Agra district", "Sadar Bazar police station", "The whole state". */
export function postingLabel(posting: PostingWire | null | undefined, districts: readonly ListItem[], stations: readonly ListItem[]): string {
  const t = (key: string, values?: Record<string, unknown>) => i18n.t(`users:posting.${key}`, values);
  if (!posting || posting.level === 'state') return t('stateLabel');
  if (posting.level === 'range') return posting.range ?? '';
  const items = posting.level === 'district' ? districts : stations;
  const name = items.find((item) => item.id === posting.id)?.name ?? `#${posting.id ?? ''}`;
  const key = posting.level === 'district' ? 'districtLabel' : 'stationLabel';
  // A place already named for its kind ("Central District", "Kotwali Police Station") is
  // not called so twice.
  const kind = t(key, { name: '' }).trim().toLocaleLowerCase();
  const named = name.toLocaleLowerCase();
  return named.endsWith(kind) || named.startsWith(kind) ? name : t(key, { name });
}

/** A posting's label, reading the lists only for a posting below the state. */
export function usePostingLabel(posting: PostingWire | null | undefined): string {
  const below = Boolean(posting && posting.level !== 'state');
  const { districts, stations } = useOrganisationLists(below);
  return postingLabel(posting, districts, stations);
}
