// A dialog holding one form: what went wrong on top, the fields, and Cancel
// beside the submit button at the foot. Dialogs that change one thing (assign a
// grievance, transfer it) share this frame rather than each writing it again.
import type { FormEvent, ReactNode } from 'react';
import { Alert, Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Dialog } from './Dialog';

interface DialogFormProps {
  title: string;
  /** The form's accessible name. */
  formLabel: string;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** A request is in flight: Cancel, Escape and the close button wait, the submit button spins. */
  busy: boolean;
  /** A failure that belongs to no field, shown above the fields. */
  failure?: string | null;
  submitLabel: string;
  busyLabel: string;
  children: ReactNode;
}

export function DialogForm({ title, formLabel, onClose, onSubmit, busy, failure, submitLabel, busyLabel, children }: DialogFormProps) {
  const { t } = useTranslation('common');
  return (
    <Dialog title={title} onClose={onClose} busy={busy}>
      <form onSubmit={onSubmit} noValidate aria-label={formLabel} className="modal-form">
        <div className="modal-body">
          {failure ? (
            <Alert variation="error" marginBottom="medium">
              {failure}
            </Alert>
          ) : null}
          {children}
        </div>
        <div className="modal-foot">
          <Button onClick={onClose} isDisabled={busy}>
            {t('cancel')}
          </Button>
          <Button type="submit" variation="primary" isLoading={busy} loadingText={busyLabel}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
