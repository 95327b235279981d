import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordResetDesk } from '../../../application/passwordReset/PasswordResetDesk';
import { FormAlert } from '../../components/FormAlert';
import { PasswordRules } from '../../components/PasswordRules';
import { TextField } from '../../components/TextField';
import { useSubmit } from '../../hooks/useSubmit';
import { useService } from '../../services/ServicesContext';

const FIELDS = ['password', 'password_confirmation'] as const;

/**
 * Settings → Users, a user's page: set a temporary password they must change at their next sign-in
 * (for those who may edit users). Opened by its button; the form is beside the user's, not inside it.
 */
export function TemporaryPasswordSection({ userId, pending }: { readonly userId: number; readonly pending: boolean }) {
  const { t } = useTranslation('passwordReset');
  const desk = useService(PasswordResetDesk);
  const headingId = useId();
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const { busy, errors, message, submit, reset } = useSubmit((typed: string, again: string) => desk.setTemporaryPassword(userId, typed, again), { fields: FIELDS });

  const close = () => {
    setOpen(false);
    setPassword('');
    setConfirmation('');
    reset();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await submit(password, confirmation);
    if (result?.isOk()) close();
  };

  return (
    <section className="card form-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('admin.title')}</h2>
      {pending && <p className="hint">{t('admin.pending')}</p>}
      {!open ? (
        <button type="button" className="button button-secondary" aria-expanded={false} aria-controls={formId} onClick={() => setOpen(true)}>
          {t('admin.open')}
        </button>
      ) : (
        <form id={formId} noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={busy}>
          <p>{t('admin.intro')}</p>
          <FormAlert message={message} />
          <TextField label={t('admin.password')} type="password" name="temporary_password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} errors={errors.password} />
          <TextField label={t('admin.confirmation')} type="password" name="temporary_password_confirmation" autoComplete="new-password" value={confirmation} onChange={(e) => setConfirmation(e.target.value)} errors={errors.password_confirmation} />
          <PasswordRules password={password} confirmation={confirmation} />
          <div className="form-actions">
            <button type="submit" className="button button-primary" disabled={busy}>
              {busy ? t('admin.submitting') : t('admin.submit')}
            </button>
            <button type="button" className="button button-secondary" onClick={close}>
              {t('admin.cancel')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
