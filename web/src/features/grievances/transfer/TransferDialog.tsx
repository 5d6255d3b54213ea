// Send a grievance to another police station (PUT /grievances/{id}/transfer),
// for users with grievances update. The stations offered are the active ones
// of the Admin Panel, less the grievance's own.
import { useState, type FormEvent } from 'react';
import { SelectField, TextAreaField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../../../api/errors';
import { readerName } from '../../../api/item-names';
import type { GrievanceView } from '../../../api/types';
import { DialogForm } from '../../../components/DialogForm';
import { useActiveItems } from '../../admin/api/use-active-items';
import { grievancesApi } from '../api/grievances';
import { destinationStations, MAX_REASON_LENGTH, transferErrors, transferRequest, type TransferDraft, type TransferErrors, type TransferField } from './transfer';

interface TransferDialogProps {
  grievance: GrievanceView;
  onClose: () => void;
  /** The grievance as the transfer left it. */
  onTransferred: (grievance: GrievanceView) => void;
}

const FIELDS: readonly TransferField[] = ['police_station_id', 'reason'];

/** The server's messages for this dialog's fields. */
function serverFieldErrors(error: unknown): TransferErrors {
  if (!(error instanceof ApiError)) return {};
  const fields = error.fields;
  return Object.fromEntries(FIELDS.filter((field) => fields[field]).map((field) => [field, fields[field]]));
}

export function TransferDialog({ grievance, onClose, onTransferred }: TransferDialogProps) {
  const { t, i18n } = useTranslation('grievances');
  const stations = useActiveItems('police_stations');
  const [draft, setDraft] = useState<TransferDraft>({ stationId: '', reason: '' });
  const [errors, setErrors] = useState<TransferErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function set(field: keyof TransferDraft, value: string) {
    setDraft((current) => ({ ...current, [field]: value }));
    const cleared: TransferField = field === 'stationId' ? 'police_station_id' : 'reason';
    setErrors((current) => ({ ...current, [cleared]: undefined }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = transferErrors(draft);
    setErrors(problems);
    setFailure(null);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      onTransferred(await grievancesApi.transfer(grievance.id, transferRequest(draft)));
    } catch (error) {
      const fields = serverFieldErrors(error);
      setErrors(fields);
      // Field errors say it under their fields; anything else (the limit reached) says it here.
      if (Object.keys(fields).length === 0) setFailure(errorText(error, t('transfer.failed')));
      setBusy(false);
    }
  }

  return (
    <DialogForm
      title={t('transfer.title', { number: grievance.grievance_number })}
      formLabel={t('transfer.form')}
      onClose={onClose}
      onSubmit={onSubmit}
      busy={busy}
      failure={failure}
      submitLabel={t('transfer.submit')}
      busyLabel={t('transfer.busy')}
    >
      <SelectField
        label={t('transfer.station')}
        name="police_station_id"
        descriptiveText={
          stations.error ? errorText(stations.error, t('form.listsFailed')) : t('transfer.from', { station: grievance.police_station })
        }
        isRequired
        value={draft.stationId}
        onChange={(event) => set('stationId', event.target.value)}
        hasError={Boolean(errors.police_station_id)}
        errorMessage={errors.police_station_id}
        marginBottom="medium"
      >
        <option value="">{stations.isLoading ? t('common:loading') : t('form.selectStation')}</option>
        {destinationStations(stations.items, grievance).map((station) => (
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
        onChange={(event) => set('reason', event.target.value)}
        hasError={Boolean(errors.reason)}
        errorMessage={errors.reason}
      />
    </DialogForm>
  );
}
