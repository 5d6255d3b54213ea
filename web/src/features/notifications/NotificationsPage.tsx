// The Notifications screen: every notification, newest first, 20 at a time ('Load
// more' asks for the page after the last one's cursor), and 'Mark all as read'.
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Flex, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { errorText } from '../../api/errors';
import type { Notice, NotificationPage, UnreadCount } from '../../api/types';
import { LoadFailure } from '../../components/LoadFailure';
import { LoadingState } from '../../components/LoadingState';
import { PageHeader } from '../../components/PageHeader';
import { useTransientMessage } from '../../components/use-transient-message';
import { dismissLabel } from '../../i18n/amplify-labels';
import { UNREAD_KEY, useMarkRead, useNotificationPages } from './api';
import { NotificationList, uniqueItems } from './NotificationList';
import './notifications.css';

export default function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useNotificationPages();
  const { mutate: mutateKey } = useSWRConfig();
  const markRead = useMarkRead();
  const [marking, setMarking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const notice = useTransientMessage(5000);
  const screenTop = useRef<HTMLDivElement>(null);

  const pages = (data ?? []).filter((page): page is NotificationPage => Boolean(page && Array.isArray(page.items)));
  const items = uniqueItems(pages);
  const last = pages[pages.length - 1];
  const hasMore = Boolean(last?.cursor);
  const loadingMore = isValidating && size > pages.length;
  const unread = pages[0]?.unread ?? 0;
  const anyUnread = unread > 0 || items.some((item) => !item.read);

  // The bell's badge agrees with the screen.
  const listed = pages[0]?.unread;
  useEffect(() => {
    if (listed !== undefined) void mutateKey<UnreadCount>(UNREAD_KEY, { unread: listed }, { revalidate: false });
  }, [listed, mutateKey]);

  async function markAll() {
    setMarking(true);
    setFailure(null);
    try {
      await markRead.all();
      notice.show(t('allMarked'));
      // The button goes with the last unread one: the focus goes to the screen's heading.
      screenTop.current?.querySelector('h1')?.focus();
    } catch (problem) {
      setFailure(errorText(problem, t('markAllFailed')));
    } finally {
      setMarking(false);
    }
  }

  // The count is asked again at the bell's next poll should this fail; the grievance opens either way.
  const follow = (notification: Notice) => void markRead.one(notification).catch(() => undefined);

  return (
    <div ref={screenTop}>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          anyUnread && items.length > 0 ? (
            <Button onClick={() => void markAll()} isLoading={marking} loadingText={t('markingAllRead')}>
              {t('markAllRead')}
            </Button>
          ) : null
        }
      />
      <Flex direction="column" gap="small">
        {notice.message ? (
          <Alert variation="success" role="status" isDismissible {...dismissLabel()} onDismiss={notice.clear}>
            {notice.message}
          </Alert>
        ) : null}
        {failure ? <Alert variation="error">{failure}</Alert> : null}
        <Card variation="outlined" className="panel notification-page-panel">
          {isLoading && pages.length === 0 ? (
            <LoadingState label={t('loading')} />
          ) : error && pages.length === 0 ? (
            <LoadFailure message={errorText(error, t('loadFailed'))} onRetry={() => void mutate()} />
          ) : items.length === 0 ? (
            <Text className="notification-empty">{t('empty')}</Text>
          ) : (
            <NotificationList items={items} label={t('list')} onFollow={follow} />
          )}
        </Card>
        {error && pages.length > 0 ? (
          <LoadFailure message={errorText(error, t('loadFailed'))} onRetry={() => void mutate()} />
        ) : hasMore ? (
          <Flex justifyContent="center">
            <Button onClick={() => void setSize(pages.length + 1)} isLoading={loadingMore} loadingText={t('loadingMore')}>
              {t('loadMore')}
            </Button>
          </Flex>
        ) : null}
      </Flex>
    </div>
  );
}
