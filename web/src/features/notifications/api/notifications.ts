// Calls of the in-app notifications and what their hooks share. The bell polls the unread
// count every 30 s and when the window regains focus; reading one notification, or all of
// them, answers the new count, which goes straight into the cache, and the lists
// loaded (the bell's panel, the Notifications screen) show the items as read.
import { api, request } from '../../../api/client';
import type {
  MarkedRead,
  MarkedReadEnvelope,
  NotificationPage,
  NotificationPageEnvelope,
  UnreadCount,
  UnreadCountEnvelope,
} from '../../../api/types';

/** SWR key of the newest page, which the bell's panel shows. */
export const NOTIFICATIONS_KEY = '/notifications';
/** SWR key of the unread count. */
export const UNREAD_KEY = '/notifications/unread';
/** How often the bell asks for the unread count. */
export const UNREAD_REFRESH_MS = 30_000;

/** The API path of the page after `cursor` (null: the newest). */
export const notificationsPath = (cursor: string | null) =>
  cursor ? `${NOTIFICATIONS_KEY}?cursor=${encodeURIComponent(cursor)}` : NOTIFICATIONS_KEY;

/** The Notifications screen's pages: the next is asked for by the cursor of the one before. */
export const pageKey = (index: number, previous: NotificationPage | null) => {
  if (index === 0) return notificationsPath(null);
  return previous?.cursor ? notificationsPath(previous.cursor) : null;
};

export const notificationsApi = {
  /** POST /notifications/{id}/read (idempotent): the unread count after it. */
  markRead: async (id: string): Promise<MarkedRead> =>
    (await api.post<MarkedReadEnvelope>(`${NOTIFICATIONS_KEY}/${encodeURIComponent(id)}/read`)).data,
  /** POST /notifications/read-all: none unread, and how many were marked. */
  markAllRead: async (): Promise<MarkedRead> => (await api.post<MarkedReadEnvelope>(`${NOTIFICATIONS_KEY}/read-all`)).data,
};

/** One page out of its envelope. */
export const readPage = async (path: string): Promise<NotificationPage> => (await api.get<NotificationPageEnvelope>(path)).data;

// The poll runs on a timer, whether or not anyone is at the screen: it must not count
// as the session's activity (see RequestOptions.background).
export const pollUnread = async (path: string): Promise<UnreadCount> =>
  (await request<UnreadCountEnvelope>('GET', path, undefined, { background: true })).data;
