// The decision on an open appeal, for a holder of grievances approve: confirm the closure or
// reopen the case, with the reason the case and its history keep. The server also wants the
// officer posted at the appeal's level or above; its refusal (403), or an appeal decided
// meanwhile (409), is said above the form, the latter with a reload.
import { useState, type FormEvent } from 'react';
import { Button, Flex, Radio, RadioGroupField, TextAreaField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../../../api/errors';
import type { GrievanceView } from '../../../api/types';
import { i18n } from '../../../i18n';
import { ReloadableFailure, type Refusal } from '../ReloadableFailure';
import { APPEAL_REASON_MIN, appealProblem, citizenApi, levelWord, type AppealChoice } from './citizen';

/**
 * A refusal's text. The server names the level an appeal is decided at by its code
 * ('district'), which the reader is told in their own language.
 */
export function appealRefusalText(error: unknown): string {
  if (error instanceof ApiError && error.code === 'APPEAL_OTHER_LEVEL') {
    const params = (error.body as { params?: { level?: unknown } } | null)?.params;
    const level = typeof params?.level === 'string' ? params.level : '';
    if (level) return i18n.t('errors:APPEAL_OTHER_LEVEL', { level: levelWord(level) });
  }
  return errorText(error, i18n.t('casework:citizen.decideFailed'));
}

interface AppealDecisionFormProps {
  grievanceId: number;
  onDecided: (grievance: GrievanceView, message: string) => void;
  onReload: () => void;
}

export function AppealDecisionForm({ grievanceId, onDecided, onReload }: AppealDecisionFormProps) {
  const { t } = useTranslation('casework');
  const [choice, setChoice] = useState<AppealChoice | ''>('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<{ decision?: string; reason?: string }>({});
  const [failure, setFailure] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const local = appealProblem(choice, reason);
    setProblems(local ?? {});
    setFailure(null);
    if (local || !choice) return;
    setBusy(true);
    try {
      const decided = await citizenApi.decideAppeal(grievanceId, choice, reason);
      onDecided(decided, choice === 'reopen' ? t('citizen.reopenedOnAppeal') : t('citizen.confirmedOnAppeal'));
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      if (fields.reason || fields.decision) setProblems({ decision: fields.decision, reason: fields.reason });
      else setFailure({ text: appealRefusalText(error), conflict: error instanceof ApiError && error.status === 409 });
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('citizen.decideForm')}>
      <ReloadableFailure
        failure={failure}
        marginBottom="small"
        onReload={() => {
          setFailure(null);
          onReload();
        }}
      />
      <Flex direction="column" gap="small">
        <RadioGroupField
          legend={t('citizen.decisionLabel')}
          name="decision"
          value={choice}
          isRequired
          onChange={(event) => {
            setChoice(event.target.value as AppealChoice);
            setProblems((was) => ({ ...was, decision: undefined }));
          }}
          hasError={Boolean(problems.decision)}
          errorMessage={problems.decision}
        >
          <Radio value="confirm">{t('citizen.confirm')}</Radio>
          <Radio value="reopen">{t('citizen.reopen')}</Radio>
        </RadioGroupField>
        <TextAreaField
          label={t('citizen.reason')}
          name="reason"
          rows={3}
          isRequired
          value={reason}
          descriptiveText={t('citizen.reasonHint', { min: APPEAL_REASON_MIN })}
          onChange={(event) => {
            setReason(event.target.value);
            setProblems((was) => ({ ...was, reason: undefined }));
          }}
          hasError={Boolean(problems.reason)}
          errorMessage={problems.reason}
        />
        <Flex justifyContent="flex-end">
          <Button type="submit" variation="primary" isLoading={busy} loadingText={t('citizen.deciding')}>
            {t('citizen.decide')}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
