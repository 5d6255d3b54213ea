// Calls and SWR hooks of the in-app notifications. The bell polls the unread count
// every 30 s and when the window regains focus; reading one notification, or all of
// them, answers the new count, which goes straight into the cache, and the lists
// loaded (the bell's panel, the Notifications screen) show the items as read.
import useSWR, { useSWRConfig } from 'swr';
import useSWRInfinite, { unstable_serialize } from 'swr/infinite';
import { api, request } from '../../api/client';
import type {
  MarkedRead,
  MarkedReadEnvelope,
  Notice,
  NotificationPage,
  NotificationPageEnvelope,
  UnreadCount,
  UnreadCountEnvelope,
} from '../../api/types';

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

const readPage = async (path: string): Promise<NotificationPage> => (await api.get<NotificationPageEnvelope>(path)).data;

// The poll runs on a timer, whether or not anyone is at the screen: it must not count
// as the session's activity (see RequestOptions.background).
const pollUnread = async (path: string): Promise<UnreadCount> =>
  (await request<UnreadCountEnvelope>('GET', path, undefined, { background: true })).data;

/** The unread count, kept fresh while `enabled` (a signed-in user is on screen). */
export function useUnreadCount(enabled = true) {
  return useSWR<UnreadCount>(enabled ? UNREAD_KEY : null, pollUnread, {
    refreshInterval: UNREAD_REFRESH_MS,
    revalidateOnFocus: true,
  });
}

/** The newest page, asked for while `enabled` (the panel is open). */
export function useLatestNotifications(enabled: boolean) {
  return useSWR<NotificationPage>(enabled ? NOTIFICATIONS_KEY : null, readPage);
}

/** Every page the Notifications screen has loaded. */
export function useNotificationPages() {
  return useSWRInfinite<NotificationPage>(pageKey, readPage, { revalidateFirstPage: true });
}

const readIn = (page: NotificationPage, read: (item: Notice) => boolean): NotificationPage => ({
  ...page,
  items: page.items.map((item) => (item.read || !read(item) ? item : { ...item, read: true })),
});

/** Marking as read, with the count and every loaded list brought up to date. */
export function useMarkRead() {
  const { mutate } = useSWRConfig();

  async function apply(unread: number, read: (item: Notice) => boolean) {
    const options = { revalidate: false };
    await Promise.all([
      mutate<UnreadCount>(UNREAD_KEY, { unread }, options),
      mutate<NotificationPage>(NOTIFICATIONS_KEY, (page) => (page ? { ...readIn(page, read), unread } : page), options),
      mutate<NotificationPage[]>(
        unstable_serialize(pageKey),
        (pages) => pages?.map((page) => ({ ...readIn(page, read), unread })),
        options,
      ),
    ]);
  }

  return {
    /** Marks one notification read (nothing is asked when it is read already). */
    one: async (notification: Notice) => {
      if (notification.read) return;
      const { unread } = await notificationsApi.markRead(notification.id);
      await apply(unread, (item) => item.id === notification.id);
    },
    all: async () => {
      const { unread } = await notificationsApi.markAllRead();
      await apply(unread, () => true);
    },
  };
}
