import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { registration, type RegistrationForm } from '../../application/session/registrationForm';
import { SessionService } from '../../application/session/SessionService';
import { AuthPage } from '../components/AuthPage';
import { FormAlert } from '../components/FormAlert';
import { PasswordRules } from '../components/PasswordRules';
import { TextField } from '../components/TextField';
import { useSubmit } from '../hooks/useSubmit';
import { useService } from '../services/ServicesContext';

const FIELDS = ['name', 'email', 'password', 'password_confirmation'] as const;
type Field = (typeof FIELDS)[number];

/**
 * /register (public): asks for an account. It stays inactive until an administrator activates it;
 * the screen says so. Every unmet password rule shows at once.
 */
export default function RegisterScreen() {
  const { t } = useTranslation('auth');
  const session = useService(SessionService);
  const [values, setValues] = useState<RegistrationForm>({ name: '', email: '', password: '', password_confirmation: '' });
  const [done, setDone] = useState<string | null>(null);
  const { busy, errors, message, submit } = useSubmit((form: RegistrationForm) => registration(form).asyncAndThen((input) => session.register(input)), { fields: FIELDS });
  const set = (field: Field, value: string) => setValues((v) => ({ ...v, [field]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await submit(values);
    result?.match(
      (serverMessage) => setDone(serverMessage || t('register.done')),
      (problem) => {
        // The form's own checks: the first field found wrong takes the focus.
        if (problem.code !== 'invalid') return;
        const first = FIELDS.find((f) => problem.fields[f]);
        if (first) document.getElementsByName(first)[0]?.focus();
      },
    );
  };

  return (
    <AuthPage title={t('register.title')}>
      {done ? (
        <>
          <FormAlert tone="success" message={done} />
          <p>
            <Link href="/login">{t('register.toLogin')}</Link>
          </p>
        </>
      ) : (
        <>
          <p>{t('register.intro')}</p>
          <FormAlert message={message} />
          <form noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={busy}>
            <TextField label={t('register.name')} name="name" autoComplete="name" value={values.name} maxLength={255} onChange={(e) => set('name', e.target.value)} errors={errors.name} required />
            <TextField label={t('login.email')} type="email" name="email" autoComplete="email" value={values.email} maxLength={255} onChange={(e) => set('email', e.target.value)} errors={errors.email} required />
            <TextField label={t('login.password')} type="password" name="password" autoComplete="new-password" value={values.password} onChange={(e) => set('password', e.target.value)} errors={errors.password} required />
            <TextField
              label={t('register.confirmation')}
              type="password"
              name="password_confirmation"
              autoComplete="new-password"
              value={values.password_confirmation}
              onChange={(e) => set('password_confirmation', e.target.value)}
              errors={errors.password_confirmation}
              required
            />
            <PasswordRules password={values.password} confirmation={values.password_confirmation} />
            <button type="submit" className="button button-primary button-block" disabled={busy}>
              {busy ? t('register.submitting') : t('register.submit')}
            </button>
          </form>
          <p className="auth-alt">
            <Link href="/login">{t('register.haveAccount')}</Link>
          </p>
        </>
      )}
    </AuthPage>
  );
}
