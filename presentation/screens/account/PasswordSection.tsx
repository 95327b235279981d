import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountService, type PasswordChange } from '../../../application/account/AccountService';
import { FormAlert } from '../../components/FormAlert';
import { PasswordRules } from '../../components/PasswordRules';
import { TextField } from '../../components/TextField';
import { useSubmit } from '../../hooks/useSubmit';
import { useService } from '../../services/ServicesContext';

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;
type Field = (typeof FIELDS)[number];
const EMPTY: PasswordChange = { current_password: '', password: '', password_confirmation: '', keep_api_tokens: false };

/**
 * Change the password: the current one first, then the new one twice, against the policy; and
 * whether the account's API tokens keep working (by default they end with the other sessions).
 */
export function PasswordSection() {
  const { t } = useTranslation('account');
  const account = useService(AccountService);
  const headingId = useId();
  const keepHintId = useId();
  const [values, setValues] = useState(EMPTY);
  const [saved, setSaved] = useState<'ended' | 'kept' | null>(null);
  const { busy, errors, message, submit } = useSubmit((change: PasswordChange) => account.changePassword(change), { fields: FIELDS });
  const set = (field: Field, value: string) => setValues((v) => ({ ...v, [field]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    const result = await submit(values);
    if (result?.isOk()) {
      setValues(EMPTY);
      setSaved(values.keep_api_tokens === true ? 'kept' : 'ended');
    }
  };

  return (
    <section className="card form-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('password.title')}</h2>
      <FormAlert message={message} />
      <FormAlert tone="success" message={saved === null ? null : t(saved === 'kept' ? 'password.savedTokensKept' : 'password.saved')} />
      <form noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={busy}>
        <TextField label={t('password.current')} type="password" name="current_password" autoComplete="current-password" value={values.current_password} onChange={(e) => set('current_password', e.target.value)} errors={errors.current_password} />
        <TextField label={t('password.new')} type="password" name="password" autoComplete="new-password" value={values.password} onChange={(e) => set('password', e.target.value)} errors={errors.password} />
        <TextField label={t('password.confirmation')} type="password" name="password_confirmation" autoComplete="new-password" value={values.password_confirmation} onChange={(e) => set('password_confirmation', e.target.value)} errors={errors.password_confirmation} />
        <PasswordRules password={values.password} confirmation={values.password_confirmation} />
        <div className="field">
          <label className="checkbox">
            <input type="checkbox" name="keep_api_tokens" aria-describedby={keepHintId} checked={values.keep_api_tokens === true} onChange={(e) => setValues((v) => ({ ...v, keep_api_tokens: e.target.checked }))} /> {t('password.keepApiTokens')}
          </label>
          <p className="hint" id={keepHintId}>
            {t('password.keepApiTokensHint')}
          </p>
        </div>
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? t('saving') : t('password.submit')}
        </button>
      </form>
    </section>
  );
}
