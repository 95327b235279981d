import type { ResultAsync } from 'neverthrow';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountService, type TwoFactorEnrolment, type TwoFactorStatus } from '../../../application/account/AccountService';
import type { ApiError } from '../../../application/api/ApiError';
import type { Invalid } from '../../../application/forms/Invalid';
import { FormAlert } from '../../components/FormAlert';
import { TextField } from '../../components/TextField';
import { useSubmit } from '../../hooks/useSubmit';
import { useService } from '../../services/ServicesContext';
import { PasswordField } from './PasswordField';

/** A step of the section: one of the use-case's calls, with what the screen does once it succeeds. */
type Step = () => ResultAsync<void, ApiError | Invalid>;

/**
 * Two-factor authentication: enable (password → QR code and setup key → a code from the app →
 * recovery codes), show or regenerate the recovery codes, disable. Each step asks for the password
 * (the use-case refuses a step without it before sending). With `setupOnly` (the compulsory setup)
 * only enabling is offered; `onEnabled` hears when it is on.
 */
export function TwoFactorSection({ initialStatus, setupOnly = false, onEnabled }: { initialStatus: TwoFactorStatus; setupOnly?: boolean; onEnabled?: () => void }) {
  const { t } = useTranslation('account');
  const account = useService(AccountService);
  const headingId = useId();
  const [status, setStatus] = useState<TwoFactorStatus>(initialStatus === 'pending' ? 'off' : initialStatus);
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [codes, setCodes] = useState<readonly string[] | null>(null);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  // One step at a time; its failure is said by the password or the code field, or above the forms.
  const { busy, errors, message, submit } = useSubmit((step: Step) => step(), { fields: ['password', 'code'] });

  const start = (event: FormEvent) => {
    event.preventDefault();
    void submit(() =>
      account.startTwoFactor(password).map((value) => {
        setEnrolment(value);
        setPassword('');
      }),
    );
  };

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    void submit(() =>
      account.confirmTwoFactor(code).map((value) => {
        setStatus('on');
        setEnrolment(null);
        setCode('');
        setCodes(value);
        onEnabled?.();
      }),
    );
  };

  const withPassword = (action: 'show' | 'regenerate' | 'disable') => {
    if (action === 'disable') {
      void submit(() =>
        account.disableTwoFactor(password).map(() => {
          setStatus('off');
          setCodes(null);
          setPassword('');
        }),
      );
      return;
    }
    void submit(() =>
      (action === 'show' ? account.showRecoveryCodes(password) : account.regenerateRecoveryCodes(password)).map((value) => {
        setCodes(value);
        setPassword('');
      }),
    );
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
