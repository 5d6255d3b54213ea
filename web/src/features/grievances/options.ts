// The Admin Panel lists the grievance screens offer.
import type { ListItem, ListKind, PostingWire } from '../../api/types';
import { useActiveItems } from '../admin/api/use-active-items';

/**
 * The police stations offered with `district` chosen: its own, and those the Admin Panel
 * places in no district; every station while no district (or one not in the list) is chosen.
 */
export function stationsOf(stations: readonly ListItem[], districts: readonly ListItem[], district: string): ListItem[] {
  const chosen = districts.find((item) => item.name === district);
  return chosen ? stations.filter((station) => station.district_id == null || station.district_id === chosen.id) : [...stations];
}

/**
 * The districts offered beside a police station that cannot change here (an edit: a filed
 * case moves by transfer): the station's own district, and the district the case names now
 * if that is another (a pair an earlier release saved, kept until a transfer fixes it). A
 * station placed in no district leaves every district open.
 */
export function districtsBeside(stations: readonly ListItem[], districts: readonly ListItem[], station: string, current: string): ListItem[] {
  const placed = stations.find((item) => item.name === station)?.district_id;
  if (placed == null || !districts.some((item) => item.id === placed)) return [...districts];
  return districts.filter((item) => item.id === placed || item.name === current);
}

/** The name of the district police station `station` lies in; '' when it lies in none (or is not in the list). */
export function districtOf(stations: readonly ListItem[], districts: readonly ListItem[], station: string): string {
  const placed = stations.find((item) => item.name === station)?.district_id;
  return districts.find((item) => item.id === placed)?.name ?? '';
}

/**
 * Where a new case of the writer starts: their station (with its district) when they are
 * posted to one, their district when posted to a district; nowhere otherwise, or when the
 * place is not an active item of the lists.
 */
export function placeOfPosting(
  posting: PostingWire | null | undefined,
  stations: readonly ListItem[],
  districts: readonly ListItem[],
): { district: string; police_station: string } {
  const none = { district: '', police_station: '' };
  if (posting?.level === 'station') {
    const station = stations.find((item) => item.id === posting.id);
    return station ? { district: districtOf(stations, districts, station.name), police_station: station.name } : none;
  }
  if (posting?.level === 'district') {
    const district = districts.find((item) => item.id === posting.id);
    return district ? { district: district.name, police_station: '' } : none;
  }
  return none;
}

const FORM_LISTS = ['call_types', 'crime_titles', 'districts', 'police_stations', 'statuses', 'priorities', 'reasons'] as const;
type FormList = (typeof FORM_LISTS)[number];

/** The active items of every list the grievance form uses, and whether any failed to load. */
export function useGrievanceLists() {
  const lists = {
    call_types: useActiveItems('call_types'),
    crime_titles: useActiveItems('crime_titles'),
    districts: useActiveItems('districts'),
    police_stations: useActiveItems('police_stations'),
    statuses: useActiveItems('statuses'),
    priorities: useActiveItems('priorities'),
    reasons: useActiveItems('reasons'),
  } satisfies Record<FormList, ReturnType<typeof useActiveItems>>;
  const failed = FORM_LISTS.some((kind) => Boolean(lists[kind].error));
  const loading = FORM_LISTS.some((kind) => lists[kind].isLoading);
  const items = (kind: FormList & ListKind) => lists[kind].items;
  const loaded = (kind: FormList & ListKind) => lists[kind].loaded;
  return { items, loaded, failed, loading };
}
