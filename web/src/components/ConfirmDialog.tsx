// The confirm prompt before a deletion, or before another step that asks to be sure (a
// grievance put back from the trash), whose button is then not drawn as destructive.
import { useId, type ReactNode } from 'react';
import { Button, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Dialog } from './Dialog';
import type { Deletion } from './use-deletion';

interface ConfirmDialogProps {
  title: string;
  /** The question, e.g. "Delete the user Asha Verma?" */
  children: ReactNode;
  /** What the question may be answered with beside yes or no (a reason), under it. */
  details?: ReactNode;
  confirmLabel?: string;
  busyLabel?: string;
  /** 'primary' for a confirmation that takes nothing away (approving a closure, restoring). */
  variation?: 'destructive' | 'primary';
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  title,
  children,
  details,
  confirmLabel,
  busyLabel,
  variation = 'destructive',
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
        {details}
      </div>
      <div className="modal-foot">
        <Button onClick={onCancel} isDisabled={busy} data-autofocus>
          {t('cancel')}
        </Button>
        <Button variation={variation} onClick={onConfirm} isLoading={busy} loadingText={busyLabel ?? t('deleting')}>
          {confirmLabel ?? t('delete')}
        </Button>
      </div>
    </Dialog>
  );
}

/** The question of a deletion (use-deletion.ts), while it is open. */
export function ConfirmDeletion<T>({ deletion, title, question }: { deletion: Deletion<T>; title: string; question: (item: T) => ReactNode }) {
  if (deletion.target === null) return null;
  return (
    <ConfirmDialog title={title} busy={deletion.busy} onCancel={deletion.cancel} onConfirm={() => void deletion.confirm()}>
      {question(deletion.target)}
    </ConfirmDialog>
  );
}
