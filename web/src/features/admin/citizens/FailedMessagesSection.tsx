// The citizen messages' third part: the emails and SMS the outbox gave up on after every
// retry (newest first), so that a message a complainant or an officer never got is seen,
// and, once its cause is fixed, sent again. A message sent again is back in the outbox and
// leaves this list.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { errorText } from '../../../api/errors';
import { DataTable, type Column } from '../../../components/data-table/DataTable';
import { LoadFailure } from '../../../components/LoadFailure';
import { LoadingState } from '../../../components/LoadingState';
import { Notices } from '../../../components/Notices';
import { useTransientMessage } from '../../../components/use-transient-message';
import { currentLanguage } from '../../../i18n';
import { dash, formatCount } from '../../../lib/format';
import { usePermission } from '../../auth/use-permission';
import { citizenSettingsApi, type FailedMessage } from '../api/citizen-settings';
import { useFailedMessages } from '../api/use-failed-messages';
import { useTemplateNames } from './template-names';
import { isMessageKind } from './templates';

const HEADING_ID = 'failed-messages-heading';

export function FailedMessagesSection() {
  const { t } = useTranslation('admin');
  const names = useTemplateNames();
  const canUpdate = usePermission('dropdowns', 'update');
  const { data, error, isLoading, mutate } = useFailedMessages();
  const [sending, setSending] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const notice = useTransientMessage(5000);
  const heading = useRef<HTMLHeadingElement>(null);

  /** An SMS is about its kind of message; an email about its subject. */
  const about = (message: FailedMessage) => (message.channel === 'sms' && isMessageKind(message.about) ? names.kind(message.about) : message.about);
  const channel = (message: FailedMessage) => (message.channel === 'sms' || message.channel === 'email' ? t(`citizens.failed.channel.${message.channel}`) : message.channel);

  async function resend(message: FailedMessage) {
    setSending(message.key);
    setFailure(null);
    notice.clear();
    try {
      const answer = await citizenSettingsApi.resend(message.key);
      // The server words it in English; another language has the same sentence of its own.
      notice.show(currentLanguage() === 'en' && answer.message ? answer.message : t('citizens.failed.queued'));
    } catch (problem) {
      setFailure(errorText(problem, t('citizens.failed.resendFailed')));
    } finally {
      setSending(null);
      // Sent again, the message leaves the list (and one already gone is gone): read it again.
      await mutate();
      // Its row and button may be gone: the keyboard goes on from the section's heading, where the notice stands.
      heading.current?.focus();
    }
  }

  const columns: (Column<FailedMessage> | false)[] = [
    { id: 'channel', header: t('citizens.failed.channelHeader'), cell: channel },
    { id: 'to', header: t('citizens.failed.to'), cell: (message) => <span className="message-to">{message.to}</span> },
    { id: 'about', header: t('citizens.failed.about'), cell: about },
    {
      id: 'grievance',
      header: t('citizens.failed.grievance'),
      cell: (message) =>
        message.grievanceId == null ? (
          '-'
        ) : (
          <Link to={`/grievances/${message.grievanceId}`} className="record-link">
            {t('citizens.failed.grievanceLink', { id: message.grievanceId })}
          </Link>
        ),
    },
    { id: 'attempts', header: t('citizens.failed.attempts'), className: 'cell-number', cell: (message) => formatCount(message.attempts) },
    { id: 'error', header: t('citizens.failed.lastError'), className: 'failed-error-cell', cell: (message) => dash(message.lastError) },
    canUpdate && {
      id: 'actions',
      header: t('citizens.failed.actions'),
      className: 'cell-actions',
      cell: (message) => (
        <Button
          size="small"
          ariaLabel={t('citizens.failed.resendNamed', { about: about(message), to: message.to })}
          isLoading={sending === message.key}
          loadingText={t('citizens.failed.sending')}
          isDisabled={sending !== null && sending !== message.key}
          onClick={() => void resend(message)}
        >
          {t('citizens.failed.resend')}
        </Button>
      ),
    },
  ];

  return (
    <section aria-labelledby={HEADING_ID} className="list-panel citizen-section">
      <Flex className="table-panel-head" direction="column" gap="0">
        <Heading level={2} className="panel-title" id={HEADING_ID} ref={heading} tabIndex={-1}>
          {t('citizens.failed.title')}
        </Heading>
        <Text className="count-text">{t('citizens.failed.hint')}</Text>
      </Flex>
      <Notices notice={notice} failure={failure} onDismissFailure={() => setFailure(null)} place="panel" />
      {isLoading && !data ? (
        <LoadingState label={t('citizens.failed.loading')} />
      ) : error && !data ? (
        <LoadFailure message={errorText(error, t('citizens.failed.loadFailed'))} onRetry={() => void mutate()} padded />
      ) : (
        <DataTable
          columns={columns}
          rows={data ?? []}
          rowKey={(message) => message.key}
          labelledBy={HEADING_ID}
          empty={t('citizens.failed.empty')}
          size="small"
          variation="striped"
          cards
          className="failed-messages-table"
        />
      )}
    </section>
  );
}
