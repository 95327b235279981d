import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Scope } from '../../../application/appointments/appointment';
import { FormDialog } from '../../components/FormDialog';

/**
 * The question every change of a repeating appointment asks (spec §4): this visit only, or this and
 * the future visits. Used after drag and drop, on saving the form and on deleting.
 */
export function ScopeDialog({
  open,
  title,
  submitLabel,
  busy,
  onChoose,
  onCancel,
  tone = 'default',
}: {
  open: boolean;
  title: string;
  submitLabel: string;
  busy: boolean;
  onChoose: (scope: Scope) => void;
  onCancel: () => void;
  /** `danger` when the choice deletes: Cancel has the focus and Enter never deletes. */
  tone?: 'default' | 'danger';
}) {
  const { t } = useTranslation('calendar');
  const [scope, setScope] = useState<Scope>('one');
  useEffect(() => {
    if (open) setScope('one');
  }, [open]);
  return (
    <FormDialog open={open} title={title} submitLabel={submitLabel} cancelLabel={t('cancel')} busy={busy} tone={tone} onSubmit={() => onChoose(scope)} onClose={onCancel}>
      <fieldset className="checkbox-group">
        <legend>{t('scope.legend')}</legend>
        {(['one', 'future'] as const).map((value) => (
          <label key={value} className="checkbox">
            <input type="radio" name="scope" value={value} checked={scope === value} onChange={() => setScope(value)} /> {t(`scope.${value}`)}
          </label>
        ))}
      </fieldset>
    </FormDialog>
  );
}
