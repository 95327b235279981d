import { wrapTabInside } from './dialogFocus';
import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';

/**
 * A modal form on the platform's <dialog> (focus trap, Escape closes, page behind inert); focus goes
 * to the first field when it opens and back to what opened it when it closes.
 *
 * `danger` is for a form whose action destroys something (delete, void, cancel a visit): as every
 * confirmation of the kind (spec §9), it opens with the focus on Cancel, its action is styled as
 * destructive, and Enter never performs it (only a click or Space/Enter on the action itself does).
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
  tone = 'default',
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  submitLabel: string;
  cancelLabel: string;
  busy: boolean;
  onSubmit: () => void;
  onClose: () => void;
  tone?: 'default' | 'danger';
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const opener = useRef<Element | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const danger = tone === 'danger';

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
      if (danger) cancelRef.current?.focus();
      else dialog.querySelector<HTMLElement>('input, select, textarea')?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      if (opener.current instanceof HTMLElement) opener.current.focus();
    }
  }, [open, danger]);

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
            // Enter in a field submits a form implicitly: a destructive one waits for its own button.
            if (!danger) onSubmit();
          }}
          aria-busy={busy}
        >
          <h2 id={titleId}>{title}</h2>
          {children}
          <div className="dialog-actions">
            <button ref={cancelRef} type="button" className="button button-secondary" onClick={onClose}>
              {cancelLabel}
            </button>
            {danger ? (
              <button type="button" className="button button-danger" disabled={busy} onClick={onSubmit}>
                {submitLabel}
              </button>
            ) : (
              <button type="submit" className="button button-primary" disabled={busy}>
                {submitLabel}
              </button>
            )}
          </div>
        </form>
      )}
    </dialog>
  );
}
