// The grievance list's filters and their rules.
// They live in the URL query, are sent to the server as query parameters, and
// default to empty.
import type { operations } from '../../api/schema';
import { i18n } from '../../i18n';
import { formatCount } from '../../lib/format';
import { ACTS } from './law/law';
import { withOrder, type ListOrder } from './list-order';

const t = (key: string, values?: Record<string, unknown>) => i18n.t(`grievances:${key}`, values);

/** What GET /grievances (and the exports, which read the same filters) takes. */
type ListQuery = NonNullable<operations['list_grievances']['parameters']['query']>;

// Each filter is sent as the query parameter of its name: a key the server does not take fails here.
export const FILTER_KEYS = [
  'search',
  'fir_no',
  'district',
  'police_station',
  'status',
  'priority',
  'from_date',
  'to_date',
  'filed_from',
  'filed_to',
  'assignee',
  'crime_head',
  'overdue',
  'clock',
  'act',
  'section',
  'closure',
  'escalated',
  'appeal',
] as const satisfies readonly (keyof ListQuery)[];

export type FilterKey = (typeof FILTER_KEYS)[number];
/**
 * Every filter is text; `overdue` is 'true' when on and '' when off (overdue=false means no
 * filter); `closure` is 'pending' for the closure requests waiting for approval, else '';
 * `escalated` is 'me' for the grievances escalated to the signed-in user's posting, else '';
 * `appeal` is 'pending' for the grievances whose complainant's appeal awaits a decision, else '';
 * `clock` is one of CLOCK_FILTERS (a statutory clock missed, or one due within 7 days), else '';
 * `act` is one of ACTS, else ''; `section` a section of it as staff write one ('303(2)'), only
 * with an act. `from_date` and `to_date` bound the FIR date, `filed_from` and `filed_to` the day
 * the grievance was filed (YYYY-MM-DD, inclusive); `assignee` is 'me', 'none' or a user's id;
 * `crime_head` a crime title as filed, matched whole with capitals ignored.
 */
export type GrievanceFilters = Record<FilterKey, string>;

export const EMPTY_FILTERS: GrievanceFilters = {
  search: '',
  fir_no: '',
  district: '',
  police_station: '',
  status: '',
  priority: '',
  from_date: '',
  to_date: '',
  filed_from: '',
  filed_to: '',
  assignee: '',
  crime_head: '',
  overdue: '',
  clock: '',
  act: '',
  section: '',
  closure: '',
  escalated: '',
  appeal: '',
};

/** The `closure` filter's one value: the 'Closure requests' queue. */
export const CLOSURE_PENDING = 'pending';

/** The `appeal` filter's one value: the 'Appeals' queue. */
export const APPEAL_PENDING = 'pending';

/** The `clock` filter's values: a statutory clock missed, or one due within 7 days. */
export const CLOCK_FILTERS = ['missed', 'due'] as const;

/** The `escalated` filter's one value: the 'Escalated to me' queue. */
export const ESCALATED_TO_ME = 'me';

/** The `assignee` filter's values besides a user's id: the caller's own cases, and those assigned to nobody. */
export const ASSIGNED_TO_ME = 'me';
export const UNASSIGNED = 'none';

/** An assignee the server can filter by: 'me', 'none' or a user's id. */
const readableAssignee = (value: string) => value === ASSIGNED_TO_ME || value === UNASSIGNED || /^[1-9]\d{0,17}$/.test(value);

/** A day as the server reads one (YYYY-MM-DD). */
const readableDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * The places a filter offers within the caller's scope: the items whose ids a
 * posting holds, or every item when the scope names none (null: any place).
 */
export function withinScope<T extends { id: number }>(items: readonly T[], ids: readonly number[] | null | undefined): T[] {
  if (!ids) return [...items];
  const held = new Set(ids);
  return items.filter((item) => held.has(item.id));
}

/** Grievances asked for per page. */
export const PAGE_SIZE = 50;

/** The filters written in a URL query. */
export function filtersFromParams(params: URLSearchParams): GrievanceFilters {
  const filters = { ...EMPTY_FILTERS };
  for (const key of FILTER_KEYS) filters[key] = params.get(key) ?? '';
  // Only 'true' switches it on: anything else would send a value the server does not filter by.
  filters.overdue = filters.overdue === 'true' ? 'true' : '';
  filters.closure = filters.closure === CLOSURE_PENDING ? CLOSURE_PENDING : '';
  filters.appeal = filters.appeal === APPEAL_PENDING ? APPEAL_PENDING : '';
  filters.clock = (CLOCK_FILTERS as readonly string[]).includes(filters.clock) ? filters.clock : '';
  filters.escalated = filters.escalated === ESCALATED_TO_ME ? ESCALATED_TO_ME : '';
  filters.act = (ACTS as readonly string[]).includes(filters.act) ? filters.act : '';
  filters.section = filters.act && readableSection(filters.section) ? filters.section.trim() : '';
  // A hand-edited address must not send the server what it would refuse.
  filters.assignee = readableAssignee(filters.assignee) ? filters.assignee : '';
  filters.filed_from = readableDay(filters.filed_from) ? filters.filed_from : '';
  filters.filed_to = readableDay(filters.filed_to) ? filters.filed_to : '';
  return filters;
}

/** The non-empty filters as query parameters, trimmed, in a fixed order. */
export function filtersToParams(filters: GrievanceFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key].trim();
    if (value) params.set(key, value);
  }
  return params;
}

/** How many filters are set. */
export function activeFilterCount(filters: GrievanceFilters): number {
  return FILTER_KEYS.filter((key) => filters[key].trim() !== '').length;
}

/**
 * The API path of one page of the list, in `order` (newest filed first when absent), of
 * `limit` grievances at most (a page's worth when absent), each as the list's row shows it
 * (`view=summary`: a third of the whole record's bytes; the case's screen reads it whole).
 */
export function listPath(filters: GrievanceFilters, cursor?: string | null, order?: ListOrder, limit = PAGE_SIZE): string {
  const params = order ? withOrder(filtersToParams(filters), order) : filtersToParams(filters);
  params.set('limit', String(limit));
  params.set('view', 'summary');
  if (cursor) params.set('cursor', cursor);
  return `/grievances?${params.toString()}`;
}

/**
 * Whether `text` is a section number as the server reads one: digits, at most three letters,
 * up to three bracketed sub-divisions ('303(2)', '376AB', '193(3)(ii)'); spaces aside.
 */
export function readableSection(text: string): boolean {
  return /^\d{1,4}[A-Za-z]{0,3}(\([A-Za-z0-9]{1,4}\)){0,3}$/.test(text.replace(/[\s-]/g, ''));
}

/** 'From Date' after 'To Date' finds nothing: say so under To Date. */
export function dateRangeError(filters: GrievanceFilters): string | null {
  const { from_date: from, to_date: to } = filters;
  return from && to && from > to ? t('filters.dateRange') : null;
}

/** 'Filed from' after 'Filed to' finds nothing: say so under Filed to. */
export function filedRangeError(filters: GrievanceFilters): string | null {
  const { filed_from: from, filed_to: to } = filters;
  return from && to && from > to ? t('filters.filedRange') : null;
}

export interface CounterInput {
  /** Rows loaded so far (all pages). */
  loaded: number;
  /** Grievances the user can see in all. */
  total: number;
  /** How many match the filters, when the server knows; null otherwise. */
  matched: number | null | undefined;
  /** Whether another page may follow. */
  hasMore: boolean;
  /** Whether any filter is set. */
  filtered: boolean;
}

export interface Counters {
  /** 'Showing X of Y grievances'. */
  showing: string;
  /** 'N filtered out', when known and filters are set. */
  filteredOut: string | null;
  /** A note on what is still to load. */
  more: string | null;
}

/**
 * The list's counters. When the server cannot tell how many match (matched is
 * null) and more pages follow, the count filtered out is not known yet.
 */
export function listCounters({ loaded, total, matched, hasMore, filtered }: CounterInput): Counters {
  const showing = t('list.showing', { loaded: formatCount(loaded), total: formatCount(total), count: total });
  const known = typeof matched === 'number' ? matched : hasMore ? null : loaded;
  const filteredOut = filtered && known !== null ? t('list.filteredOut', { count: Math.max(0, total - known), n: formatCount(Math.max(0, total - known)) }) : null;
  let more: string | null = null;
  if (hasMore) {
    if (known !== null && known > loaded) more = t(filtered ? 'list.moreMatching' : 'list.more', { n: formatCount(known - loaded), count: known - loaded });
    else more = filtered ? t('list.moreMatchesMayFollow') : t('list.moreToLoad');
  }
  return { showing, filteredOut, more };
}
