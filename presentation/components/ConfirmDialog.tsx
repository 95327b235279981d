import { useId, useRef } from 'react';
import { ModalDialog } from './ModalDialog';

export interface ConfirmDialogProps {
  readonly open: boolean;
  readonly title: string;
  readonly message: string;
  readonly confirmLabel: string;
  readonly cancelLabel: string;
  /** `danger` for destructive actions such as delete or leaving without saving. */
  readonly tone?: 'danger' | 'default';
  /** `primary` when staying is what the dialog recommends (leaving without saving): Cancel is then the main button. */
  readonly cancelTone?: 'primary' | 'secondary';
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}

/**
 * A modal confirmation on the platform's own <dialog>: showModal() gives the focus trap, the inert
 * page behind, Escape to cancel and the top layer without a library. Cancel has the focus when it
 * opens (spec §9), so Enter never confirms a deletion by accident.
 */
export function ConfirmDialog({ open, title, message, confirmLabel, cancelLabel, tone = 'default', cancelTone = 'secondary', onConfirm, onCancel }: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const messageId = useId();

  return (
    <ModalDialog
      open={open}
      onCancel={onCancel}
      focusOnOpen={() => cancelRef.current?.focus()}
      className="confirm-dialog"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={messageId}
    >
      <h2 id={titleId}>{title}</h2>
      <p id={messageId}>{message}</p>
      <div className="dialog-actions">
        <button ref={cancelRef} type="button" className={`button button-${cancelTone}`} autoFocus onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="button" className={`button ${tone === 'danger' ? 'button-danger' : 'button-primary'}`} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </ModalDialog>
  );
}
