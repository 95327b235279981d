import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountService } from '../../../application/account/AccountService';
import { ConfirmationService } from '../../../application/navigation/ConfirmationService';
import { FormAlert } from '../../components/FormAlert';
import { useSubmit } from '../../hooks/useSubmit';
import { useService } from '../../services/ServicesContext';
import { PasswordField } from './PasswordField';

/** Deleting the account, when the server allows it (never the last administrator). */
export function DeleteAccountSection() {
  const { t } = useTranslation('account');
  const account = useService(AccountService);
  const confirmation = useService(ConfirmationService);
  const headingId = useId();
  const [password, setPassword] = useState('');
  // The use-case asks for the confirmation once the password is typed; the question is in the person's words.
  const { busy, errors, message, submit } = useSubmit(
    (typed: string) => account.deleteAccount(typed, () => confirmation.ask({ kind: 'delete', values: { name: t('delete.what') } })),
    { fields: ['password'] },
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(password);
  };

  return (
    <section className="card form-card danger-zone" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('delete.title')}</h2>
      <p>{t('delete.explain')}</p>
      <FormAlert message={message} />
      <form noValidate onSubmit={onSubmit}>
        <PasswordField name="delete_password" value={password} onChange={setPassword} errors={errors.password} />
        <button type="submit" className="button button-danger" disabled={busy}>
          {t('delete.submit')}
        </button>
      </form>
    </section>
  );
}
