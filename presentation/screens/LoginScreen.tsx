import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { safeRedirectTarget } from '../../application/navigation/match';
import { Navigator } from '../../application/ports/Navigator';
import { SessionService } from '../../application/session/SessionService';
import type { Credentials } from '../../application/session/signInForms';
import { AuthPage } from '../components/AuthPage';
import { FormAlert } from '../components/FormAlert';
import { TextField } from '../components/TextField';
import { useSubmit } from '../hooks/useSubmit';
import { useService } from '../services/ServicesContext';

/** Sign-in with email and password (spec §1). Nothing typed is lost when it fails. */
export default function LoginScreen() {
  const { t } = useTranslation('auth');
  const session = useService(SessionService);
  const navigator = useService(Navigator);
  const search = useSearch();
  const sessionExpired = new URLSearchParams(search).get('session_expired') === '1';
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const { busy, errors, message, submit } = useSubmit((typed: Credentials) => session.submitLogin(typed), { fields: ['email', 'password'] });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await submit({ email, password });
    result?.match(
      (outcome) =>
        outcome.kind === 'twoFactor'
          ? navigator.replace(`/two-factor-challenge${search ? `?${search}` : ''}`)
          : navigator.replace(safeRedirectTarget(search)),
      (problem) => {
        // The field the problem is about takes the focus: the password only when the email is fine.
        const fields = 'fields' in problem ? problem.fields : {};
        (fields.password && !fields.email ? passwordRef : emailRef).current?.focus();
      },
    );
  };

  return (
    <AuthPage title={t('login.title')}>
      {sessionExpired && (
        <p className="banner banner-warning" role="alert">
          {t('errors:code.sessionExpired')}
        </p>
      )}
      <FormAlert message={message} />
      <form noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={busy}>
        <TextField
          ref={emailRef}
          label={t('login.email')}
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          errors={errors.email}
          required
        />
        <TextField
          ref={passwordRef}
          label={t('login.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          errors={errors.password}
          required
        />
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          {busy ? t('login.submitting') : t('login.submit')}
        </button>
      </form>
      <p className="auth-alt">
        <Link href="/forgot-password">{t('login.forgot')}</Link>
      </p>
      <p className="auth-alt">
        <Link href="/register">{t('login.register')}</Link>
      </p>
    </AuthPage>
  );
}
