import type { ReactNode } from 'react';

/** A form's buttons: its submit button (disabled while the form is busy), then the screen's own (`children`). */
export function FormActions({ busy, submitLabel, children }: { busy: boolean; submitLabel: string; children?: ReactNode }) {
  return (
    <div className="form-actions">
      <button type="submit" className="button button-primary" disabled={busy}>
        {submitLabel}
      </button>
      {children}
    </div>
  );
}
