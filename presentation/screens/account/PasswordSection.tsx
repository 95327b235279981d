import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountService } from '../../../application/account/AccountService';
import { FormAlert } from '../../components/FormAlert';
import { PasswordRules, unmetPasswordRules } from '../../components/PasswordRules';
import { TextField } from '../../components/TextField';
import { describeApiError } from '../../forms/describeApiError';
import { useService } from '../../services/ServicesContext';

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;
type Field = (typeof FIELDS)[number];
const EMPTY: Record<Field, string> = { current_password: '', password: '', password_confirmation: '' };

/** Change the password: the current one first, then the new one twice, against the policy. */
export function PasswordSection() {
  const { t } = useTranslation('account');
  const account = useService(AccountService);
  const headingId = useId();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, readonly string[]>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = (field: Field, value: string) => setValues((v) => ({ ...v, [field]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setSaved(false);
    const unmet = unmetPasswordRules(values.password, values.password_confirmation);
    const local: Partial<Record<Field, string[]>> = {};
    if (values.current_password === '') local.current_password = [t('password.requiredCurrent')];
    const rules = unmet.filter((r) => r !== 'passwordConfirmationMismatch').map((r) => t(`auth:password.rules.${r}`));
    if (rules.length > 0) local.password = rules;
    if (unmet.includes('passwordConfirmationMismatch')) local.password_confirmation = [t('auth:password.mismatch')];
    if (Object.keys(local).length > 0) {
      setErrors(local);
      return;
    }
    setBusy(true);
    setErrors({});
    setMessage(null);
    const result = await account.changePassword(values.current_password, values.password, values.password_confirmation);
    setBusy(false);
    result.match(
      () => {
        setValues(EMPTY);
        setSaved(true);
      },
      (error) => {
        const problem = describeApiError(error, t, FIELDS);
        setErrors(problem.fields);
        setMessage(problem.message);
      },
    );
  };

  return (
    <section className="card form-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('password.title')}</h2>
      <FormAlert message={message} />
      <FormAlert tone="success" message={saved ? t('password.saved') : null} />
      <form noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={busy}>
        <TextField label={t('password.current')} type="password" name="current_password" autoComplete="current-password" value={values.current_password} onChange={(e) => set('current_password', e.target.value)} errors={errors.current_password} />
        <TextField label={t('password.new')} type="password" name="password" autoComplete="new-password" value={values.password} onChange={(e) => set('password', e.target.value)} errors={errors.password} />
        <TextField label={t('password.confirmation')} type="password" name="password_confirmation" autoComplete="new-password" value={values.password_confirmation} onChange={(e) => set('password_confirmation', e.target.value)} errors={errors.password_confirmation} />
        <PasswordRules password={values.password} confirmation={values.password_confirmation} />
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? t('saving') : t('password.submit')}
        </button>
      </form>
    </section>
  );
}
