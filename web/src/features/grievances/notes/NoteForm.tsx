// 'Add Note' for users with grievances update; also writes a correction of an
// earlier note when the timeline's 'Correct' started one.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Flex, TextAreaField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/errors';
import type { Note } from '../../../api/types';
import { formatCount } from '../../../lib/format';
import { notesApi } from './api/notes';
import { correctionLabel } from './note-timeline';
import { MAX_NOTE_CHARS, noteLength, noteProblem } from './note-rules';

interface NoteFormProps {
  grievanceId: number;
  /** The note being corrected, or null for a new note. */
  correcting: Note | null;
  onCancelCorrection: () => void;
  onAdded: (note: Note) => void;
}

export function NoteForm({ grievanceId, correcting, onCancelCorrection, onAdded }: NoteFormProps) {
  const { t } = useTranslation('casework');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);

  // 'Correct' sends the writer here.
  useEffect(() => {
    if (correcting) field.current?.focus();
  }, [correcting]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const local = noteProblem(text);
    if (local) {
      setProblem(local);
      field.current?.focus();
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const note = await notesApi.add(grievanceId, { text, corrects: correcting?.id ?? null });
      setText('');
      onAdded(note);
    } catch (error) {
      setProblem(errorText(error, t('notes.addFailed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={correcting ? t('notes.correctForm') : t('notes.addForm')} className="note-form">
      {correcting ? (
        <Alert variation="info" marginBottom="small">
          <Flex justifyContent="space-between" alignItems="center" gap="xs" wrap="wrap">
            <span>{correctionLabel(correcting)}</span>
            <Button size="small" variation="link" onClick={onCancelCorrection}>
              {t('notes.cancelCorrection')}
            </Button>
          </Flex>
        </Alert>
      ) : null}
      <TextAreaField
        ref={field}
        label={correcting ? t('notes.correction') : t('notes.newNote')}
        name="note"
        rows={3}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setProblem(null);
        }}
        hasError={Boolean(problem)}
        errorMessage={problem ?? undefined}
        descriptiveText={t('notes.characters', { used: formatCount(noteLength(text)), max: formatCount(MAX_NOTE_CHARS) })}
      />
      <Flex justifyContent="flex-end" marginTop="small">
        <Button type="submit" variation="primary" isLoading={busy} loadingText={t('notes.adding')}>
          {t('notes.add')}
        </Button>
      </Flex>
    </form>
  );
}
