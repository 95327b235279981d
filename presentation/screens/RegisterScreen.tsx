import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { SessionService } from '../../application/session/SessionService';
import { FormAlert } from '../components/FormAlert';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { PasswordRules, unmetPasswordRules } from '../components/PasswordRules';
import { TextField } from '../components/TextField';
import { useProblemWords } from '../format/problem';
import { useService } from '../services/ServicesContext';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const FIELDS = ['name', 'email', 'password', 'password_confirmation'] as const;
type Field = (typeof FIELDS)[number];

/**
 * /register (public): asks for an account. It stays inactive until an administrator activates it;
 * the screen says so. Every unmet password rule shows at once.
 */
export default function RegisterScreen() {
  const { t } = useTranslation('auth');
  const problems = useProblemWords();
  const session = useService(SessionService);
  const [values, setValues] = useState<Record<Field, string>>({ name: '', email: '', password: '', password_confirmation: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, readonly string[]>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: Field, value: string) => setValues((v) => ({ ...v, [field]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const unmet = unmetPasswordRules(values.password, values.password_confirmation);
    const local: Partial<Record<Field, string[]>> = {};
    if (values.name.trim() === '') local.name = [t('register.required.name')];
    if (!EMAIL.test(values.email.trim())) local.email = [t(values.email.trim() === '' ? 'required.email' : 'register.invalidEmail')];
    const passwordRules = unmet.filter((r) => r !== 'passwordConfirmationMismatch').map((r) => t(`password.rules.${r}`));
    if (passwordRules.length > 0) local.password = passwordRules;
    if (unmet.includes('passwordConfirmationMismatch')) local.password_confirmation = [t('password.mismatch')];
    if (Object.keys(local).length > 0) {
      setErrors(local);
      const first = FIELDS.find((f) => local[f]);
      if (first) document.getElementsByName(first)[0]?.focus();
      return;
    }
    setBusy(true);
    setErrors({});
    setMessage(null);
    const result = await session.register({
      name: values.name.trim(),
      email: values.email.trim(),
      password: values.password,
      passwordConfirmation: values.password_confirmation,
    });
    setBusy(false);
    result.match(
      (serverMessage) => setDone(serverMessage || t('register.done')),
      (error) => {
        const problem = problems.describe(error, { fields: FIELDS });
        setErrors(problem.fields);
        setMessage(problem.message);
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
        <h1>{t('register.title')}</h1>
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
      </section>
    </div>
  );
}
