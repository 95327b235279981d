import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { safeRedirectTarget } from '../../application/navigation/match';
import { Navigator } from '../../application/ports/Navigator';
import { SessionService } from '../../application/session/SessionService';
import { AuthPage } from '../components/AuthPage';
import { FormAlert } from '../components/FormAlert';
import { TextField } from '../components/TextField';
import { useSubmit } from '../hooks/useSubmit';
import { useService } from '../services/ServicesContext';

/** /two-factor-challenge: the code from the authenticator app, or a recovery code. */
export default function TwoFactorChallengeScreen() {
  const { t } = useTranslation('auth');
  const session = useService(SessionService);
  const navigator = useService(Navigator);
  const search = useSearch();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [expired, setExpired] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const field = recovery ? 'recovery_code' : 'code';
  const { busy, errors, message, submit, reset } = useSubmit((typed: string) => session.submitChallenge(typed, recovery), { fields: [field] });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await submit(value);
    result?.match(
      () => navigator.replace(safeRedirectTarget(search)),
      (problem) => {
        // A refusal that names no field: the sign-in has run out and starts again from the password.
        setExpired(problem.code === 'validation' && Object.keys(problem.fields).length === 0);
        input.current?.focus();
      },
    );
  };

  return (
    <AuthPage title={t('challenge.title')}>
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
            errors={errors[field]}
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
              reset();
            }}
          >
            {t(recovery ? 'challenge.useCode' : 'challenge.useRecovery')}
          </button>
        </p>
      )}
    </AuthPage>
  );
}
