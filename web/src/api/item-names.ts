// The names of admin-list items as the reader reads them: an item's Hindi name on the Hindi
// screens (its English name where it has none), its English name otherwise. Grievances,
// reports and figures name items by their English name, unique within a list, so that is
// the key; the value sent back to the server (a filter, a form) stays the English name.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { ListItem, ListKind } from './types';

/** SWR key of one admin list. */
export const listKey = (kind: ListKind) => `/admin/dropdowns/${kind}`;

/** The Hindi name of each item that has one, by its English name. */
function hindiNames(items: readonly ListItem[] | undefined): Map<string, string> {
  const names = new Map<string, string>();
  for (const item of items ?? []) {
    const hindi = item.name_hi?.trim();
    if (hindi) names.set(item.name, hindi);
  }
  return names;
}

/** An item's name as a reader of `language` reads it. */
export function readerName(item: Pick<ListItem, 'name' | 'name_hi'>, language: string): string {
  return (language === 'hi' && item.name_hi?.trim()) || item.name;
}

/** Whether the screens are in Hindi. */
function useHindi(): boolean {
  const { i18n } = useTranslation();
  return i18n.language === 'hi';
}

/**
 * The reader's name of an item of `kind`, given its English name. The list is read (once,
 * shared through SWR's cache) only for a reader of Hindi.
 */
export function useItemName(kind: ListKind): (name: string) => string {
  const hindi = useHindi();
  const { data } = useSWR<ListItem[]>(hindi ? listKey(kind) : null);
  return useMemo(() => {
    const names = hindiNames(hindi ? data : undefined);
    return (name: string) => names.get(name) ?? name;
  }, [hindi, data]);
}

type Named = (name: string | null | undefined) => string | null | undefined;

/** The reader's names of the items a grievance names, one function per list (a blank value stays blank). */
export function useGrievanceItemNames(): Record<'call_types' | 'crime_titles' | 'districts' | 'police_stations' | 'statuses' | 'priorities' | 'reasons', Named> {
  const lists = {
    call_types: useItemName('call_types'),
    crime_titles: useItemName('crime_titles'),
    districts: useItemName('districts'),
    police_stations: useItemName('police_stations'),
    statuses: useItemName('statuses'),
    priorities: useItemName('priorities'),
    reasons: useItemName('reasons'),
  };
  const blankOr = (named: (name: string) => string): Named => (name) => (name ? named(name) : name);
  return {
    call_types: blankOr(lists.call_types),
    crime_titles: blankOr(lists.crime_titles),
    districts: blankOr(lists.districts),
    police_stations: blankOr(lists.police_stations),
    statuses: blankOr(lists.statuses),
    priorities: blankOr(lists.priorities),
    reasons: blankOr(lists.reasons),
  };
}
