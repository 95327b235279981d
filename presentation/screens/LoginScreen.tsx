import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import type { ApiError } from '../../application/api/ApiError';
import { safeRedirectTarget } from '../../application/navigation/match';
import { Navigator } from '../../application/ports/Navigator';
import { SessionService } from '../../application/session/SessionService';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { TextField } from '../components/TextField';
import { useProblemWords } from '../format/problem';
import { useService } from '../services/ServicesContext';

interface LoginErrors {
  readonly email?: readonly string[];
  readonly password?: readonly string[];
  readonly form?: string;
}

/** Sign-in with email and password (spec §1). Nothing typed is lost when it fails. */
export default function LoginScreen() {
  const { t } = useTranslation('auth');
  const problems = useProblemWords();
  const session = useService(SessionService);
  const navigator = useService(Navigator);
  const search = useSearch();
  const sessionExpired = new URLSearchParams(search).get('session_expired') === '1';
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const describe = (error: ApiError): LoginErrors => {
    const problem = problems.describe(error, { fields: ['email', 'password'] });
    return { ...problem.fields, ...(problem.message ? { form: problem.message } : {}) };
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const missing: LoginErrors = {
      ...(email.trim() === '' ? { email: [t('required.email')] } : {}),
      ...(password === '' ? { password: [t('required.password')] } : {}),
    };
    if (missing.email || missing.password) {
      setErrors(missing);
      (missing.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setSubmitting(true);
    setErrors({});
    const result = await session.login(email.trim(), password);
    setSubmitting(false);
    result.match(
      (outcome) =>
        outcome.kind === 'twoFactor'
          ? navigator.replace(`/two-factor-challenge${search ? `?${search}` : ''}`)
          : navigator.replace(safeRedirectTarget(search)),
      (error) => {
        const next = describe(error);
        setErrors(next);
        if (next.password && !next.email) passwordRef.current?.focus();
        else emailRef.current?.focus();
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
        <h1>{t('login.title')}</h1>
        {sessionExpired && (
          <p className="banner banner-warning" role="alert">
            {t('errors:code.sessionExpired')}
          </p>
        )}
        {errors.form && (
          <p className="banner banner-danger" role="alert">
            {errors.form}
          </p>
        )}
        <form noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={submitting}>
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
          <button type="submit" className="button button-primary button-block" disabled={submitting}>
            {submitting ? t('login.submitting') : t('login.submit')}
          </button>
        </form>
        <p className="auth-alt">
          <Link href="/register">{t('login.register')}</Link>
        </p>
      </section>
    </div>
  );
}
