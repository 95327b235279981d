import { useId, useRef, type FormEvent, type ReactNode } from 'react';
import { ModalDialog } from './ModalDialog';

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
  const titleId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const danger = tone === 'danger';

  return (
    <ModalDialog
      open={open}
      onCancel={onClose}
      focusOnOpen={(dialog) => (danger ? cancelRef.current : dialog.querySelector<HTMLElement>('input, select, textarea'))?.focus()}
      restoreFocus
      className="confirm-dialog form-dialog"
      aria-labelledby={titleId}
    >
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
    </ModalDialog>
  );
}
