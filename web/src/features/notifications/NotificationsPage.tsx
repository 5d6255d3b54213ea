// The Notifications screen: every notification, newest first, 20 at a time ('Load
// more' asks for the page after the last one's cursor), and 'Mark all as read'.
import { useRef } from 'react';
import { Button, Card, Flex, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errors';
import type { NotificationPage } from '../../api/types';
import { LoadFailure } from '../../components/LoadFailure';
import { LoadingState } from '../../components/LoadingState';
import { Notices } from '../../components/Notices';
import { PageHeader } from '../../components/PageHeader';
import { useTransientMessage } from '../../components/use-transient-message';
import { useNotificationPages } from './api/use-notification-pages';
import { NotificationList, uniqueItems } from './NotificationList';
import './notifications.css';
import { useNotificationActions } from './use-notification-actions';

export default function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useNotificationPages();
  const notice = useTransientMessage(5000);
  const screenTop = useRef<HTMLDivElement>(null);

  const pages = (data ?? []).filter((page): page is NotificationPage => Boolean(page && Array.isArray(page.items)));
  const items = uniqueItems(pages);
  const last = pages[pages.length - 1];
  const hasMore = Boolean(last?.cursor);
  const loadingMore = isValidating && size > pages.length;
  const unread = pages[0]?.unread ?? 0;
  const anyUnread = unread > 0 || items.some((item) => !item.read);

  const { marking, failure, markAll, follow } = useNotificationActions(pages[0]?.unread, () => {
    notice.show(t('allMarked'));
    // The button goes with the last unread one: the focus goes to the screen's heading.
    screenTop.current?.querySelector('h1')?.focus();
  });

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
        <Notices notice={notice} failure={failure} />
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
