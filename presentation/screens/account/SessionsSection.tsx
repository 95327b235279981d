import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountService, type BrowserSession } from '../../../application/account/AccountService';
import { FormAlert } from '../../components/FormAlert';
import { LoadingMessage } from '../../components/LoadingMessage';
import { describeApiError } from '../../forms/describeApiError';
import { formatDateTime } from '../../format/dateTime';
import { useService } from '../../services/ServicesContext';
import { PasswordField } from './PasswordField';

/** The browsers signed in to this account, and signing out all but this one. */
export function SessionsSection() {
  const { t, i18n } = useTranslation('account');
  const account = useService(AccountService);
  const headingId = useId();
  const [sessions, setSessions] = useState<readonly BrowserSession[] | null>(null);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, readonly string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    const result = await account.sessions();
    result.match(setSessions, (error) => setMessage(describeApiError(error, t, []).message));
  }, [account, t]);

  useEffect(() => {
    void load();
  }, [load]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (password === '') {
      setErrors({ password: [t('passwordRequired')] });
      return;
    }
    setBusy(true);
    setErrors({});
    setMessage(null);
    setDone(null);
    const result = await account.signOutOtherSessions(password);
    setBusy(false);
    result.match(
      (count) => {
        setPassword('');
        setDone(t('sessions.ended', { count }));
        void load();
      },
      (error) => {
        const problem = describeApiError(error, t, ['password']);
        setErrors(problem.fields);
        setMessage(problem.message);
      },
    );
  };

  return (
    <section className="card form-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('sessions.title')}</h2>
      <p>{t('sessions.explain')}</p>
      <FormAlert message={message} />
      <FormAlert tone="success" message={done} />
      {sessions === null ? (
        <LoadingMessage />
      ) : (
        <ul className="session-list">
          {sessions.map((s) => (
            <li key={s.id}>
              <span className="session-agent">{s.userAgent ?? t('sessions.unknownDevice')}</span>
              <span className="session-meta">
                {s.ip ?? '—'} · {s.current ? <strong>{t('sessions.thisDevice')}</strong> : t('sessions.lastActive', { when: formatDateTime(s.lastActivityAt, i18n.language) })}
              </span>
            </li>
          ))}
        </ul>
      )}
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <PasswordField name="sessions_password" value={password} onChange={setPassword} errors={errors.password} />
        <button type="submit" className="button button-secondary" disabled={busy}>
          {t('sessions.signOutOthers')}
        </button>
      </form>
    </section>
  );
}
