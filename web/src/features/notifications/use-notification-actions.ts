// What the bell's panel and the Notifications screen both do with the notifications they
// list: keep the bell's count in step with the newest page, mark all read (its progress and
// its failure worded for the user) and mark one read when it is followed.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errors';
import type { Notice } from '../../api/types';
import { useMarkRead } from './api/use-mark-read';
import { useSyncUnreadCount } from './api/use-sync-unread-count';

/** `listed`: the unread count the newest page gave; `marked`: what follows marking all read. */
export function useNotificationActions(listed: number | undefined, marked: () => void) {
  const { t } = useTranslation('notifications');
  const markRead = useMarkRead();
  const [marking, setMarking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  // The bell's badge agrees with the list.
  useSyncUnreadCount(listed);

  async function markAll() {
    setMarking(true);
    setFailure(null);
    try {
      await markRead.all();
      marked();
    } catch (problem) {
      setFailure(errorText(problem, t('markAllFailed')));
    } finally {
      setMarking(false);
    }
  }

  // The count is asked again at the bell's next poll should this fail; the grievance opens either way.
  const follow = (notification: Notice) => void markRead.one(notification).catch(() => undefined);

  return { marking, failure, markAll, follow };
}
