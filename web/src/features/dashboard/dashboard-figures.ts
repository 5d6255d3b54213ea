// The dashboard's figures from GET /grievances/stats.
import type { Activity, GrievanceStats, ListItem, ListKind, ScopeView, StationPerformance, StatusCount } from '../../api/types';
import { i18n } from '../../i18n';
import { formatDecimal } from '../../i18n/format';
import { formatCount } from '../../lib/format';
import { citizenWord, levelWord } from '../grievances/citizen/citizen';
import { groupActivities, type ActivityLine } from './activity-groups';

/** Recent activity shows this many lines (a run of like events is one line). */
export const RECENT_ACTIVITY_COUNT = 4;

export interface CaseTotals {
  total: number;
  pending: number;
  inProgress: number;
  resolved: number;
  closed: number;
  high: number;
  critical: number;
  /** (resolved + closed) / total, rounded, in percent; 0 with no cases. */
  resolutionRate: number;
}

const countOf = <T extends { count: number }>(list: readonly T[], key: (item: T) => string, name: string) =>
  list.filter((item) => key(item).trim().toLowerCase() === name.toLowerCase()).reduce((sum, item) => sum + item.count, 0);

export function caseTotals(stats: GrievanceStats): CaseTotals {
  const total = stats.byStatus.reduce((sum, item) => sum + item.count, 0);
  // Statuses are told apart by what they mean, so an Admin Panel rename ("Resolved" to
  // "Disposed") keeps the tiles and the rate right.
  const status = (meaning: StatusCount['meaning']) =>
    stats.byStatus.filter((item) => item.meaning === meaning).reduce((sum, item) => sum + item.count, 0);
  const priority = (name: string) => countOf(stats.byPriority, (item) => item.priority, name);
  const resolved = status('resolved');
  const closed = status('closed');
  return {
    total,
    pending: status('open'),
    inProgress: status('in_progress'),
    resolved,
    closed,
    high: priority('High'),
    critical: priority('Critical'),
    resolutionRate: total > 0 ? Math.round(((resolved + closed) / total) * 100) : 0,
  };
}

/**
 * The status a tile of `meaning` stands for: the one status the Admin Panel gives that
 * meaning, so that a renamed status keeps its name on the tile and its link. None while the
 * statuses load, or when several (or none) share the meaning: the tile then says what the
 * meaning is, and opens no list.
 */
export function statusOfMeaning(statuses: readonly ListItem[] | undefined, meaning: StatusCount['meaning']): ListItem | undefined {
  const of = (statuses ?? []).filter((item) => item.meaning === meaning);
  return of.length === 1 ? of[0] : undefined;
}

/** A share of the total to one decimal: '33.3%'; '0.0%' with no cases. */
export function percentOf(count: number, total: number): string {
  return `${(total > 0 ? (count / total) * 100 : 0).toFixed(1)}%`;
}

export interface StatusBar {
  status: string;
  count: number;
  percent: string;
  /** Bar width, 0..100. */
  width: number;
}

export function statusBars(stats: GrievanceStats): StatusBar[] {
  const total = stats.byStatus.reduce((sum, item) => sum + item.count, 0);
  return stats.byStatus.map((item) => ({
    status: item.status,
    count: item.count,
    percent: percentOf(item.count, total),
    width: total > 0 ? (item.count / total) * 100 : 0,
  }));
}

/** green, blue and orange as sent; anything else purple. */
export function dotColour(color: string | null | undefined): 'green' | 'blue' | 'orange' | 'purple' {
  return color === 'green' || color === 'blue' || color === 'orange' ? color : 'purple';
}

/** The admin list whose items an activity's old and new values name, by the sentence's code. */
const ITEMS_OF_ACTIVITY: Record<string, ListKind> = {
  ACTIVITY_STATUS_CHANGED: 'statuses',
  ACTIVITY_CLOSURE_REQUESTED: 'statuses',
  ACTIVITY_CLOSURE_APPROVED: 'statuses',
  ACTIVITY_CLOSURE_RETURNED: 'statuses',
  ACTIVITY_PRIORITY_CHANGED: 'priorities',
  ACTIVITY_TRANSFERRED: 'police_stations',
};

/** The sentences whose new value is a rating or an appeal's outcome, which the server words in English. */
const CITIZEN_WORDS_OF_ACTIVITY = new Set(['ACTIVITY_FEEDBACK_RECEIVED', 'ACTIVITY_APPEAL_DECIDED']);

/**
 * An activity's values with the items it names (a status, a priority, a police station) as
 * `named` gives them, and a rating or an appeal's outcome: the reader's words, where the
 * server sends the English ones.
 */
export function activityParams(activity: Activity, named: (kind: ListKind, name: string) => string): Record<string, string> {
  const params: Record<string, string> = { ...(activity.params ?? {}) };
  const kind = activity.code ? ITEMS_OF_ACTIVITY[activity.code] : undefined;
  if (kind) {
    for (const key of ['old', 'new']) {
      if (params[key] && params[key] !== '-') params[key] = named(kind, params[key]);
    }
  }
  if (activity.code && CITIZEN_WORDS_OF_ACTIVITY.has(activity.code) && params.new) params.new = citizenWord(params.new);
  // An escalation and an appeal moved up name the level they went to by its code ('range').
  if ((activity.code === 'ACTIVITY_ESCALATED' || activity.code === 'ACTIVITY_APPEAL_ESCALATED') && params.new) params.new = levelWord(params.new);
  return params;
}

/** The first lines of Recent Activity, each run of like events on one case after another grouped. */
export function recentActivities(list: readonly Activity[] | undefined): ActivityLine[] {
  return groupActivities(list).slice(0, RECENT_ACTIVITY_COUNT);
}

/**
 * The station with the best resolution rate (more cases breaks a tie), or null
 * when no station has resolved anything yet.
 */
export function topStation(stations: readonly StationPerformance[]): StationPerformance | null {
  const best = stations.reduce<StationPerformance | null>((top, station) => {
    if (!top) return station;
    if (station.resolution_rate > top.resolution_rate) return station;
    if (station.resolution_rate === top.resolution_rate && station.total_cases > top.total_cases) return station;
    return top;
  }, null);
  return best && best.resolution_rate > 0 ? best : null;
}

/** The stations with overdue grievances, most overdue first (then by name). */
export function overdueStations(stations: readonly StationPerformance[]): StationPerformance[] {
  return stations
    .filter((station) => (station.overdue_cases ?? 0) > 0)
    .sort((a, b) => b.overdue_cases - a.overdue_cases || a.station_name.localeCompare(b.station_name));
}

/** The grievance list filtered to overdue grievances. */
export const OVERDUE_LIST = '/grievances?overdue=true';

/** The 'Escalated to me' queue. */
export const ESCALATED_LIST = '/grievances?escalated=me';

/** The grievance list filtered to cases with a statutory clock missed. */
export const MISSED_CLOCKS_LIST = '/grievances?clock=missed';

/** The grievance list filtered to cases with a statutory clock due within 7 days. */
export const DUE_CLOCKS_LIST = '/grievances?clock=due';

/** A count the server may leave unknown (null: it could not count without reading the cases), or '—'. */
export function knownCount(value: number | null | undefined): string {
  return typeof value === 'number' ? formatCount(value) : '—';
}

/** The 'Escalated to me' count, or '—' when the server could not count it without reading the cases. */
export function escalatedCount(stats: GrievanceStats): string {
  return knownCount(stats.escalatedToMe);
}

/** A whole number of days: '1 day', '412 days'. */
export function days(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return i18n.t('dashboard:days', { count: rounded });
}

/** An average in days to one decimal, as the server reports it: '4.3 days', '0.0 days', '1,204.5 days'. */
export function averageDays(value: number): string {
  return i18n.t('dashboard:daysDecimal', { value: formatDecimal(value) });
}

/**
 * Whether the caller's posting holds no police station and so nothing to count: an SP's
 * office posted to a district the Admin Panel has placed no station in yet. Their dashboard
 * says so rather than showing zeros alone.
 */
export function postingWithoutStations(scope: ScopeView | undefined, total: number): boolean {
  return scope?.scope === 'posting' && Array.isArray(scope.stations) && scope.stations.length === 0 && total === 0;
}
