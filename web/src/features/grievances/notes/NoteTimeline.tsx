// The case notes, newest first: author, time and the text as typed (always
// as text, never as HTML); corrections name the note they correct.
import { Badge, Button, Flex, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { Note } from '../../../api/types';
import { formatDateTime } from '../../../lib/format';
import { correctionLabel, type TimelineNote } from './note-timeline';

interface NoteTimelineProps {
  entries: readonly TimelineNote[];
  /** Absent for users who may not add notes. */
  onCorrect?: (note: Note) => void;
}

export function NoteTimeline({ entries, onCorrect }: NoteTimelineProps) {
  const { t } = useTranslation('casework');
  if (entries.length === 0) return <Text className="muted-text">{t('notes.none')}</Text>;
  return (
    <ol className="timeline note-timeline" aria-label={t('notes.label')}>
      {entries.map(({ note, corrects, corrected }) => {
        const when = formatDateTime(note.created_at);
        return (
          <li key={note.id} className="timeline-item note-item">
            <Flex justifyContent="space-between" alignItems="baseline" wrap="wrap" gap="xs">
              <Flex alignItems="center" gap="xs" wrap="wrap">
                <Text as="span" className="timeline-field">
                  {note.author_name || t('grievances:history.unknownUser')}
                </Text>
                {corrected ? (
                  <Badge size="small" variation="warning" className="note-corrected">
                    {t('notes.corrected')}
                  </Badge>
                ) : null}
              </Flex>
              <Text as="span" className="muted-text">
                <time dateTime={note.created_at}>{when}</time>
              </Text>
            </Flex>
            {note.corrects ? <Text className="timeline-notes">{correctionLabel(corrects)}</Text> : null}
            <Text className="prose timeline-change">{note.text}</Text>
            {onCorrect ? (
              <Flex justifyContent="flex-start">
                <Button size="small" variation="link" ariaLabel={t('notes.correctNamed', { when })} onClick={() => onCorrect(note)}>
                  {t('notes.correct')}
                </Button>
              </Flex>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
