import { wrapTabInside } from './dialogFocus';
import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';

/**
 * A modal form on the platform's <dialog> (focus trap, Escape closes, page behind inert); focus goes
 * to the first field when it opens and back to what opened it when it closes.
 */
export function FormDialog({
  open,
  title,
  children,
  submitLabel,
  cancelLabel,
  busy,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  submitLabel: string;
  cancelLabel: string;
  busy: boolean;
  onSubmit: () => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
      dialog.querySelector<HTMLElement>('input, select, textarea')?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      if (opener.current instanceof HTMLElement) opener.current.focus();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="confirm-dialog form-dialog"
      aria-labelledby={titleId}
      onKeyDown={wrapTabInside}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open && (
        <form
          noValidate
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            onSubmit();
          }}
          aria-busy={busy}
        >
          <h2 id={titleId}>{title}</h2>
          {children}
          <div className="dialog-actions">
            <button type="button" className="button button-secondary" onClick={onClose}>
              {cancelLabel}
            </button>
            <button type="submit" className="button button-primary" disabled={busy}>
              {submitLabel}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
