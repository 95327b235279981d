import { useTranslation } from 'react-i18next';

/** The client form's "No reminders to this client" (issue 21 item 7): neither the day-before nor the overdue reminder is sent. */
export function ReminderOptOutField({ checked, onChange }: { readonly checked: boolean; readonly onChange: (checked: boolean) => void }) {
  const { t } = useTranslation('reminders');
  return (
    <div className="field">
      <label className="checkbox">
        <input type="checkbox" name="remindersOptOut" checked={checked} onChange={(e) => onChange(e.target.checked)} /> {t('optOut.label')}
      </label>
      <p className="hint">{t('optOut.hint')}</p>
    </div>
  );
}
