import { useTranslation } from 'react-i18next';
import { screenValue } from '../../../application/navigation/screenData';
import type { ScreenProps } from '../../app/ScreenProps';
import { ClientForm } from './ClientForm';

/** /clients/basic/create: a new client; on success its page opens. */
export default function ClientCreateScreen({ data }: ScreenProps) {
  const { t } = useTranslation('clients');
  const { options, defaults } = screenValue(data, 'clientCreate');
  return (
    <>
      <p className="hint">{t('createIntro')}</p>
      <ClientForm client={null} options={options} defaults={{ branchId: defaults.branchId }} readOnly={false} />
    </>
  );
}
