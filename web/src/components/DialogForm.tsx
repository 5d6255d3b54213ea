// A dialog holding one form: what went wrong on top, the fields, and Cancel
// beside the submit button at the foot. The dialogs that edit or change one thing
// (a user, a role, a password, an assignment, a transfer) share this frame.
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
  /** 'destructive' for a submit that takes something away (turning off two-factor). */
  variation?: 'primary' | 'destructive';
  /** The cancel button's text, when 'Cancel' is not the word. */
  cancelLabel?: string;
  size?: 'small' | 'medium' | 'large';
  children: ReactNode;
}

export function DialogForm(props: DialogFormProps) {
  const { title, formLabel, onClose, onSubmit, busy, failure, submitLabel, busyLabel, variation = 'primary', cancelLabel, size, children } = props;
  const { t } = useTranslation('common');
  return (
    <Dialog title={title} onClose={onClose} busy={busy} size={size}>
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
            {cancelLabel ?? t('cancel')}
          </Button>
          <Button type="submit" variation={variation} isLoading={busy} loadingText={busyLabel}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
