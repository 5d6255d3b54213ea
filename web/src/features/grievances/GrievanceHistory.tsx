// This grievance's audit history, newest first (GET /grievances/{id}/history).
import { useTranslation } from 'react-i18next';
import { LoadFailure } from '../../components/LoadFailure';
import { Flex, Text } from '@aws-amplify/ui-react';
import { errorText } from '../../api/errors';
import { LoadingState } from '../../components/LoadingState';
import { formatDateTime } from '../../lib/format';
import { ActionBadge } from '../audit/ActionBadge';
import { changeSummary, entryField, entryNotes } from '../audit/audit-record';
import { useGrievanceHistory } from './api/use-grievance-history';

export function GrievanceHistory({ id }: { id: number }) {
  const { data, error, isLoading, mutate } = useGrievanceHistory(id);
  const { t } = useTranslation('grievances');

  if (isLoading && !data) return <LoadingState label={t('history.loading')} />;
  if (error && !data) {
    return (
      <LoadFailure message={errorText(error, error instanceof Error && error.name === 'InvalidAuditData' ? error.message : t('history.loadFailed'))} onRetry={() => void mutate()} />
    );
  }
  const entries = data ?? [];
  if (entries.length === 0) return <Text className="muted-text">{t('history.empty')}</Text>;

  return (
    <ol className="timeline" aria-label={t('history.label')}>
      {entries.map((entry) => (
        <li key={entry.id} className="timeline-item">
          <Flex justifyContent="space-between" alignItems="baseline" wrap="wrap" gap="xs">
            <Flex alignItems="center" gap="xs" wrap="wrap">
              <ActionBadge action={entry.action} />
              {entry.field_name && entry.field_name !== 'complete_record' ? (
                <Text as="span" className="timeline-field">
                  {entryField(entry)}
                </Text>
              ) : null}
            </Flex>
            <Text as="span" className="muted-text">
              <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
            </Text>
          </Flex>
          <Text className="timeline-change">{changeSummary(entry)}</Text>
          {entry.notes && entry.notes !== entry.summary ? <Text className="timeline-notes">{t('history.notes', { notes: entryNotes(entry) })}</Text> : null}
          <Text className="muted-text">
            {t('history.by', { name: entry.user_name || t('history.unknownUser') })}
            {entry.user_role ? ` (${entry.user_role})` : ''}
          </Text>
        </li>
      ))}
    </ol>
  );
}
