import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PasswordResetDesk } from '../../../application/passwordReset/PasswordResetDesk';
import type { ScreenProps } from '../../app/ScreenProps';
import { AuthPage } from '../../components/AuthPage';
import { FormAlert } from '../../components/FormAlert';
import { PasswordRules } from '../../components/PasswordRules';
import { TextField } from '../../components/TextField';
import { useSubmit } from '../../hooks/useSubmit';
import { useService } from '../../services/ServicesContext';

const FIELDS = ['password', 'password_confirmation'] as const;

/**
 * /reset-password/:token (public): the new password, typed twice against the password rules; once
 * set, the sign-in page says so. A link that no longer stands gets the server's one message, with a
 * way to ask for a new link.
 */
export default function ResetPasswordScreen({ params }: ScreenProps) {
  const { t } = useTranslation('passwordReset');
  const desk = useService(PasswordResetDesk);
  const token = params.token ?? '';
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const { busy, errors, message, submit } = useSubmit((typed: string, again: string) => desk.reset(token, typed, again), { fields: FIELDS });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await submit(password, confirmation);
    result?.mapErr((problem) => {
      const fields = 'fields' in problem ? problem.fields : {};
      document.getElementsByName(fields.password_confirmation && !fields.password ? 'password_confirmation' : 'password')[0]?.focus();
    });
  };

  return (
    <AuthPage title={t('reset.title')}>
      <p>{t('reset.intro')}</p>
      <FormAlert message={message} />
      <form noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={busy}>
        <TextField label={t('reset.password')} type="password" name="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} errors={errors.password} required />
        <TextField
          label={t('reset.confirmation')}
          type="password"
          name="password_confirmation"
          autoComplete="new-password"
          value={confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
          errors={errors.password_confirmation}
          required
        />
        <PasswordRules password={password} confirmation={confirmation} />
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          {busy ? t('reset.submitting') : t('reset.submit')}
        </button>
      </form>
      <p className="auth-alt">
        <Link href="/forgot-password">{t('reset.requestAgain')}</Link>
      </p>
    </AuthPage>
  );
}
