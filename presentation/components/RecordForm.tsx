import type { ResultAsync } from 'neverthrow';
import type { ReactNode } from 'react';
import { ConfirmationService } from '../../application/navigation/ConfirmationService';
import type { Problem } from '../format/problem';
import type { EditForm } from '../hooks/useEditForm';
import type { StaleSave } from '../hooks/useStaleSave';
import { DraftBanner } from './DraftBanner';
import { FormActions } from './FormActions';
import { FormAlert } from './FormAlert';
import { StaleSaveOffer } from './StaleSaveOffer';
import { useService } from '../services/ServicesContext';

/**
 * A record's form (useEditForm) as every record screen shows it: the save's message, the kept draft
 * offered back, after a stale save the latest version offered (`stale`), the fields (`children`,
 * disabled while saving or for a user who may not change it), then Save and the screen's own buttons.
 */
export function RecordForm<V, T, E extends Problem>({
  edit,
  submitLabel,
  stale,
  actions,
  className = 'card form-card',
  children,
}: {
  edit: EditForm<V, T, E>;
  submitLabel: string;
  /** An edit's stale-save offer and its words; none on a new record. */
  stale?: { readonly staleSave: StaleSave; readonly label: string } | null;
  /** The buttons after Save (e.g. delete). */
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const { save, canEdit } = edit;
  return (
    <form className={className} noValidate onSubmit={edit.onSubmit} aria-busy={save.busy}>
      <FormAlert message={save.message} />
      <DraftBanner draft={edit.draft} onRestore={edit.setForm} />
      {stale && <StaleSaveOffer staleSave={stale.staleSave} label={stale.label} />}
      <fieldset className="plain-fieldset" disabled={!canEdit || save.busy}>
        {children}
      </fieldset>
      {canEdit && (
        <FormActions busy={save.busy} submitLabel={submitLabel}>
          {actions}
        </FormActions>
      )}
    </form>
  );
}

/**
 * A record form's Delete button (in `actions`), one confirm-then-delete sequence for the forms whose
 * use-case deletes without asking (products, categories): the user confirms (the record named by its
 * Chinese name, else its English one), the use-case deletes (and opens the list), and a refusal is
 * shown on the form (`onRefused`, e.g. the form's save.show).
 */
export function ConfirmedDelete<R extends { readonly nameZh: string; readonly nameEn: string }, E>({
  record,
  label,
  remove,
  onRefused,
}: {
  readonly record: R;
  readonly label: string;
  readonly remove: (record: R) => ResultAsync<void, E>;
  readonly onRefused: (error: E) => void;
}) {
  const confirmation = useService(ConfirmationService);
  const onClick = async () => {
    if (!(await confirmation.ask({ kind: 'delete', values: { name: record.nameZh || record.nameEn } }))) return;
    const result = await remove(record);
    if (result.isErr()) onRefused(result.error);
  };
  return (
    <button type="button" className="button button-danger" onClick={() => void onClick()}>
      {label}
    </button>
  );
}
