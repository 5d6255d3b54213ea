// A modal dialog on the native <dialog> element: opens as soon as it is
// mounted (the parent mounts it to open it and unmounts it to close it),
// Escape and the close button ask the parent to close, focus stays inside
// while open and returns to where it was afterwards.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button, Heading } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icons';

interface DialogProps {
  title: string;
  /** Asked for by Escape and the close button; the parent unmounts the dialog. */
  onClose: () => void;
  children: ReactNode;
  /** 'alertdialog' for a confirmation that needs an answer. */
  role?: 'dialog' | 'alertdialog';
  /** Width class: small (confirmations), medium (forms), large (grids). */
  size?: 'small' | 'medium' | 'large';
  /** While true (a request in flight) Escape and the close button do nothing. */
  busy?: boolean;
  /** Id of the element that describes the dialog (e.g. a confirmation's question). */
  describedBy?: string;
}

export function Dialog({ title, onClose, children, role = 'dialog', size = 'medium', busy = false, describedBy }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { t } = useTranslation();
  const busyRef = useRef(busy);
  busyRef.current = busy;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    // First focus: a control marked data-autofocus, else the first field.
    const first =
      dialog.querySelector<HTMLElement>('[data-autofocus]') ??
      dialog.querySelector<HTMLElement>('input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])');
    first?.focus();
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      // Give focus back to the control that opened the dialog, if it is still there.
      if (previous && previous.isConnected) previous.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={`modal modal-${size}`}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={(event) => {
        // Escape: let the parent decide (it unmounts us), never close natively.
        event.preventDefault();
        if (!busyRef.current) onClose();
      }}
    >
      <div className="modal-head">
        <Heading level={2} id={titleId} className="modal-title">
          {title}
        </Heading>
        <Button
          variation="link"
          size="small"
          className="icon-button modal-close"
          ariaLabel={t('closeDialog')}
          isDisabled={busy}
          onClick={onClose}
        >
          <Icon name="close" />
        </Button>
      </div>
      {children}
    </dialog>
  );
}
