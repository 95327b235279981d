import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountService, type TwoFactorStatus } from '../../application/account/AccountService';
import { Navigator } from '../../application/ports/Navigator';
import type { ScreenProps } from '../app/ScreenProps';
import { FormAlert } from '../components/FormAlert';
import { useProblemWords } from '../format/problem';
import { useService } from '../services/ServicesContext';
import { TwoFactorSection } from './account/TwoFactorSection';

const isStatus = (value: unknown): value is TwoFactorStatus => value === 'off' || value === 'pending' || value === 'on';

/**
 * /user/two-factor-setup: the company requires two-factor and this user has not set it up, so it
 * comes before anything else. Once on (and the recovery codes read), Continue lets them on.
 */
export default function TwoFactorSetupScreen({ data }: ScreenProps) {
  const { t } = useTranslation('account');
  const problems = useProblemWords();
  const account = useService(AccountService);
  const navigator = useService(Navigator);
  const initial = isStatus(data.props.status) ? data.props.status : 'off';
  const [enabled, setEnabled] = useState(initial === 'on');
  const [message, setMessage] = useState<string | null>(null);

  const carryOn = async () => {
    const result = await account.refreshUser();
    result.match(
      () => navigator.replace('/'),
      (error) => setMessage(problems.say(error)),
    );
  };

  return (
    <div className="stack">
      <section className="card form-card">
        <h2>{t('requiredSetup.title')}</h2>
        <p>{t('requiredSetup.explain')}</p>
        <FormAlert message={message} />
        {enabled && (
          <button type="button" className="button button-primary" onClick={() => void carryOn()}>
            {t('requiredSetup.continue')}
          </button>
        )}
      </section>
      <TwoFactorSection initialStatus={initial} setupOnly onEnabled={() => setEnabled(true)} />
    </div>
  );
}
