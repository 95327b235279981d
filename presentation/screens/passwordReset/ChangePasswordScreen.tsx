import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { PasswordChange } from '../../../application/account/accountForms';
import { PasswordResetDesk } from '../../../application/passwordReset/PasswordResetDesk';
import { FormAlert } from '../../components/FormAlert';
import { PasswordRules } from '../../components/PasswordRules';
import { TextField } from '../../components/TextField';
import { useSubmit } from '../../hooks/useSubmit';
import { useService } from '../../services/ServicesContext';

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;
type Field = (typeof FIELDS)[number];
const EMPTY: PasswordChange = { current_password: '', password: '', password_confirmation: '' };

/**
 * /user/change-password: where a user signed in with a temporary password is led (the route guard)
 * until they choose a new one; then the app opens.
 */
export default function ChangePasswordScreen() {
  const { t } = useTranslation('passwordReset');
  const desk = useService(PasswordResetDesk);
  const headingId = useId();
  const [values, setValues] = useState(EMPTY);
  const { busy, errors, message, submit } = useSubmit((change: PasswordChange) => desk.changeTemporaryPassword(change), { fields: FIELDS });
  const set = (field: Field, value: string) => setValues((v) => ({ ...v, [field]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await submit(values);
    result?.mapErr((problem) => {
      const fields = 'fields' in problem ? problem.fields : {};
      const first = FIELDS.find((f) => fields[f]);
      if (first) document.getElementsByName(first)[0]?.focus();
    });
  };

  return (
    // The page's h1 is the frame's (the route's title); this is the screen's one section.
    <section className="card form-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('change.title')}</h2>
      <p>{t('change.intro')}</p>
      <FormAlert message={message} />
      <form noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={busy}>
        <TextField label={t('change.current')} type="password" name="current_password" autoComplete="current-password" value={values.current_password} onChange={(e) => set('current_password', e.target.value)} errors={errors.current_password} required />
        <TextField label={t('change.password')} type="password" name="password" autoComplete="new-password" value={values.password} onChange={(e) => set('password', e.target.value)} errors={errors.password} required />
        <TextField
          label={t('change.confirmation')}
          type="password"
          name="password_confirmation"
          autoComplete="new-password"
          value={values.password_confirmation}
          onChange={(e) => set('password_confirmation', e.target.value)}
          errors={errors.password_confirmation}
          required
        />
        <PasswordRules password={values.password} confirmation={values.password_confirmation} />
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? t('change.submitting') : t('change.submit')}
        </button>
      </form>
      <p>
        <Link href="/logout">{t('change.signOut')}</Link>
      </p>
    </section>
  );
}
