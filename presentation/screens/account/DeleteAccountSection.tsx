import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountService } from '../../../application/account/AccountService';
import { ConfirmationService } from '../../../application/navigation/ConfirmationService';
import { FormAlert } from '../../components/FormAlert';
import { useProblemWords } from '../../format/problem';
import { useService } from '../../services/ServicesContext';
import { PasswordField } from './PasswordField';

/** Deleting the account, when the server allows it (never the last administrator). */
export function DeleteAccountSection() {
  const { t } = useTranslation('account');
  const problems = useProblemWords();
  const account = useService(AccountService);
  const confirmation = useService(ConfirmationService);
  const headingId = useId();
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, readonly string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (password === '') {
      setErrors({ password: [t('passwordRequired')] });
      return;
    }
    if (!(await confirmation.ask({ kind: 'delete', values: { name: t('delete.what') } }))) return;
    setBusy(true);
    setErrors({});
    setMessage(null);
    const result = await account.deleteAccount(password);
    setBusy(false);
    result.mapErr((error) => {
      const problem = problems.describe(error, { fields: ['password'] });
      setErrors(problem.fields);
      setMessage(problem.message);
    });
  };

  return (
    <section className="card form-card danger-zone" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('delete.title')}</h2>
      <p>{t('delete.explain')}</p>
      <FormAlert message={message} />
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <PasswordField name="delete_password" value={password} onChange={setPassword} errors={errors.password} />
        <button type="submit" className="button button-danger" disabled={busy}>
          {t('delete.submit')}
        </button>
      </form>
    </section>
  );
}
