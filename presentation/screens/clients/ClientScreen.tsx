import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { hasPermission } from '../../../domain/auth/permissions';
import { ClientService } from '../../../application/clients/ClientService';
import { decodeAttachments, decodeClient, decodeOptions, type Client } from '../../../application/clients/client';
import { ConfirmationService } from '../../../application/navigation/ConfirmationService';
import { NavigationService } from '../../../application/navigation/NavigationService';
import { AppState } from '../../../application/state/AppState';
import type { ScreenProps } from '../../app/ScreenProps';
import { FormAlert } from '../../components/FormAlert';
import { ScreenError } from '../../components/ScreenError';
import { useProblemWords } from '../../format/problem';
import { useAppState } from '../../hooks/useAppState';
import { useService } from '../../services/ServicesContext';
import { AttachmentsPanel } from '../../components/AttachmentsPanel';
import { ClientOrders, ClientQuotations } from '../sales/ClientDocuments';
import { ClientForm } from './ClientForm';
import { ClientAppointmentsPanel } from './ClientAppointmentsPanel';
import { decodeClientAppointments } from '../../../application/appointments/appointment';

const TABS = ['basic', 'quotation', 'order', 'appointment', 'attachment'] as const;

/** One client, in tabs: basic (the form), quotations, orders, appointments, attachments (spec §2). */
export default function ClientScreen({ data, route }: ScreenProps) {
  const client = decodeClient(data.props.client);
  if (!client) return <ScreenError error={{ code: 'notFound', message: '' }} />;
  const tab = (route.apiQuery?.tab ?? 'basic') as (typeof TABS)[number];
  return <ClientTabs client={client} tab={tab} data={data} />;
}

function ClientTabs({ client: loaded, tab, data }: { client: Client; tab: (typeof TABS)[number]; data: ScreenProps['data'] }) {
  const { t } = useTranslation('clients');
  const problems = useProblemWords();
  const user = useAppState('user');
  const state = useService(AppState);
  const service = useService(ClientService);
  const confirmation = useService(ConfirmationService);
  const navigation = useService(NavigationService);
  const [client, setClient] = useState(loaded);
  const [revealed, setRevealed] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const canEdit = hasPermission(user, 'client_edit');
  const name = [client.nameZh, client.nameEn].filter(Boolean).join(' · ');

  const reveal = async () => {
    const result = await service.revealHkid(client.id);
    result.match((hkid) => setRevealed(hkid), (error) => setMessage(problems.say(error)));
  };

  const remove = async () => {
    if (!(await confirmation.ask({ kind: 'delete', values: { name } }))) return;
    const result = await service.delete(client.id);
    result.match(
      () => {
        state.set({ unsavedChanges: false });
        void navigation.navigate('/clients', { replace: true }).then(() => state.set({ notification: { title: 'clients:deleted', type: 'success' } }));
      },
      (error) => setMessage(problems.say(error)),
    );
  };

  return (
    <div className="stack">
      <p className="client-heading">
        <strong>{name}</strong> <span className="hint">{client.code}</span>
      </p>
      <nav aria-label={t('tabs.label')}>
        <ul className="tabs">
          {TABS.map((key) => (
            <li key={key}>
              <Link href={`/clients/${key}/${client.id}`} className={key === tab ? 'tab active' : 'tab'} aria-current={key === tab ? 'page' : undefined}>
                {t(`tabs.${key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <FormAlert message={message} />
      {tab === 'basic' && (
        <ClientForm
          client={client}
          options={decodeOptions(data.props.options)}
          defaults={{ branchId: client.branchId }}
          readOnly={!canEdit}
          hkidSlot={
            <>
              <span className="hkid">{revealed ?? client.hkidMasked ?? '—'}</span>
              {client.hkidMasked && data.props.canRevealHkid === true && revealed === null && (
                <button type="button" className="link-button" onClick={() => void reveal()}>
                  {t('hkid.reveal')}
                </button>
              )}
            </>
          }
          onSave={async (input) => {
            const result = await service.update(client.id, client.version, input);
            if (result.isErr()) return { ok: false, error: result.error };
            setClient(result.value);
            setRevealed(null);
            state.set({ unsavedChanges: false, notification: { title: 'clients:saved', type: 'success' } });
            return { ok: true, client: result.value };
          }}
          extraActions={
            hasPermission(user, 'client_delete') ? (
              <button type="button" className="button button-danger" onClick={() => void remove()}>
                {t('delete')}
              </button>
            ) : null
          }
        />
      )}
      {tab === 'attachment' && <AttachmentsPanel ownerPath={`/api/clients/${client.id}`} initial={decodeAttachments(data.props.attachments)} canEdit={canEdit} />}
      {tab === 'quotation' && (hasPermission(user, 'quotation_view') ? <ClientQuotations clientId={client.id} rows={data.props.quotations} /> : <p className="notice">{t('tabs.noAccess')}</p>)}
      {tab === 'order' && (hasPermission(user, 'order_view') ? <ClientOrders clientId={client.id} rows={data.props.orders} /> : <p className="notice">{t('tabs.noAccess')}</p>)}
      {tab === 'appointment' && <ClientAppointmentsPanel clientId={client.id} items={decodeClientAppointments(data.props.appointments)} />}
    </div>
  );
}
