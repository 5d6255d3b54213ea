// Recent Activity's line for an export (action EXPORTED), in the reader's language.
// The server names the sentence ACTIVITY_EXPORTED and gives, as {what}, the audit
// record's notes, written in English by functions/exports:
//   '12 grievances to Excel (filters: District: North District; Overdue: Yes)'
// with the filter labels in the export's own language (English or Hindi) and
// 'None (all grievances visible to the user)' without filters. The activity
// carries no other field of the record, so the line is rebuilt from those parts;
// notes of any other shape keep the server's sentence.
import type { Activity } from '../../api/types';
import { i18n } from '../../i18n';
import { formatCount } from '../../lib/format';

const NOTES = /^(\d+) (grievances|officer entries) to (Excel|PDF|Officers) \(filters: ([\s\S]*)\)$/;

const NO_FILTERS = ['None (all grievances visible to the user)', 'कोई नहीं (उपयोगकर्ता को दिखने वाली सभी शिकायतें)'];

/** The filter labels an export writes (English, then the export's Hindi), and the catalogue key of each. */
const FILTER_LABELS: [string, string, string][] = [
  ['Search', 'खोज', 'grievances:filters.search'],
  ['FIR Number', 'प्राथमिकी संख्या', 'grievances:field.fir_no'],
  ['District', 'ज़िला', 'grievances:field.district'],
  ['Police Station', 'थाना', 'grievances:field.police_station'],
  ['Status', 'स्थिति', 'grievances:field.status'],
  ['Priority', 'प्राथमिकता', 'grievances:field.priority'],
  ['From Date', 'दिनांक से', 'grievances:field.from_date'],
  ['To Date', 'दिनांक तक', 'grievances:field.to_date'],
  ['Overdue', 'समय-सीमा पार', 'grievances:filters.overdueOnly'],
];
const OVERDUE_KEY = 'grievances:filters.overdueOnly';

const keyOf = new Map(FILTER_LABELS.flatMap(([english, hindi, key]) => [[english, key], [hindi, key]] as const));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const LABEL_AT = new RegExp(`(?:^|; )(${[...keyOf.keys()].map(escape).join('|')}): `, 'g');

/** 'District: North District; Overdue: Yes' as its filters, or null when it cannot be read. */
function readFilters(text: string): { key: string; value: string }[] | null {
  const marks = [...text.matchAll(LABEL_AT)];
  if (marks.length === 0 || marks[0].index !== 0) return null;
  return marks.map((mark, i) => ({
    key: keyOf.get(mark[1])!,
    value: text.slice(mark.index + mark[0].length, i + 1 < marks.length ? marks[i + 1].index : text.length),
  }));
}

/** The filters in the reader's language: labels translated, values (data) as typed. */
function filtersText(filters: { key: string; value: string }[]): string {
  return filters.map(({ key, value }) => (key === OVERDUE_KEY ? i18n.t(key) : `${i18n.t(key)}: ${value}`)).join('; ');
}

/** The export line in the current language, or null when `item` is no export or its notes cannot be read. */
export function exportActivityText(item: Activity): string | null {
  if (item.action !== 'EXPORTED') return null;
  const notes = NOTES.exec(item.params?.what ?? '');
  if (!notes) return null;
  const [, rows, what, kind, filters] = notes;
  const count = Number(rows);
  const sentence = i18n.t(`dashboard:exportActivity.${what === 'grievances' ? 'grievances' : 'officers'}`, {
    who: item.params?.who ?? '',
    n: formatCount(count),
    count,
    kind: i18n.t(`grievances:export.label.${kind.toLowerCase()}`),
  });
  if (NO_FILTERS.includes(filters.trim())) return sentence;
  const read = readFilters(filters);
  return i18n.t(read ? 'dashboard:exportActivity.filtered' : 'dashboard:exportActivity.filteredUnread', {
    sentence,
    filters: read ? filtersText(read) : '',
  });
}
