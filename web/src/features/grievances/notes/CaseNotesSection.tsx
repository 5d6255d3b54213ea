// The body of the detail screen's 'Case Notes' section.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Flex } from '@aws-amplify/ui-react';
import { errorText } from '../../../api/errors';
import type { Note } from '../../../api/types';
import { LoadFailure } from '../../../components/LoadFailure';
import { LoadingState } from '../../../components/LoadingState';
import { Notices } from '../../../components/Notices';
import { useTransientMessage } from '../../../components/use-transient-message';
import { useGrievanceCache } from '../api/use-grievance-cache';
import { useNotes } from './api/use-notes';
import { NoteForm } from './NoteForm';
import { noteTimeline } from './note-timeline';
import { NoteTimeline } from './NoteTimeline';

export function CaseNotesSection({ grievanceId, canUpdate }: { grievanceId: number; canUpdate: boolean }) {
  const { t } = useTranslation('casework');
  const { data, error, isLoading, mutate } = useNotes(grievanceId);
  const cache = useGrievanceCache();
  const [correcting, setCorrecting] = useState<Note | null>(null);
  const notice = useTransientMessage(5000);
  const entries = noteTimeline(Array.isArray(data?.data) ? data.data : []);

  return (
    <Flex direction="column" gap="small">
      <Notices notice={notice} />
      {canUpdate ? (
        <NoteForm
          grievanceId={grievanceId}
          correcting={correcting}
          onCancelCorrection={() => setCorrecting(null)}
          onAdded={(note) => {
            notice.show(note.corrects ? t('notes.correctionAdded') : t('notes.added'));
            setCorrecting(null);
            void mutate();
            // NOTE_ADDED is audited.
            void cache.reloadHistory(grievanceId);
          }}
        />
      ) : null}
      {isLoading && !data ? (
        <LoadingState label={t('notes.loading')} />
      ) : error && !data ? (
        <LoadFailure message={errorText(error, t('notes.loadFailed'))} onRetry={() => void mutate()} />
      ) : (
        <NoteTimeline entries={entries} onCorrect={canUpdate ? setCorrecting : undefined} />
      )}
    </Flex>
  );
}
