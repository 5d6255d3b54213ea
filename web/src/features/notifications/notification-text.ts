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

/**
 * 'Ravi Kumar assigned grievance GRV-2025-000015 to you.' `statusName` gives a status's
 * name in the reader's language from the English name the server sends.
 */
export function notificationText(n: Notice, statusName: (name: string) => string = (name) => name): string {
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
