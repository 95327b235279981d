import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { safeRedirectTarget } from '../../application/navigation/match';
import { Navigator } from '../../application/ports/Navigator';
import { SessionService } from '../../application/session/SessionService';
import { FormAlert } from '../components/FormAlert';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { TextField } from '../components/TextField';
import { useProblemWords } from '../format/problem';
import { useService } from '../services/ServicesContext';

/** /two-factor-challenge: the code from the authenticator app, or a recovery code. */
export default function TwoFactorChallengeScreen() {
  const { t } = useTranslation('auth');
  const problems = useProblemWords();
  const session = useService(SessionService);
  const navigator = useService(Navigator);
  const search = useSearch();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [fieldErrors, setFieldErrors] = useState<readonly string[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const field = recovery ? 'recovery_code' : 'code';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const answer = value.trim();
    if (answer === '') {
      setFieldErrors([t(recovery ? 'challenge.requiredRecovery' : 'challenge.requiredCode')]);
      input.current?.focus();
      return;
    }
    setBusy(true);
    setMessage(null);
    const result = await session.challenge(recovery ? { recoveryCode: answer } : { code: answer });
    setBusy(false);
    result.match(
      () => navigator.replace(safeRedirectTarget(search)),
      (error) => {
        const problem = problems.describe(error, { fields: [field] });
        setFieldErrors(problem.fields[field] ?? []);
        setMessage(problem.message);
        setExpired(error.code === 'validation' && Object.keys(error.fields).length === 0);
        input.current?.focus();
      },
    );
  };

  return (
    <div className="auth-page">
      <div className="auth-toolbar">
        <LanguageSwitch />
      </div>
      <section className="auth-card">
        <p className="auth-product">{t('common:app.name')}</p>
        <h1>{t('challenge.title')}</h1>
        <p>{t(recovery ? 'challenge.recoveryIntro' : 'challenge.codeIntro')}</p>
        <FormAlert message={message} />
        {expired ? (
          <p>
            <Link href="/login">{t('challenge.backToLogin')}</Link>
          </p>
        ) : (
          <form noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={busy}>
            <TextField
              key={field}
              ref={input}
              label={t(recovery ? 'challenge.recoveryLabel' : 'challenge.codeLabel')}
              name={field}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              errors={fieldErrors}
              autoComplete={recovery ? 'off' : 'one-time-code'}
              inputMode={recovery ? 'text' : 'numeric'}
              autoFocus
              required
            />
            <button type="submit" className="button button-primary button-block" disabled={busy}>
              {busy ? t('challenge.submitting') : t('challenge.submit')}
            </button>
          </form>
        )}
        {!expired && (
          <p className="auth-alt">
            <button
              type="button"
              className="link-button"
              onClick={() => {
                setRecovery(!recovery);
                setValue('');
                setFieldErrors([]);
                setMessage(null);
              }}
            >
              {t(recovery ? 'challenge.useCode' : 'challenge.useRecovery')}
            </button>
          </p>
        )}
      </section>
    </div>
  );
}
