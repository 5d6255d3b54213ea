// Return a closure request with a reason (POST /grievances/{id}/closure/return):
// the grievance keeps its status and the request is gone. The dialog names the case and
// what the return leaves, as the approval's question does; its submit is the confirmation.
import { useState, type FormEvent } from 'react';
import { Text, TextAreaField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../../../api/errors';
import { useItemName } from '../../../api/item-names';
import type { GrievanceView } from '../../../api/types';
import { DialogForm } from '../../../components/DialogForm';
import { dash } from '../../../lib/format';
import { closureApi, MAX_RETURN_REASON_LENGTH, returnReasonError } from './closure';

interface ReturnClosureDialogProps {
  grievance: GrievanceView;
  onClose: () => void;
  /** The grievance as the return left it. */
  onReturned: (grievance: GrievanceView) => void;
}

export function ReturnClosureDialog({ grievance, onClose, onReturned }: ReturnClosureDialogProps) {
  const { t } = useTranslation('casework');
  const statusName = useItemName('statuses');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = returnReasonError(reason);
    setReasonError(problem);
    setFailure(null);
    if (problem) return;
    setBusy(true);
    try {
      onReturned(await closureApi.return(grievance, reason));
    } catch (error) {
      const field = error instanceof ApiError ? error.fields.reason : undefined;
      // The reason's own message goes under it; anything else (a stale version, no request) on top.
      if (field) setReasonError(field);
      else setFailure(errorText(error, t('closure.returnFailed')));
      setBusy(false);
    }
  }

  return (
    <DialogForm
      title={t('closure.returnTitle', { number: grievance.grievance_number })}
      formLabel={t('closure.returnForm')}
      onClose={onClose}
      onSubmit={onSubmit}
      busy={busy}
      failure={failure}
      submitLabel={t('closure.returnSubmit')}
      busyLabel={t('closure.returning')}
    >
      <Text marginBottom="medium">
        {t('closure.returnQuestion', { number: grievance.grievance_number, fir: dash(grievance.fir_no), status: dash(statusName(grievance.status)) })}
      </Text>
      <TextAreaField
        label={t('closure.reason')}
        name="reason"
        rows={3}
        isRequired
        maxLength={MAX_RETURN_REASON_LENGTH}
        descriptiveText={t('closure.reasonHint')}
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
          setReasonError(null);
        }}
        hasError={Boolean(reasonError)}
        errorMessage={reasonError ?? undefined}
      />
    </DialogForm>
  );
}
