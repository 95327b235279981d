import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PasswordResetDesk } from '../../../application/passwordReset/PasswordResetDesk';
import { AuthPage } from '../../components/AuthPage';
import { FormAlert } from '../../components/FormAlert';
import { TextField } from '../../components/TextField';
import { useSubmit } from '../../hooks/useSubmit';
import { useService } from '../../services/ServicesContext';

/**
 * /forgot-password (public): the e-mail address to send a reset link to. The answer is the server's,
 * the same whether or not the address has an account.
 */
export default function ForgotPasswordScreen() {
  const { t } = useTranslation('passwordReset');
  const desk = useService(PasswordResetDesk);
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const { busy, errors, message, submit } = useSubmit((typed: string) => desk.requestLink(typed), { fields: ['email'] });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSent(null);
    const result = await submit(email);
    result?.match(
      (words) => setSent(words),
      () => emailRef.current?.focus(),
    );
  };

  return (
    <AuthPage title={t('forgot.title')}>
      <p>{t('forgot.intro')}</p>
      <FormAlert message={message} />
      <FormAlert tone="success" message={sent} />
      <form noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={busy}>
        <TextField
          ref={emailRef}
          label={t('forgot.email')}
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          maxLength={255}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          errors={errors.email}
          required
        />
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          {busy ? t('forgot.submitting') : t('forgot.submit')}
        </button>
      </form>
      <p className="auth-alt">
        <Link href="/login">{t('forgot.backToLogin')}</Link>
      </p>
    </AuthPage>
  );
}
