// The sentence each notification reads as, in the language on screen.
import type { Notice } from '../../api/types';
import { i18n } from '../../i18n';

const t = (key: string, values?: Record<string, unknown>) => i18n.t(`notifications:${key}`, values);

/** The badge on the bell: the count, '99+' above 99. */
export function badgeText(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}

/** 'Notifications', or 'Notifications, 3 unread'. */
export function bellLabel(unread: number): string {
  return unread > 0 ? t('bellUnread', { count: unread }) : t('bell');
}

const LEVELS: readonly string[] = ['district', 'range', 'state'];

function escalationText(n: Notice, number: string): string {
  // The document types the level as any string: one this build cannot word is left out.
  if (!n.level || !LEVELS.includes(n.level)) return t('kind.escalatedPlain', { number });
  const level = t(`level.${n.level}`);
  if (n.daysOverdue === null || n.daysOverdue === undefined) return t('kind.escalatedTo', { number, level });
  return t('kind.escalated', { number, level, count: n.daysOverdue });
}

/** How many notices a digest stands for; null for a notice of one grievance. */
export function digestCount(n: Notice): number | null {
  const count = n.count;
  return typeof count === 'number' && Number.isFinite(count) && count > 1 ? count : null;
}

/** The grievance list's queues a digest opens (the `escalated` and `clock` filters of grievances/list-filters.ts). */
export const ESCALATED_QUEUE = '/grievances?escalated=me';
export const MISSED_CLOCKS_QUEUE = '/grievances?clock=missed';

/** Where a notice leads: its grievance, or for a digest the list of the grievances it counts. */
export function noticeLink(n: Notice): string {
  if (digestCount(n) === null) return `/grievances/${n.grievanceId}`;
  if (n.kind === 'escalated') return ESCALATED_QUEUE;
  if (n.kind === 'clock_missed') return MISSED_CLOCKS_QUEUE;
  return '/grievances';
}

/** '37 cases escalated to your district', '12 cases missed a statutory deadline'. */
function digestText(n: Notice, count: number): string {
  switch (n.kind) {
    case 'escalated':
      return n.level && LEVELS.includes(n.level) ? t(`digest.escalated.${n.level}`, { count }) : t('digest.escalated.plain', { count });
    case 'clock_missed':
      return t('digest.clockMissed', { count });
    default:
      // Only escalation runs send digests; a newer server's other kind still says how many.
      return t('digest.other', { count });
  }
}

/**
 * 'Ravi Kumar assigned grievance GRV-2025-000015 to you.' `statusName` gives a status's
 * name in the reader's language from the English name the server sends. A digest says how
 * many cases it stands for.
 */
export function notificationText(n: Notice, statusName: (name: string) => string = (name) => name): string {
  const count = digestCount(n);
  if (count !== null) return digestText(n, count);
  const number = n.grievanceNumber;
  const actor = n.actorName.trim() || t('someone');
  switch (n.kind) {
    case 'assigned':
      return t('kind.assigned', { actor, number });
    case 'escalated':
      return escalationText(n, number);
    case 'closure_requested':
      return t('kind.closureRequested', { actor, number });
    case 'closure_approved':
      return t('kind.closureApproved', { actor, number });
    case 'clock_missed':
      return t('kind.clockMissed', { number, source: n.clock ?? '', count: n.daysOverdue ?? 0 });
    case 'status_changed':
      return n.status ? t('kind.statusChanged', { actor, number, status: statusName(n.status) }) : t('kind.other', { number });
    case 'appeal_opened':
      return n.level && LEVELS.includes(n.level) ? t('kind.appealOpened', { number, level: t(`level.${n.level}`) }) : t('kind.other', { number });
    case 'closure_returned':
      return n.reason?.trim()
        ? t('kind.closureReturned', { actor, number, reason: n.reason.trim() })
        : t('kind.closureReturnedNoReason', { actor, number });
    default:
      // A kind this build does not know yet (a newer server): still a link to the case.
      return t('kind.other', { number });
  }
}
