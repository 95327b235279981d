import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ClientService } from '../../../application/clients/ClientService';
import { clientOffers } from '../../../application/clients/offers';
import { CLIENT_TABS, type ClientScreenData, type ClientTab } from '../../../application/clients/client';
import { screenValue } from '../../../application/navigation/screenData';
import type { ScreenProps } from '../../app/ScreenProps';
import { FormAlert } from '../../components/FormAlert';
import { useProblemWords } from '../../format/problem';
import { useAppState } from '../../hooks/useAppState';
import { useService } from '../../services/ServicesContext';
import { AttachmentsPanel } from '../../components/AttachmentsPanel';
import { ClientOrders, ClientQuotations } from '../sales/ClientDocuments';
import { ClientForm } from './ClientForm';
import { ClientAppointmentsPanel } from './ClientAppointmentsPanel';
import { ClientStatementPanel } from './ClientStatementPanel';

/** One client, in tabs: basic (the form), quotations, orders, appointments, attachments (spec §2), and the statement of account. */
export default function ClientScreen({ data, route }: ScreenProps) {
  // The route names the tab (its API query); the reply has that tab's records.
  const tab = CLIENT_TABS.find((key) => key === route.apiQuery?.tab) ?? 'basic';
  return <ClientTabs screen={screenValue(data, 'client')} tab={tab} />;
}

function ClientTabs({ screen, tab }: { screen: ClientScreenData; tab: ClientTab }) {
  const { t } = useTranslation('clients');
  const problems = useProblemWords();
  const offers = clientOffers(useAppState('user'));
  const service = useService(ClientService);
  const [client, setClient] = useState(screen.client);
  const [revealed, setRevealed] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const name = [client.nameZh, client.nameEn].filter(Boolean).join(' · ');

  const reveal = async () => {
    const result = await service.revealHkid(client.id);
    result.match((hkid) => setRevealed(hkid), (error) => setMessage(problems.say(error)));
  };

  const remove = async () => {
    const result = await service.remove(client);
    if (result.isErr() && result.error.code !== 'cancelled') setMessage(problems.say(result.error));
  };

  return (
    <div className="stack">
      <p className="client-heading">
        <strong>{name}</strong> <span className="hint">{client.code}</span>
      </p>
      <nav aria-label={t('tabs.label')} className="no-print">
        <ul className="tabs">
          {offers.tabs.map((key) => (
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
          options={screen.options}
          defaults={{ branchId: client.branchId }}
          readOnly={!offers.edit}
          hkidSlot={
            <>
              <span className="hkid">{revealed ?? client.hkidMasked ?? '—'}</span>
              {client.hkidMasked && screen.canRevealHkid && revealed === null && (
                <button type="button" className="link-button" onClick={() => void reveal()}>
                  {t('hkid.reveal')}
                </button>
              )}
            </>
          }
          onSaved={(saved) => {
            setClient(saved);
            setRevealed(null);
          }}
          extraActions={
            offers.delete ? (
              <button type="button" className="button button-danger" onClick={() => void remove()}>
                {t('delete')}
              </button>
            ) : null
          }
        />
      )}
      {tab === 'attachment' && <AttachmentsPanel owner={{ kind: 'client', id: client.id }} initial={screen.attachments ?? []} canEdit={offers.edit} />}
      {tab === 'quotation' && <ClientQuotations clientId={client.id} rows={screen.quotations} />}
      {tab === 'order' && <ClientOrders clientId={client.id} rows={screen.orders} />}
      {tab === 'appointment' && <ClientAppointmentsPanel clientId={client.id} items={screen.appointments ?? null} />}
      {tab === 'statement' && (screen.statement ? <ClientStatementPanel
            clientId={client.id}
            clientName={name}
            statement={screen.statement}
            linked={{ number: client.code, phones: client.contacts.flatMap((c) => c.phones), company: screen.options.companies.find((c) => c.id === client.companyId) ?? screen.options.companies[0] ?? null }}
          /> : null)}
    </div>
  );
}
