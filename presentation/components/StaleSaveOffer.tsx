import type { StaleSave } from '../hooks/useStaleSave';

/**
 * After a stale save (see useStaleSave): the button that loads the latest version, discarding what
 * was typed. Nothing otherwise. `label` says so in the form's words, e.g. "Load the latest version
 * (your changes will be discarded)".
 */
export function StaleSaveOffer({ staleSave, label }: { staleSave: StaleSave; label: string }) {
  if (!staleSave.stale) return null;
  return (
    <p className="form-actions">
      <button type="button" className="button button-secondary" onClick={staleSave.reload}>
        {label}
      </button>
    </p>
  );
}
