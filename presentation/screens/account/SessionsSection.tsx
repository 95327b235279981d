import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountService } from '../../../application/account/AccountService';
import { FormAlert } from '../../components/FormAlert';
import { LoadingMessage } from '../../components/LoadingMessage';
import { useProblemWords } from '../../format/problem';
import { formatDateTime } from '../../format/dateTime';
import { useLoaded } from '../../hooks/useLoaded';
import { useSubmit } from '../../hooks/useSubmit';
import { useService } from '../../services/ServicesContext';
import { PasswordField } from './PasswordField';

/** The browsers signed in to this account, and signing out all but this one. */
export function SessionsSection() {
  const { t, i18n } = useTranslation('account');
  const problems = useProblemWords();
  const account = useService(AccountService);
  const headingId = useId();
  const { value: sessions, error: unread, reload } = useLoaded(() => account.sessions());
  const [password, setPassword] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const signOut = useSubmit((typed: string) => account.signOutOtherSessions(typed), { fields: ['password'] });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const result = await signOut.submit(password);
    if (result?.isOk()) {
      setPassword('');
      setDone(t('sessions.ended', { count: result.value }));
      reload();
    }
  };

  return (
    <section className="card form-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('sessions.title')}</h2>
      <p>{t('sessions.explain')}</p>
      <FormAlert message={signOut.message ?? (unread ? problems.say(unread) : null)} />
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
        <PasswordField name="sessions_password" value={password} onChange={setPassword} errors={signOut.errors.password} />
        <button type="submit" className="button button-secondary" disabled={signOut.busy}>
          {t('sessions.signOutOthers')}
        </button>
      </form>
    </section>
  );
}
