import { wrapTabInside } from './dialogFocus';
import { useEffect, useId, useRef } from 'react';

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
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      cancelRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onKeyDown={wrapTabInside}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      {open && (
        <>
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
        </>
      )}
    </dialog>
  );
}
