// The frame of the dialogs that ask an officer's reason (a reveal, the sensitive mark, withholding
// from publication): a required reason, a note that it is recorded, and the server's message for
// the reason under the field (by its code, translated).
import { useState, type FormEvent } from 'react';
import { Text, TextAreaField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../../../api/errors';
import { DialogForm } from '../../../components/DialogForm';
import { REASON_MAX, reasonError, type ShortReasonCode } from './reveal';

interface ReasonDialogProps {
  title: string;
  formLabel: string;
  submitLabel: string;
  busyLabel: string;
  /** What went wrong when the server gives no text of its own. */
  failedLabel: string;
  /** Sends the reason; throws on refusal. On success the caller closes the dialog. */
  send: (reason: string) => Promise<void>;
  onClose: () => void;
  /** Where the reason is recorded; a reveal's audit note when absent. */
  note?: string;
  /** The server's code for a reason too short, said before anything is sent; a reveal's when absent. */
  shortReasonCode?: ShortReasonCode;
}

export function ReasonDialog({ title, formLabel, submitLabel, busyLabel, failedLabel, send, onClose, note, shortReasonCode }: ReasonDialogProps) {
  const { t } = useTranslation('grievances');
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = reasonError(reason, shortReasonCode);
    setFieldError(problem);
    setFailure(null);
    if (problem) return;
    setBusy(true);
    try {
      await send(reason);
    } catch (error) {
      const field = error instanceof ApiError ? error.fields.reason : undefined;
      if (field) setFieldError(field);
      else setFailure(errorText(error, failedLabel));
      setBusy(false);
    }
  }

  return (
    <DialogForm title={title} formLabel={formLabel} onClose={onClose} onSubmit={onSubmit} busy={busy} failure={failure} submitLabel={submitLabel} busyLabel={busyLabel}>
      <TextAreaField
        label={t('reveal.reason')}
        name="reason"
        rows={3}
        isRequired
        maxLength={REASON_MAX}
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
          setFieldError(null);
        }}
        hasError={Boolean(fieldError)}
        errorMessage={fieldError ?? undefined}
      />
      <Text className="field-hint" marginTop="small">
        {note ?? t('reveal.auditNote')}
      </Text>
    </DialogForm>
  );
}
