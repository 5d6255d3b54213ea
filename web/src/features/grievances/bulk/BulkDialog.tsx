// One change to every selected grievance (POST /grievances/bulk): its inputs, as a
// grievance's own dialog asks for them, then what came of it: how many were done, and each
// refused one by its number (or as one the user cannot see) with the server's reason in the
// reader's language. Officers, statuses, priorities and stations are those the list's
// filters and the grievance's own screen offer.
import { useState, type FormEvent } from 'react';
import { Alert, Button, Heading, Radio, RadioGroupField, SearchField, SelectField, Text, TextAreaField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/errors';
import { readerName } from '../../../api/item-names';
import type { BulkResult } from '../../../api/types';
import { Dialog } from '../../../components/Dialog';
import { DialogForm } from '../../../components/DialogForm';
import { formatCount } from '../../../lib/format';
import { useActiveItems } from '../../admin/api/use-active-items';
import { useSession } from '../../auth/use-session';
import { useListAssignees } from '../api/use-list-assignees';
import { matchingOfficers, NOBODY, officerLabel, SHOWN_AT_ONCE } from '../assign/assign';
import { MAX_REASON_LENGTH } from '../transfer/transfer';
import { bulkApi } from './api/bulk';
import { closesCase, refusedName, refusedReason, type BulkAction } from './bulk';
import { bulkRequest, EMPTY_DRAFT, type BulkDraft, type BulkErrors, type BulkField } from './bulk-request';

interface BulkDialogProps {
  action: BulkAction;
  ids: readonly number[];
  onClose: () => void;
  /** The change was made (to some or all): the list is read again. */
  onApplied: (result: BulkResult) => void;
}

export function BulkDialog({ action, ids, onClose, onApplied }: BulkDialogProps) {
  const { t } = useTranslation('grievances');
  const [draft, setDraft] = useState<BulkDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<BulkErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<BulkResult | null>(null);
  const statuses = useActiveItems('statuses');
  const decisionNeeded = useSession().user?.closing_needs_approval === true;
  const count = ids.length;
  const title = t(`bulk.title.${action}`, { count, n: formatCount(count) });

  const set = (field: keyof BulkDraft, value: string, clears: BulkField) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [clears]: undefined }));
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const built = bulkRequest(action, ids, draft, statuses.items, decisionNeeded);
    if ('errors' in built) {
      setErrors(built.errors);
      return;
    }
    setBusy(true);
    try {
      const answer = await bulkApi.apply(built.request);
      setResult(answer);
      onApplied(answer);
    } catch (error) {
      // A refusal of the whole request (a selection too large, a field left out): said on top.
      setFailure(errorText(error, t('bulk.failed')));
    } finally {
      setBusy(false);
    }
  }

  if (result) return <BulkResultDialog title={title} result={result} onClose={onClose} />;

  return (
    <DialogForm
      title={title}
      formLabel={title}
      onClose={onClose}
      onSubmit={(event) => void onSubmit(event)}
      busy={busy}
      failure={failure}
      submitLabel={t(`bulk.submit.${action}`)}
      busyLabel={t('bulk.applying')}
    >
      <Text className="muted-text" marginBottom="medium">
        {t('bulk.eachChecked')}
      </Text>
      {action === 'assign' ? <AssignFields draft={draft} errors={errors} set={set} /> : null}
      {action === 'status' ? <StatusFields draft={draft} errors={errors} set={set} decisionNeeded={decisionNeeded} statuses={statuses} /> : null}
      {action === 'priority' ? <PriorityFields draft={draft} errors={errors} set={set} /> : null}
      {action === 'transfer' ? <TransferFields draft={draft} errors={errors} set={set} /> : null}
    </DialogForm>
  );
}

interface FieldsProps {
  draft: BulkDraft;
  errors: BulkErrors;
  set: (field: keyof BulkDraft, value: string, clears: BulkField) => void;
}

/** Everyone the user may assign grievances to, narrowed by a search; or nobody. */
function AssignFields({ draft, errors, set }: FieldsProps) {
  const { t } = useTranslation('grievances');
  const officers = useListAssignees(true);
  const [search, setSearch] = useState('');
  const all = officers.data?.data ?? [];
  const matches = matchingOfficers(all, search);
  const shown = matches.slice(0, SHOWN_AT_ONCE);
  // A choice the search has hidden is no choice: what is sent is always on screen.
  const choice = draft.assignee === NOBODY || shown.some((o) => String(o.id) === draft.assignee) ? draft.assignee : '';
  return (
    <>
      <SearchField
        label={t('assign.search')}
        descriptiveText={t('bulk.assignHint')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        onClear={() => setSearch('')}
        marginBottom="medium"
      />
      {officers.error ? <Alert variation="error">{errorText(officers.error, t('assign.loadFailed'))}</Alert> : null}
      {officers.isLoading ? <Text>{t('common:loading')}</Text> : null}
      {all.length > 0 && matches.length === 0 ? <Text className="muted-text">{t('assign.noMatches', { text: search.trim() })}</Text> : null}
      <RadioGroupField
        legend={t('assign.choose')}
        name="user_id"
        value={choice}
        onChange={(event) => set('assignee', event.target.value, 'user_id')}
        hasError={Boolean(errors.user_id)}
        errorMessage={errors.user_id}
        className="assignee-choices"
        marginTop="small"
      >
        {shown.map((officer) => (
          <Radio key={officer.id} value={String(officer.id)}>
            {officerLabel(officer)}
          </Radio>
        ))}
        <Radio value={NOBODY}>{t('assign.nobody')}</Radio>
      </RadioGroupField>
      {matches.length > shown.length ? (
        <Text className="muted-text" marginTop="small">
          {t('assign.showing', { shown: shown.length, count: matches.length })}
        </Text>
      ) : null}
    </>
  );
}

function StatusFields({
  draft,
  errors,
  set,
  decisionNeeded,
  statuses,
}: FieldsProps & { decisionNeeded: boolean; statuses: ReturnType<typeof useActiveItems> }) {
  const { t, i18n } = useTranslation('grievances');
  const chosen = statuses.items.find((item) => String(item.id) === draft.statusId);
  const closes = closesCase(chosen);
  return (
    <>
      <SelectField
        label={t('status.newStatus')}
        name="status_id"
        value={draft.statusId}
        onChange={(event) => set('statusId', event.target.value, 'status_id')}
        hasError={Boolean(errors.status_id)}
        errorMessage={errors.status_id}
        descriptiveText={statuses.error ? errorText(statuses.error, t('form.listsFailed')) : undefined}
        marginBottom="medium"
      >
        <option value="">{statuses.isLoading ? t('common:loading') : t('status.select')}</option>
        {statuses.items.map((item) => (
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
        value={draft.notes}
        onChange={(event) => set('notes', event.target.value, 'status_id')}
      />
      {closes ? (
        <TextAreaField
          label={t('field.final_decision')}
          name="final_decision"
          rows={2}
          marginTop="medium"
          descriptiveText={t('bulk.finalDecisionHint')}
          isRequired={decisionNeeded}
          value={draft.finalDecision}
          onChange={(event) => set('finalDecision', event.target.value, 'final_decision')}
          hasError={Boolean(errors.final_decision)}
          errorMessage={errors.final_decision}
        />
      ) : null}
      {closes && decisionNeeded ? (
        <Text className="field-hint closure-hint" marginTop="small" role="note">
          {t('casework:closure.needsApproval')}
        </Text>
      ) : null}
    </>
  );
}

function PriorityFields({ draft, errors, set }: FieldsProps) {
  const { t, i18n } = useTranslation('grievances');
  const priorities = useActiveItems('priorities');
  return (
    <SelectField
      label={t('bulk.newPriority')}
      name="priority"
      value={draft.priority}
      onChange={(event) => set('priority', event.target.value, 'priority')}
      hasError={Boolean(errors.priority)}
      errorMessage={errors.priority}
      descriptiveText={priorities.error ? errorText(priorities.error, t('form.listsFailed')) : undefined}
    >
      <option value="">{priorities.isLoading ? t('common:loading') : t('bulk.selectPriority')}</option>
      {/* The server takes a priority by its name. */}
      {priorities.items.map((item) => (
        <option key={item.id} value={item.name}>
          {readerName(item, i18n.language)}
        </option>
      ))}
    </SelectField>
  );
}

function TransferFields({ draft, errors, set }: FieldsProps) {
  const { t, i18n } = useTranslation('grievances');
  const stations = useActiveItems('police_stations');
  return (
    <>
      <SelectField
        label={t('transfer.station')}
        name="police_station_id"
        isRequired
        descriptiveText={stations.error ? errorText(stations.error, t('form.listsFailed')) : t('bulk.transferHint')}
        value={draft.stationId}
        onChange={(event) => set('stationId', event.target.value, 'police_station_id')}
        hasError={Boolean(errors.police_station_id)}
        errorMessage={errors.police_station_id}
        marginBottom="medium"
      >
        <option value="">{stations.isLoading ? t('common:loading') : t('form.selectStation')}</option>
        {stations.items.map((station) => (
          <option key={station.id} value={String(station.id)}>
            {readerName(station, i18n.language)}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label={t('transfer.reason')}
        name="reason"
        rows={3}
        isRequired
        maxLength={MAX_REASON_LENGTH}
        descriptiveText={t('transfer.reasonHint')}
        value={draft.reason}
        onChange={(event) => set('reason', event.target.value, 'reason')}
        hasError={Boolean(errors.reason)}
        errorMessage={errors.reason}
      />
    </>
  );
}

/** '20 done', and each refused grievance with the reason. */
function BulkResultDialog({ title, result, onClose }: { title: string; result: BulkResult; onClose: () => void }) {
  const { t } = useTranslation('grievances');
  const done = result.done.length;
  const refused = result.refused;
  return (
    <Dialog title={title} onClose={onClose}>
      <div className="modal-body bulk-result">
        <Alert variation={done > 0 ? 'success' : 'info'} role="status">
          {t('bulk.done', { count: done, n: formatCount(done) })}
        </Alert>
        {refused.length > 0 ? (
          <section aria-labelledby="bulk-refused-heading" className="bulk-refused">
            <Heading level={3} className="subsection-title" id="bulk-refused-heading">
              {t('bulk.refused', { count: refused.length, n: formatCount(refused.length) })}
            </Heading>
            <Text className="muted-text">{t('bulk.refusedHint')}</Text>
            <ul className="bulk-refused-list" aria-labelledby="bulk-refused-heading">
              {refused.map((item) => (
                <li key={item.id}>
                  <span className={item.grievance_number ? 'bulk-refused-name' : 'bulk-refused-name unseen'}>{refusedName(item)}</span>
                  <span className="bulk-refused-reason">{refusedReason(item)}</span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
      <div className="modal-foot">
        <Button variation="primary" onClick={onClose} data-autofocus>
          {t('views.close')}
        </Button>
      </div>
    </Dialog>
  );
}
