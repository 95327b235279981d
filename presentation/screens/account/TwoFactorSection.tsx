import type { ResultAsync } from 'neverthrow';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountService, type TwoFactorEnrolment, type TwoFactorStatus } from '../../../application/account/AccountService';
import type { ApiError } from '../../../application/api/ApiError';
import { FormAlert } from '../../components/FormAlert';
import { TextField } from '../../components/TextField';
import { useProblemWords } from '../../format/problem';
import { useService } from '../../services/ServicesContext';
import { PasswordField } from './PasswordField';

/**
 * Two-factor authentication: enable (password → QR code and setup key → a code from the app →
 * recovery codes), show or regenerate the recovery codes, disable. Each step asks for the password.
 * With `setupOnly` (the compulsory setup) only enabling is offered; `onEnabled` hears when it is on.
 */
export function TwoFactorSection({ initialStatus, setupOnly = false, onEnabled }: { initialStatus: TwoFactorStatus; setupOnly?: boolean; onEnabled?: () => void }) {
  const { t } = useTranslation('account');
  const problems = useProblemWords();
  const account = useService(AccountService);
  const headingId = useId();
  const [status, setStatus] = useState<TwoFactorStatus>(initialStatus === 'pending' ? 'off' : initialStatus);
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [codes, setCodes] = useState<readonly string[] | null>(null);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, readonly string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const fail = (error: ApiError, fields: readonly string[]) => {
    const problem = problems.describe(error, { fields });
    setErrors(problem.fields);
    setMessage(problem.message);
  };

  const run = async <T,>(action: () => ResultAsync<T, ApiError>, onOk: (value: T) => void, fields: readonly string[]) => {
    if (busy) return;
    setBusy(true);
    setErrors({});
    setMessage(null);
    const result = await action();
    setBusy(false);
    result.match(onOk, (error) => fail(error, fields));
  };

  const needPassword = (): boolean => {
    if (password !== '') return true;
    setErrors({ password: [t('passwordRequired')] });
    return false;
  };

  const start = (event: FormEvent) => {
    event.preventDefault();
    if (!needPassword()) return;
    void run<TwoFactorEnrolment>(() => account.startTwoFactor(password), (value) => {
      setEnrolment(value);
      setPassword('');
    }, ['password']);
  };

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') {
      setErrors({ code: [t('auth:challenge.requiredCode')] });
      return;
    }
    void run<string[]>(() => account.confirmTwoFactor(code.trim()), (value) => {
      setStatus('on');
      setEnrolment(null);
      setCode('');
      setCodes(value);
      onEnabled?.();
    }, ['code']);
  };

  const withPassword = (action: 'show' | 'regenerate' | 'disable') => {
    if (!needPassword()) return;
    if (action === 'disable') {
      void run<void>(() => account.disableTwoFactor(password), () => {
        setStatus('off');
        setCodes(null);
        setPassword('');
      }, ['password']);
      return;
    }
    void run<string[]>(() => (action === 'show' ? account.showRecoveryCodes(password) : account.regenerateRecoveryCodes(password)), (value) => {
      setCodes(value);
      setPassword('');
    }, ['password']);
  };

  return (
    <section className="card form-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('twoFactor.title')}</h2>
      <p>
        <strong>{t(status === 'on' ? 'twoFactor.on' : 'twoFactor.off')}</strong> {t('twoFactor.explain')}
      </p>
      <FormAlert message={message} />

      {status === 'off' && !enrolment && (
        <form noValidate onSubmit={start}>
          <PasswordField name="two_factor_password" value={password} onChange={setPassword} errors={errors.password} />
          <button type="submit" className="button button-primary" disabled={busy}>
            {t('twoFactor.enable')}
          </button>
        </form>
      )}

      {enrolment && (
        <form noValidate onSubmit={confirm}>
          <p>{t('twoFactor.scan')}</p>
          <img className="qr-code" src={`data:image/svg+xml;base64,${btoa(enrolment.qrSvg)}`} alt={t('twoFactor.qrAlt')} width={192} height={192} />
          <p>
            {t('twoFactor.setupKey')} <code className="setup-key">{enrolment.secret}</code>
          </p>
          <TextField label={t('twoFactor.code')} name="confirm_code" value={code} onChange={(e) => setCode(e.target.value)} errors={errors.code} autoComplete="one-time-code" inputMode="numeric" />
          <div className="form-actions">
            <button type="submit" className="button button-primary" disabled={busy}>
              {t('twoFactor.confirm')}
            </button>
            <button type="button" className="button button-secondary" onClick={() => setEnrolment(null)}>
              {t('cancel')}
            </button>
          </div>
        </form>
      )}

      {codes && (
        <div className="recovery-codes">
          <p>{t('twoFactor.codesIntro')}</p>
          <ul aria-label={t('twoFactor.codesLabel')}>
            {codes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ul>
        </div>
      )}

      {status === 'on' && !setupOnly && (
        <form noValidate onSubmit={(e) => e.preventDefault()}>
          <PasswordField name="two_factor_password" value={password} onChange={setPassword} errors={errors.password} />
          <div className="form-actions">
            <button type="button" className="button button-secondary" disabled={busy} onClick={() => withPassword('show')}>
              {t('twoFactor.showCodes')}
            </button>
            <button type="button" className="button button-secondary" disabled={busy} onClick={() => withPassword('regenerate')}>
              {t('twoFactor.regenerate')}
            </button>
            <button type="button" className="button button-danger" disabled={busy} onClick={() => withPassword('disable')}>
              {t('twoFactor.disable')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
