// The detail screen's 'Progress for the complainant': the updates recorded for them, newest
// first (what they were told, by whom, when), and, for a user who may update the case, a form
// that records a new one. Under the form the screen says where it will go before it is sent:
// by SMS to the complainant's mobile, counted as telling the informant of progress when they
// consented (BNSS s.193(3)(ii)), or nowhere but the case.
import { useId, useState, type FormEvent } from 'react';
import { Button, Flex, Text, TextAreaField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../../../api/errors';
import type { GrievanceView } from '../../../api/types';
import { formatCount, formatDateTime } from '../../../lib/format';
import { ReloadableFailure, type Refusal } from '../ReloadableFailure';
import { CITIZEN_LANGUAGES, citizenApi, newestFirst, PROGRESS_MAX, PROGRESS_MIN, progressProblem, progressRoute, textLength, type ProgressRoute } from './citizen';

interface ProgressSectionProps {
  grievance: GrievanceView;
  /** The user holds grievances update. */
  canUpdate: boolean;
  /** The case as recording the update answered it, and what to say. */
  onRecorded: (grievance: GrievanceView, message: string) => void;
  /** Reads the case again (after a conflict). */
  onReload: () => void;
}

export function ProgressSection({ grievance, canUpdate, onRecorded, onReload }: ProgressSectionProps) {
  const { t } = useTranslation('casework');
  const updates = newestFirst(grievance.progress_updates);
  return (
    <Flex direction="column" gap="small">
      {updates.length === 0 ? (
        <Text className="muted-text">{t('citizen.progressNone')}</Text>
      ) : (
        <ol className="timeline" aria-label={t('citizen.progressList')}>
          {updates.map((update, index) => (
            <li key={`${update.at}-${index}`} className="timeline-item">
              <Flex justifyContent="space-between" alignItems="baseline" wrap="wrap" gap="xs">
                <Text as="span" className="timeline-field">
                  {update.by_name || t('grievances:history.unknownUser')}
                </Text>
                <Text as="span" className="muted-text">
                  <time dateTime={update.at}>{formatDateTime(update.at)}</time>
                </Text>
              </Flex>
              <Text className="prose timeline-change">{update.text}</Text>
            </li>
          ))}
        </ol>
      )}
      {canUpdate ? <ProgressForm grievance={grievance} onRecorded={onRecorded} onReload={onReload} /> : null}
    </Flex>
  );
}

/** Where an update will go, said before it is sent. */
function RouteNote({ id, route, language }: { id: string; route: ProgressRoute; language: string }) {
  const { t } = useTranslation('casework');
  if (!route.sms) {
    return (
      <Text id={id} className="field-hint">
        {t('citizen.noMobile')}
      </Text>
    );
  }
  return (
    <Flex id={id} direction="column" gap="xxs">
      <Text className="field-hint">
        {t('citizen.smsTo', { to: route.to, language })}
        {route.consent ? ` ${t('citizen.smsConsent')}` : ''}
      </Text>
      {route.sensitive ? (
        <Text className="field-hint" fontWeight="bold">
          {t('citizen.sensitiveSms')}
        </Text>
      ) : null}
    </Flex>
  );
}

function ProgressForm({ grievance, onRecorded, onReload }: Omit<ProgressSectionProps, 'canUpdate'>) {
  const { t } = useTranslation('casework');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  const noteId = useId();
  const route = progressRoute(grievance);
  const language = CITIZEN_LANGUAGES.find((option) => option.code === grievance.citizen_language)?.label ?? CITIZEN_LANGUAGES[0].label;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const local = progressProblem(text);
    setProblem(local);
    setFailure(null);
    if (local) return;
    setBusy(true);
    try {
      const updated = await citizenApi.recordProgress(grievance, text);
      setText('');
      const sent = progressRoute(updated);
      onRecorded(updated, sent.sms ? t('citizen.sentBySms', { to: sent.to }) : t('citizen.recorded'));
    } catch (error) {
      const field = error instanceof ApiError ? error.fields.text : undefined;
      if (field) setProblem(field);
      else setFailure({ text: errorText(error, t('citizen.sendFailed')), conflict: error instanceof ApiError && error.status === 409 });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('citizen.progressForm')}>
      <ReloadableFailure
        failure={failure}
        marginBottom="small"
        onReload={() => {
          setFailure(null);
          onReload();
        }}
      />
      <TextAreaField
        label={t('citizen.progressLabel')}
        name="progress"
        rows={3}
        isRequired
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setProblem(null);
        }}
        hasError={Boolean(problem)}
        errorMessage={problem ?? undefined}
        descriptiveText={`${t('citizen.progressHint', { min: PROGRESS_MIN, max: PROGRESS_MAX })} ${t('citizen.characters', {
          used: formatCount(textLength(text)),
          max: formatCount(PROGRESS_MAX),
        })}`}
      />
      <Flex justifyContent="space-between" alignItems="flex-start" gap="small" wrap="wrap" marginTop="small">
        <Flex flex="1 1 18rem">
          <RouteNote id={noteId} route={route} language={language} />
        </Flex>
        <Button type="submit" variation="primary" isLoading={busy} loadingText={t('citizen.sending')} aria-describedby={noteId}>
          {t('citizen.send')}
        </Button>
      </Flex>
    </form>
  );
}
