import { useTranslation } from 'react-i18next';
import { ClientService } from '../../../application/clients/ClientService';
import { decodeOptions } from '../../../application/clients/client';
import { NavigationService } from '../../../application/navigation/NavigationService';
import { AppState } from '../../../application/state/AppState';
import type { ScreenProps } from '../../app/ScreenProps';
import { useService } from '../../services/ServicesContext';
import { ClientForm } from './ClientForm';

/** /clients/basic/create: a new client; on success its page opens. */
export default function ClientCreateScreen({ data }: ScreenProps) {
  const { t } = useTranslation('clients');
  const service = useService(ClientService);
  const state = useService(AppState);
  const navigation = useService(NavigationService);
  const defaults = data.props.defaults as { branchId?: unknown } | undefined;
  return (
    <>
      <p className="hint">{t('createIntro')}</p>
      <ClientForm
        client={null}
        options={decodeOptions(data.props.options)}
        defaults={{ branchId: typeof defaults?.branchId === 'number' ? defaults.branchId : null }}
        readOnly={false}
        onSave={async (input) => {
          const result = await service.create(input);
          if (result.isErr()) return { ok: false, error: result.error };
          state.set({ unsavedChanges: false });
          // The notification after the navigation, which clears notifications (spec §2).
          await navigation.navigate(`/clients/basic/${result.value.id}`, { replace: true });
          state.set({ notification: { title: 'clients:created', type: 'success' } });
          return { ok: true, client: result.value };
        }}
      />
    </>
  );
}
