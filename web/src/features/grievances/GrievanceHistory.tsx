// This grievance's audit history, newest first (GET /grievances/{id}/history).
import { LoadFailure } from '../../components/LoadFailure';
import useSWR from 'swr';
import { Flex, Text } from '@aws-amplify/ui-react';
import { api } from '../../api/client';
import { errorText } from '../../api/errors';
import { LoadingState } from '../../components/LoadingState';
import { formatDateTime } from '../../lib/format';
import { ActionBadge } from '../audit/ActionBadge';
import { changeSummary, entryField, historyEntries, type AuditEntry } from '../audit/audit-record';
import { historyKey } from './api';

const fetchHistory = async (path: string): Promise<AuditEntry[]> => historyEntries(await api.get<unknown>(path));

export function GrievanceHistory({ id }: { id: number }) {
  const { data, error, isLoading, mutate } = useSWR<AuditEntry[]>(historyKey(id), fetchHistory);

  if (isLoading && !data) return <LoadingState label="Loading history..." />;
  if (error && !data) {
    return (
      <LoadFailure message={errorText(error, error instanceof Error && error.name === 'InvalidAuditData' ? error.message : 'Failed to load history')} onRetry={() => void mutate()} />
    );
  }
  const entries = data ?? [];
  if (entries.length === 0) return <Text className="muted-text">No history recorded yet.</Text>;

  return (
    <ol className="timeline" aria-label="Audit history">
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
          {entry.notes && entry.notes !== entry.summary ? <Text className="timeline-notes">Notes: {entry.notes}</Text> : null}
          <Text className="muted-text">
            by {entry.user_name || 'Unknown user'}
            {entry.user_role ? ` (${entry.user_role})` : ''}
          </Text>
        </li>
      ))}
    </ol>
  );
}
