// Change a grievance's status with a note (PUT /grievances/{id}/status), for
// users with grievances update. Statuses come from the active list. For a role
// whose closures need approval, a resolved or closed status becomes a closure
// request: the form says so before it is sent. A resolved or closed status carries the
// final decision (the case's own, to correct or write): a closure request needs one.
import { useState, type FormEvent } from 'react';
import { Button, Flex, Grid, Heading, SelectField, Text, TextAreaField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../../api/errors';
import { readerName } from '../../api/item-names';
import type { GrievanceView } from '../../api/types';
import { useActiveItems } from '../admin/api/use-active-items';
import { useSession } from '../auth/use-session';
import { grievancesApi } from './api/grievances';
import { CLOSURE_PENDING_CODE, closesCase } from './closure/closure';
import { ReloadableFailure, type Refusal } from './ReloadableFailure';

interface StatusChangeFormProps {
  grievance: GrievanceView;
  onChanged: (grievance: GrievanceView) => void;
  /** Loads the grievance again after a conflict. */
  onReload: () => void;
}

export function StatusChangeForm({ grievance, onChanged, onReload }: StatusChangeFormProps) {
  const { t, i18n } = useTranslation('grievances');
  const statuses = useActiveItems('statuses');
  const [statusId, setStatusId] = useState('');
  const [notes, setNotes] = useState('');
  const [decision, setDecision] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Refusal | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [decisionError, setDecisionError] = useState<string | undefined>();

  const options = statuses.items.filter((item) => item.name !== grievance.status);
  const closingNeedsApproval = useSession().user?.closing_needs_approval === true;
  const chosen = options.find((item) => String(item.id) === statusId);
  const closes = closesCase(chosen?.meaning);
  const asksForClosure = closingNeedsApproval && closes;
  // The case's own decision until the user writes another.
  const finalDecision = decision ?? grievance.final_decision ?? '';

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!statusId) {
      setFieldError(t('status.chooseStatus'));
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const updated = await grievancesApi.changeStatus(grievance.id, {
        status_id: Number(statusId),
        notes: notes.trim() || null,
        final_decision: closes ? finalDecision.trim() || null : null,
        version: grievance.version,
      });
      setStatusId('');
      setNotes('');
      setDecision(null);
      onChanged(updated);
    } catch (error) {
      // A stale copy can be read again; a pending closure request waits for its decision instead.
      const conflict = error instanceof ApiError && error.status === 409 && error.code !== CLOSURE_PENDING_CODE;
      const fields = error instanceof ApiError ? error.fields : {};
      if (fields.status_id) setFieldError(fields.status_id);
      if (fields.final_decision) setDecisionError(fields.final_decision);
      // A problem with a field is said under the field, once.
      if (!fields.status_id && !fields.final_decision) setFailure({ text: errorText(error, t('status.failed')), conflict });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="status-change-heading" className="status-change">
      <Heading level={3} className="subsection-title" id="status-change-heading">
        {t('status.title')}
      </Heading>
      <ReloadableFailure
        failure={failure}
        marginBottom="small"
        onReload={() => {
          setFailure(null);
          onReload();
        }}
      />
      <Grid templateColumns={{ base: '1fr', medium: '15rem minmax(0, 1fr)' }} gap="small" alignItems="start">
        <SelectField
          label={t('status.newStatus')}
          name="status_id"
          value={statusId}
          onChange={(event) => {
            setStatusId(event.target.value);
            setFieldError(undefined);
          }}
          hasError={Boolean(fieldError)}
          errorMessage={fieldError}
          descriptiveText={statuses.error ? errorText(statuses.error, t('form.listsFailed')) : undefined}
        >
          <option value="">{statuses.isLoading ? t('common:loading') : t('status.select')}</option>
          {options.map((item) => (
            <option key={item.id} value={String(item.id)}>
              {readerName(item, i18n.language)}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label={t('status.notes')}
          name="notes"
          rows={2}
          placeholder={t('status.notesPlaceholder')}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
        />
      </Grid>
      {closes ? (
        <TextAreaField
          label={t('field.final_decision')}
          name="final_decision"
          rows={2}
          marginTop="small"
          value={finalDecision}
          onChange={(event) => {
            setDecision(event.target.value);
            setDecisionError(undefined);
          }}
          hasError={Boolean(decisionError)}
          errorMessage={decisionError}
          isRequired={asksForClosure}
        />
      ) : null}
      {asksForClosure ? (
        <Text className="field-hint closure-hint" marginTop="small" role="note">
          {t('casework:closure.needsApproval')}
        </Text>
      ) : null}
      <Flex justifyContent="flex-end" marginTop="small">
        <Button type="submit" variation="primary" isLoading={busy} loadingText={t('status.updating')}>
          {t('status.submit')}
        </Button>
      </Flex>
    </form>
  );
}
