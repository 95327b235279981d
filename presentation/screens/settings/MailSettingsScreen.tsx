import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { mailOffers, mailSettingsDraft, saveMailSettings, sendTestMail, USUAL_PORT, type MailSettingsDraft } from '../../../application/mail/mail';
import { screenValue } from '../../../application/navigation/screenData';
import { Mailing, type MailSettings, type TlsMode } from '../../../application/ports/Mailing';
import type { ScreenProps } from '../../app/ScreenProps';
import { FormAlert } from '../../components/FormAlert';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { useAppState } from '../../hooks/useAppState';
import { useSubmit } from '../../hooks/useSubmit';
import { useService } from '../../services/ServicesContext';

const TLS_MODES: readonly TlsMode[] = ['starttls', 'tls', 'none'];

/**
 * /settings/mail: the SMTP server (host, port, encryption, user, password) and the sender, and a
 * test e-mail. The password is never shown: only whether one is set.
 */
export default function MailSettingsScreen({ data }: ScreenProps) {
  const { t } = useTranslation('mail');
  const mailing = useService(Mailing);
  const canEdit = mailOffers(useAppState('user')).edit;
  const [settings, setSettings] = useState<MailSettings>(() => screenValue(data, 'mailSettings').settings);
  const [draft, setDraft] = useState<MailSettingsDraft>(() => mailSettingsDraft(settings));
  const [saved, setSaved] = useState(false);
  const [testTo, setTestTo] = useState('');
  const [tested, setTested] = useState<string | null>(null);
  const save = useSubmit((next: MailSettingsDraft) => saveMailSettings(mailing, next, settings.version), { fields: ['host', 'port', 'tlsMode', 'username', 'password', 'fromName', 'fromAddress', 'siteUrl', 'sendsPerHour'] });
  const test = useSubmit((to: string) => sendTestMail(mailing, to), { fields: ['testTo'] });
  const change = (patch: Partial<MailSettingsDraft>) => {
    setSaved(false);
    setDraft((current) => ({ ...current, ...patch }));
  };

  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    const result = await save.submit(draft);
    if (!result?.isOk()) return;
    setSettings(result.value);
    setDraft(mailSettingsDraft(result.value));
    setSaved(true);
  };

  const onTest = async (event: FormEvent) => {
    event.preventDefault();
    setTested(null);
    const result = await test.submit(testTo);
    if (result?.isOk()) setTested(testTo.trim());
  };

  return (
    <div className="stack">
      <form className="card form-card" noValidate onSubmit={(event) => void onSave(event)} aria-busy={save.busy}>
        <p>{t('settings.intro')}</p>
        <FormAlert message={save.message} />
        {saved && (
          <p className="banner banner-success" role="status">
            {t('settings.saved')}
          </p>
        )}
        <fieldset className="plain-fieldset" disabled={!canEdit || save.busy}>
          <legend>{t('settings.server')}</legend>
          <TextField label={t('settings.host')} name="host" value={draft.host} maxLength={255} onChange={(e) => change({ host: e.target.value })} errors={save.errors.host} />
          <SelectField
            label={t('settings.tlsMode')}
            name="tlsMode"
            value={draft.tlsMode}
            options={TLS_MODES.map((mode) => ({ value: mode, label: t(`settings.tls.${mode}`) }))}
            onChange={(e) => {
              const mode = e.target.value as TlsMode;
              change({ tlsMode: mode, port: String(USUAL_PORT[mode]) });
            }}
            errors={save.errors.tlsMode}
          />
          <TextField label={t('settings.port')} name="port" inputMode="numeric" value={draft.port} maxLength={5} onChange={(e) => change({ port: e.target.value })} errors={save.errors.port} />
          <TextField label={t('settings.username')} name="username" autoComplete="off" value={draft.username} maxLength={255} onChange={(e) => change({ username: e.target.value })} errors={save.errors.username} />
          <TextField
            label={t('settings.password')}
            name="password"
            type="password"
            autoComplete="new-password"
            value={draft.password}
            disabled={draft.clearPassword}
            onChange={(e) => change({ password: e.target.value })}
            errors={save.errors.password}
          />
          <p className="hint">{settings.passwordSet ? t('settings.passwordSet') : t('settings.passwordNotSet')}</p>
          {settings.passwordSet && (
            <label className="checkbox">
              <input type="checkbox" checked={draft.clearPassword} onChange={(e) => change({ clearPassword: e.target.checked, password: '' })} /> {t('settings.clearPassword')}
            </label>
          )}
        </fieldset>
        <fieldset className="plain-fieldset" disabled={!canEdit || save.busy}>
          <legend>{t('settings.sender')}</legend>
          <TextField label={t('settings.fromName')} name="fromName" value={draft.fromName} maxLength={200} onChange={(e) => change({ fromName: e.target.value })} errors={save.errors.fromName} />
          <TextField label={t('settings.fromAddress')} name="fromAddress" type="email" value={draft.fromAddress} maxLength={254} onChange={(e) => change({ fromAddress: e.target.value })} errors={save.errors.fromAddress} />
        </fieldset>
        <fieldset className="plain-fieldset" disabled={!canEdit || save.busy}>
          <legend>{t('settings.site')}</legend>
          <TextField
            label={t('settings.siteUrl')}
            name="siteUrl"
            type="url"
            inputMode="url"
            placeholder="https://office.example.hk"
            value={draft.siteUrl}
            maxLength={255}
            onChange={(e) => change({ siteUrl: e.target.value })}
            errors={save.errors.siteUrl}
          />
          <p className="hint">{t('settings.siteUrlHint')}</p>
          <p className={settings.linksOpenAt && settings.linksOpenAt.source !== 'loopback' ? 'hint' : 'notice'}>
            {settings.linksOpenAt ? t(`settings.linksOpenAt.${settings.linksOpenAt.source}`, { url: settings.linksOpenAt.url }) : t('settings.linksOpenAt.none')}
          </p>
        </fieldset>
        <fieldset className="plain-fieldset" disabled={!canEdit || save.busy}>
          <legend>{t('settings.limit')}</legend>
          <TextField label={t('settings.sendsPerHour')} name="sendsPerHour" inputMode="numeric" value={draft.sendsPerHour} maxLength={5} onChange={(e) => change({ sendsPerHour: e.target.value })} errors={save.errors.sendsPerHour} />
          <p className="hint">{t('settings.sendsPerHourHint')}</p>
        </fieldset>
        {canEdit && (
          <button type="submit" className="button button-primary" disabled={save.busy}>
            {t('settings.save')}
          </button>
        )}
      </form>

      {canEdit && (
        <form className="card form-card" noValidate onSubmit={(event) => void onTest(event)} aria-busy={test.busy}>
          <h2>{t('settings.testTitle')}</h2>
          <FormAlert message={test.message} />
          {tested && (
            <p className="banner banner-success" role="status">
              {t('settings.testSent', { to: tested })}
            </p>
          )}
          <TextField label={t('settings.testTo')} name="testTo" type="email" value={testTo} maxLength={254} onChange={(e) => setTestTo(e.target.value)} errors={test.errors.testTo} />
          <button type="submit" className="button button-secondary" disabled={test.busy}>
            {t('settings.testSend')}
          </button>
        </form>
      )}
    </div>
  );
}
