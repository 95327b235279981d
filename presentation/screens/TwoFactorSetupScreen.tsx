import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountService } from '../../application/account/AccountService';
import { screenValue } from '../../application/navigation/screenData';
import type { ScreenProps } from '../app/ScreenProps';
import { FormAlert } from '../components/FormAlert';
import { useSubmit } from '../hooks/useSubmit';
import { useService } from '../services/ServicesContext';
import { TwoFactorSection } from './account/TwoFactorSection';

/**
 * /user/two-factor-setup: the company requires two-factor and this user has not set it up, so it
 * comes before anything else. Once on (and the recovery codes read), Continue lets them on.
 */
export default function TwoFactorSetupScreen({ data }: ScreenProps) {
  const { t } = useTranslation('account');
  const account = useService(AccountService);
  const initial = screenValue(data, 'twoFactorSetup').status;
  const [enabled, setEnabled] = useState(initial === 'on');
  const { message, submit } = useSubmit(() => account.finishRequiredSetup(), { always: true });

  return (
    <div className="stack">
      <section className="card form-card">
        <h2>{t('requiredSetup.title')}</h2>
        <p>{t('requiredSetup.explain')}</p>
        <FormAlert message={message} />
        {enabled && (
          <button type="button" className="button button-primary" onClick={() => void submit()}>
            {t('requiredSetup.continue')}
          </button>
        )}
      </section>
      <TwoFactorSection initialStatus={initial} setupOnly onEnabled={() => setEnabled(true)} />
    </div>
  );
}
