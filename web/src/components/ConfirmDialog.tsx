// The confirm prompt before a deletion.
import { useId, type ReactNode } from 'react';
import { Button, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Dialog } from './Dialog';

interface ConfirmDialogProps {
  title: string;
  /** The question, e.g. "Delete the user Asha Verma?" */
  children: ReactNode;
  confirmLabel?: string;
  busyLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  busyLabel,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const questionId = useId();
  const { t } = useTranslation();
  return (
    <Dialog title={title} onClose={onCancel} role="alertdialog" size="small" busy={busy} describedBy={questionId}>
      <div className="modal-body">
        <Text id={questionId}>{children}</Text>
      </div>
      <div className="modal-foot">
        <Button onClick={onCancel} isDisabled={busy} data-autofocus>
          {t('cancel')}
        </Button>
        <Button variation="destructive" onClick={onConfirm} isLoading={busy} loadingText={busyLabel ?? t('deleting')}>
          {confirmLabel ?? t('delete')}
        </Button>
      </div>
    </Dialog>
  );
}
