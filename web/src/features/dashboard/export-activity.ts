// Recent Activity's line for an export (action EXPORTED), in the reader's language.
// Beside its English sentence the server gives the export's parts, read from the
// audit record's details: `rows`, `kind` (excel, pdf, officers, publication) and each filter
// applied as `filter:{English label}` with its value as typed. A filter label this
// app does not know is said to be there rather than shown in English.
import type { Activity } from '../../api/types';
import { i18n } from '../../i18n';
import { formatCount } from '../../lib/format';

const OVERDUE_KEY = 'grievances:filters.overdueOnly';

/** The catalogue key of each filter label an export records. */
const FILTER_KEYS: Record<string, string> = {
  Search: 'grievances:filters.search',
  'FIR Number': 'grievances:field.fir_no',
  District: 'grievances:field.district',
  'Police Station': 'grievances:field.police_station',
  Status: 'grievances:field.status',
  Priority: 'grievances:field.priority',
  'From Date': 'grievances:field.from_date',
  'To Date': 'grievances:field.to_date',
  Overdue: OVERDUE_KEY,
};

const KINDS = ['excel', 'pdf', 'officers', 'publication'];

/** The sentence of each kind: the officers sheet and the public list of FIRs say what they hold; the others, where the grievances went. */
const sentenceKey = (kind: string): string => (kind === 'officers' || kind === 'publication' ? kind : 'grievances');
const FILTER = 'filter:';

/** The export line in the current language, or null when `item` is no export or carries no parts. */
export function exportActivityText(item: Activity): string | null {
  if (item.action !== 'EXPORTED') return null;
  const params: Record<string, string> = item.params ?? {};
  const count = Number(params.rows);
  const kind = params.kind;
  if (!KINDS.includes(kind) || !params.rows || !Number.isFinite(count)) return null;
  const sentence = i18n.t(`dashboard:exportActivity.${sentenceKey(kind)}`, {
    who: params.who ?? '',
    n: formatCount(count),
    count,
    kind: i18n.t(`grievances:export.label.${kind}`),
  });
  const filters = Object.entries(params)
    .filter(([name]) => name.startsWith(FILTER))
    .map(([name, value]) => ({ key: FILTER_KEYS[name.slice(FILTER.length)], value }));
  if (filters.length === 0) return sentence;
  if (filters.some(({ key }) => !key)) return i18n.t('dashboard:exportActivity.filteredUnread', { sentence });
  const text = filters.map(({ key, value }) => (key === OVERDUE_KEY ? i18n.t(key) : `${i18n.t(key)}: ${value}`)).join('; ');
  return i18n.t('dashboard:exportActivity.filtered', { sentence, filters: text });
}
