import { useEffect, useRef, type DialogHTMLAttributes, type ReactNode } from 'react';
import { wrapTabInside } from './dialogFocus';

export interface ModalDialogProps extends Omit<DialogHTMLAttributes<HTMLDialogElement>, 'open' | 'onCancel' | 'onKeyDown' | 'children'> {
  readonly open: boolean;
  /** Escape (the platform's cancel) asks for this instead of closing by itself. */
  readonly onCancel: () => void;
  /** Where the focus goes once it is open. */
  readonly focusOnOpen: (dialog: HTMLDialogElement) => void;
  /** Give the focus back to what had it before it opened, once it closes. */
  readonly restoreFocus?: boolean;
  /** Shown only while open. */
  readonly children: ReactNode;
}

/**
 * A modal on the platform's own <dialog>, opened and closed with `open`: showModal() gives the focus
 * trap, the inert page behind, Escape to cancel and the top layer without a library; Tab cycles
 * inside it.
 */
export function ModalDialog({ open, onCancel, focusOnOpen, restoreFocus = false, children, ...dialogProps }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const focus = useRef(focusOnOpen);
  focus.current = focusOnOpen;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
      focus.current(dialog);
    } else if (!open && dialog.open) {
      dialog.close();
      if (restoreFocus && opener.current instanceof HTMLElement) opener.current.focus();
    }
  }, [open, restoreFocus]);

  return (
    <dialog
      ref={ref}
      {...dialogProps}
      onKeyDown={wrapTabInside}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      {open && children}
    </dialog>
  );
}
