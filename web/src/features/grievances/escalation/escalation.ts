// How a grievance's escalation reads on screen, and who has an
// "Escalated to me" queue: a case goes up from its police station to the
// district, the range and the state, so a user posted at a station never has one.
import type { Escalation, ListItem, PostingWire } from '../../../api/types';
import { i18n } from '../../../i18n';
import { formatDate } from '../../../lib/format';
import { dayCount } from '../pendency/pendency-text';

const t = (key: string, values?: Record<string, unknown>) => i18n.t(`casework:escalation.${key}`, values);

/** Whether a user at `posting` may have grievances escalated to them (no posting: the state's). */
export function receivesEscalations(posting: PostingWire | null | undefined): boolean {
  return posting?.level !== 'station';
}

/** Where a grievance went: the district's name (from the Admin Panel's list), the range's, or 'the state'. */
export function escalatedToText(to: PostingWire, districts: readonly ListItem[]): string {
  if (to.level === 'district') return districts.find((item) => item.id === to.id)?.name ?? t('districtNumber', { id: to.id ?? '' });
  if (to.level === 'range') return to.range || t('aRange');
  if (to.level === 'state') return t('theState');
  // A station is never a level above a station; named by its id should the server ever send one.
  return t('stationNumber', { id: to.id ?? '' });
}

/** 'Escalated to Central District on 10 Feb 2025, 9 days overdue'. */
export function escalationTitle(escalation: Escalation, districts: readonly ListItem[]): string {
  return t('title', {
    to: escalatedToText(escalation.to, districts),
    date: formatDate(escalation.escalated_at),
    days: dayCount(escalation.days_overdue),
  });
}
