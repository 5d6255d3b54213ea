// The Reports screen's logic: the period asked of the server, checked as the
// server checks it, and each report's answer shaped into a chart's bars and a table's
// rows. The figures are the server's; nothing here counts grievances.
import type { components } from '../../api/schema';
import { CLOCK_FILTERS, EMPTY_FILTERS, filtersToParams } from '../grievances/list-filters';

type Schemas = components['schemas'];
export type PendencyReport = Schemas['PendencyReport'];
export type MonthlyReport = Schemas['MonthlyReport'];
export type DisposalReport = Schemas['DisposalReport'];
export type CrimeHeadsReport = Schemas['CrimeHeadsReport'];
export type ChapterHeadsReport = Schemas['ChapterHeadsReport'];
export type ComplianceReport = Schemas['ComplianceReport'];
export type ClockFigures = Schemas['ClockFigures'];
export type ComplianceRow = Schemas['ComplianceRow'];
export type RuleCompliance = Schemas['RuleCompliance'];
export type MissedClock = Schemas['MissedClock'];
type ChapterHeadRow = Schemas['ChapterHeadRow'];
export type SatisfactionReport = Schemas['SatisfactionReport'];
export type SatisfactionRow = Schemas['SatisfactionRow'];

export type ReportName = 'pendency' | 'monthly' | 'disposal' | 'crime-heads' | 'chapters' | 'compliance';
export const REPORTS: readonly ReportName[] = ['pendency', 'monthly', 'disposal', 'crime-heads', 'chapters', 'compliance'];

/** The filing dates asked for; empty means the server's default (the last twelve months). */
export interface Period {
  from: string;
  to: string;
}

/** The problems of a period, as message keys of the reports catalogue, by field. */
export type PeriodErrors = Partial<Record<keyof Period, string>>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isDay(text: string): boolean {
  if (!DAY.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/** The same checks as the server's (cases::reports::Period::parse). */
export function validatePeriod(period: Period): PeriodErrors {
  const errors: PeriodErrors = {};
  if (period.from && !isDay(period.from)) errors.from = 'period.fromInvalid';
  if (period.to && !isDay(period.to)) errors.to = 'period.toInvalid';
  if (!errors.from && !errors.to && period.from && period.to && period.from > period.to) errors.to = 'period.fromAfterTo';
  return errors;
}

/** The query string of a period: only the dates given. */
export function periodQuery(period: Period): string {
  const query = new URLSearchParams();
  if (period.from) query.set('from', period.from);
  if (period.to) query.set('to', period.to);
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** The API path of a report (for SWR and the client, which adds `/api`). */
export function reportPath(name: ReportName, period: Period): string {
  return `/reports/${name}${periodQuery(period)}`;
}

/**
 * The API path of the complainants' satisfaction report: the ratings given in the period,
 * by the day each was given. It is no `ReportName`: the server makes no Excel or PDF of it.
 */
export function satisfactionPath(period: Period): string {
  return `/reports/satisfaction${periodQuery(period)}`;
}

/** The API path of a report's export, with the language of its headings. */
export function exportPath(name: ReportName, kind: 'excel' | 'pdf', period: Period, language: string): string {
  const query = new URLSearchParams(periodQuery(period).slice(1));
  query.set('lang', language);
  return `/reports/${name}/export/${kind}?${query.toString()}`;
}

/** Bars: one label per group, one series per kind of figure; null draws no bar (no figure). */
export interface Bars {
  labels: string[];
  series: { key: string; values: (number | null)[] }[];
}

/** Pending grievances by age, per station. */
/** `bars` with each label as `name` gives it (a station or crime title by the reader's name). */
export function relabelled(bars: Bars, name: (label: string) => string): Bars {
  return { ...bars, labels: bars.labels.map(name) };
}

export function pendencyBars(report: PendencyReport): Bars {
  return {
    labels: report.rows.map((r) => r.station_name),
    series: report.buckets.map((bucket, i) => ({ key: bucket, values: report.rows.map((r) => r.ageing[i] ?? 0) })),
  };
}

export function monthlyBars(report: MonthlyReport): Bars {
  return {
    labels: report.months.map((m) => m.month),
    series: [
      { key: 'filed', values: report.months.map((m) => m.filed) },
      { key: 'disposed', values: report.months.map((m) => m.disposed) },
    ],
  };
}

export function disposalBars(report: DisposalReport): Bars {
  return { labels: report.rows.map((r) => r.station_name), series: [{ key: 'rate', values: report.rows.map((r) => r.disposal_rate) }] };
}

export function crimeBars(report: CrimeHeadsReport): Bars {
  return { labels: report.rows.map((r) => r.crime_head), series: [{ key: 'count', values: report.rows.map((r) => r.count) }] };
}

/** The heads that are no chapter of an act, named by their title alone. */
const NOT_CHAPTERS = new Set(['SLL', 'NOT_MAPPED', 'NO_SECTION']);

/** Whether a head is a chapter of an act ("BNS XVII"). */
export function isChapter(row: ChapterHeadRow): boolean {
  return !NOT_CHAPTERS.has(row.head);
}

/** A chapter head's title in the screen's language. */
export function chapterTitle(row: ChapterHeadRow, language: string): string {
  return language === 'hi' ? row.title_hi : row.title;
}

/** How a head is named in a chart and the table's first column: the act and chapter
 * ("BNS XVII"), or the title of a head that is no chapter ("Local and special laws"). */
export function chapterLabel(row: ChapterHeadRow, language: string): string {
  return isChapter(row) ? row.head : chapterTitle(row, language);
}

export function chapterBars(report: ChapterHeadsReport, language: string): Bars {
  return { labels: report.rows.map((r) => chapterLabel(r, language)), series: [{ key: 'count', values: report.rows.map((r) => r.count) }] };
}

/** A pendency row's count for a status column (0 when the station has none). */
export function statusCount(row: { by_status: Record<string, number> }, statusId: number): number {
  return row.by_status[String(statusId)] ?? 0;
}

/** `YYYY-MM` as a short month and year in `locale` (e.g. "Nov 2026", "नव॰ 2026"). */
export function monthLabel(month: string, locale: string): string {
  const [year, m] = month.split('-').map(Number);
  if (!year || !m) return month;
  return new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, m - 1, 1)));
}

/**
 * Compliance (%) per station. A station none of whose clocks has fallen due has no share
 * (null): it gets no bar, where a bar at 0 would read as every clock missed.
 */
export function complianceBars(report: ComplianceReport): Bars {
  return {
    labels: report.rows.map((r) => r.station_name),
    series: [{ key: 'compliance', values: report.rows.map((r) => r.figures.compliance ?? null) }],
  };
}

/** A clock rule's name in the screen's language (its English name where it has no Hindi one). */
export function clockName(english: string, hindi: string, language: string): string {
  return language === 'hi' && hindi.trim() ? hindi : english;
}

/**
 * The grievance list with its 'Statutory clocks: Missed' filter on: every case with a clock
 * missed, where the report lists only the first 500 (`missed_more`).
 */
export const MISSED_CLOCKS_LIST = `/grievances?${filtersToParams({ ...EMPTY_FILTERS, clock: 'missed' satisfies (typeof CLOCK_FILTERS)[number] }).toString()}`;
