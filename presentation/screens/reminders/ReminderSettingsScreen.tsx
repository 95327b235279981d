import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { screenValue } from '../../../application/navigation/screenData';
import { CustomerReminders, type ReminderSettingsData } from '../../../application/ports/CustomerReminders';
import { reminderOffers, reminderSettingsDraft, saveReminderSettings, type ReminderSettingsDraft } from '../../../application/reminders/reminders';
import type { ScreenProps } from '../../app/ScreenProps';
import { FormAlert } from '../../components/FormAlert';
import { TextField } from '../../components/TextField';
import { formatDateTime } from '../../format/dateTime';
import { useAppState } from '../../hooks/useAppState';
import { useSubmit } from '../../hooks/useSubmit';
import { useService } from '../../services/ServicesContext';

/**
 * /settings/reminders: Settings → Customer reminders: the e-mail the day before a visit, the overdue
 * invoices' reminder (after how many days, how often, how many times) and the daily send time; a
 * link to the send log.
 */
export default function ReminderSettingsScreen({ data }: ScreenProps) {
  const { t, i18n } = useTranslation('reminders');
  const reminders = useService(CustomerReminders);
  const canEdit = reminderOffers(useAppState('user')).edit;
  const [current, setCurrent] = useState<ReminderSettingsData>(() => screenValue(data, 'reminderSettings'));
  const [draft, setDraft] = useState<ReminderSettingsDraft>(() => reminderSettingsDraft(current.settings));
  const [saved, setSaved] = useState(false);
  const save = useSubmit((next: ReminderSettingsDraft) => saveReminderSettings(reminders, next, current.settings.version), {
    fields: ['dayBeforeEnabled', 'overdueEnabled', 'overdueAfterDays', 'overdueEveryDays', 'overdueMaxCount', 'sendTime'],
  });
  const change = (patch: Partial<ReminderSettingsDraft>) => {
    setSaved(false);
    setDraft((before) => ({ ...before, ...patch }));
  };

  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    const result = await save.submit(draft);
    if (!result?.isOk()) return;
    setCurrent(result.value);
    setDraft(reminderSettingsDraft(result.value.settings));
    setSaved(true);
  };

  return (
    <div className="stack">
      <form className="card form-card" noValidate onSubmit={(event) => void onSave(event)} aria-busy={save.busy}>
        <p>{t('settings.intro')}</p>
        {!current.mailConfigured && (
          <p className="banner banner-warning" role="status">
            {t('settings.mailNotConfigured')} <Link href="/settings/mail">{t('settings.mailLink')}</Link>
          </p>
        )}
        <FormAlert message={save.message} />
        {saved && (
          <p className="banner banner-success" role="status">
            {t('settings.saved')}
          </p>
        )}
        <fieldset className="plain-fieldset" disabled={!canEdit || save.busy}>
          <legend>{t('settings.dayBefore')}</legend>
          <label className="checkbox">
            <input type="checkbox" name="dayBeforeEnabled" checked={draft.dayBeforeEnabled} onChange={(e) => change({ dayBeforeEnabled: e.target.checked })} /> {t('settings.dayBeforeEnabled')}
          </label>
          <p className="hint">{t('settings.dayBeforeHint')}</p>
        </fieldset>
        <fieldset className="plain-fieldset" disabled={!canEdit || save.busy}>
          <legend>{t('settings.overdue')}</legend>
          <label className="checkbox">
            <input type="checkbox" name="overdueEnabled" checked={draft.overdueEnabled} onChange={(e) => change({ overdueEnabled: e.target.checked })} /> {t('settings.overdueEnabled')}
          </label>
          <TextField label={t('settings.overdueAfterDays')} name="overdueAfterDays" inputMode="numeric" maxLength={4} value={draft.overdueAfterDays} onChange={(e) => change({ overdueAfterDays: e.target.value })} errors={save.errors.overdueAfterDays} />
          <TextField label={t('settings.overdueEveryDays')} name="overdueEveryDays" inputMode="numeric" maxLength={4} value={draft.overdueEveryDays} onChange={(e) => change({ overdueEveryDays: e.target.value })} errors={save.errors.overdueEveryDays} />
          <TextField label={t('settings.overdueMaxCount')} name="overdueMaxCount" inputMode="numeric" maxLength={2} value={draft.overdueMaxCount} onChange={(e) => change({ overdueMaxCount: e.target.value })} errors={save.errors.overdueMaxCount} />
          <p className="hint">{t('settings.overdueHint')}</p>
        </fieldset>
        <fieldset className="plain-fieldset" disabled={!canEdit || save.busy}>
          <legend>{t('settings.schedule')}</legend>
          <TextField label={t('settings.sendTime')} name="sendTime" type="time" value={draft.sendTime} onChange={(e) => change({ sendTime: e.target.value })} errors={save.errors.sendTime} />
          <p className="hint">{current.nextRunAt ? t('settings.nextRun', { at: formatDateTime(current.nextRunAt, i18n.language) }) : t('settings.noNextRun')}</p>
        </fieldset>
        {canEdit && (
          <button type="submit" className="button button-primary" disabled={save.busy}>
            {t('settings.save')}
          </button>
        )}
      </form>
      <p>
        <Link href="/settings/reminders/log">{t('settings.logLink')}</Link>
      </p>
    </div>
  );
}
