// Assign a grievance to an officer from its screen (PUT /grievances/{id}/assign),
// for users with grievances update. Only officers who would see the grievance
// once assigned are offered (GET /grievances/assignees?grievance_id=).
import { useState, type FormEvent } from 'react';
import { Alert, Radio, RadioGroupField, SearchField, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../../../api/errors';
import type { GrievanceView } from '../../../api/types';
import { DialogForm } from '../../../components/DialogForm';
import { grievancesApi } from '../api/grievances';
import { useAssignees } from './api/use-assignees';
import { chosenUser, matchingOfficers, NOBODY, officerLabel, SHOWN_AT_ONCE } from './assign';

interface AssignDialogProps {
  grievance: GrievanceView;
  onClose: () => void;
  /** The grievance as the assignment left it. */
  onAssigned: (grievance: GrievanceView) => void;
}

export function AssignDialog({ grievance, onClose, onAssigned }: AssignDialogProps) {
  const { t } = useTranslation('grievances');
  const officers = useAssignees(grievance.id);
  const [search, setSearch] = useState('');
  const [choice, setChoice] = useState('');
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const all = officers.data?.data ?? [];
  const matches = matchingOfficers(all, search);
  const shown = matches.slice(0, SHOWN_AT_ONCE);
  const assigned = grievance.assigned_to_name;
  const choices = shown.length > 0 || Boolean(assigned);
  // A choice the search has hidden is no choice: what is sent is always on screen.
  const visibleChoice = choice === NOBODY || shown.some((officer) => String(officer.id) === choice) ? choice : '';

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const userId = chosenUser(visibleChoice);
    setFailure(null);
    if (userId === undefined) {
      setChoiceError(t('assign.chooseOfficer'));
      return;
    }
    setBusy(true);
    try {
      onAssigned(await grievancesApi.assign(grievance.id, userId));
    } catch (error) {
      // The server's word on the officer goes under the choice; anything else on top.
      const onChoice = error instanceof ApiError ? error.fields.user_id : undefined;
      if (onChoice) setChoiceError(onChoice);
      else setFailure(errorText(error, t('assign.failed')));
      setBusy(false);
    }
  }

  function listState() {
    if (officers.error) return <Alert variation="error">{errorText(officers.error, t('assign.loadFailed'))}</Alert>;
    if (officers.isLoading) return <Text>{t('common:loading')}</Text>;
    if (all.length === 0) return <Text className="muted-text">{t('assign.noOfficers')}</Text>;
    if (matches.length === 0) return <Text className="muted-text">{t('assign.noMatches', { text: search.trim() })}</Text>;
    return null;
  }

  return (
    <DialogForm
      title={t('assign.title', { number: grievance.grievance_number })}
      formLabel={t('assign.form')}
      onClose={onClose}
      onSubmit={onSubmit}
      busy={busy}
      failure={failure}
      submitLabel={t('assign.submit')}
      busyLabel={t('assign.busy')}
    >
      <Text marginBottom="small">{assigned ? t('assign.now', { name: assigned }) : t('assign.none')}</Text>
      <SearchField
        label={t('assign.search')}
        descriptiveText={t('assign.searchHint')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        onClear={() => setSearch('')}
        marginBottom="medium"
      />
      {listState()}
      {!choices && choiceError ? (
        <Alert variation="error" marginTop="small">
          {choiceError}
        </Alert>
      ) : null}
      {choices ? (
        <RadioGroupField
          legend={t('assign.choose')}
          name="user_id"
          value={visibleChoice}
          onChange={(event) => {
            setChoice(event.target.value);
            setChoiceError(null);
          }}
          hasError={Boolean(choiceError)}
          errorMessage={choiceError ?? undefined}
          className="assignee-choices"
        >
          {shown.map((officer) => (
            <Radio key={officer.id} value={String(officer.id)}>
              {officerLabel(officer)}
            </Radio>
          ))}
          {assigned ? <Radio value={NOBODY}>{t('assign.nobody')}</Radio> : null}
        </RadioGroupField>
      ) : null}
      {matches.length > shown.length ? (
        <Text className="muted-text" marginTop="small">
          {t('assign.showing', { shown: shown.length, count: matches.length })}
        </Text>
      ) : null}
    </DialogForm>
  );
}
