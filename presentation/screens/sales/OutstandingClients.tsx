import { useTranslation } from 'react-i18next';
import { StatementDesk } from '../../../application/ports/StatementDesk';
import { clientsOfInvoices, mayMailStatements, sendStatementsTo } from '../../../application/statements/statements';
import { ClientActionPanel, type ClientAction } from '../../components/ClientActionPanel';
import { useAppState } from '../../hooks/useAppState';
import { useService } from '../../services/ServicesContext';

/**
 * The outstanding reminders' clients (those of the invoices listed), to choose and act on at once:
 * "Send statements" sends each chosen client's statement by e-mail (a job each). Further actions on
 * the same choice (a payment reminder) go beside it in `actions`.
 */
export function OutstandingClients({ rows }: { rows: readonly { readonly client: { readonly id: number; readonly nameEn: string; readonly nameZh: string }; readonly outstanding: number }[] }) {
  const { t } = useTranslation('statements');
  const desk = useService(StatementDesk);
  const user = useAppState('user');
  if (!mayMailStatements(user) || rows.length === 0) return null;
  const actions: ClientAction[] = [{ key: 'statements', label: t('bulk.send'), run: (ids) => sendStatementsTo(desk, ids), reason: (code) => t(`bulk.reasons.${code}`, { defaultValue: code }) }];
  return <ClientActionPanel title={t('bulk.title')} intro={t('bulk.intro')} clients={clientsOfInvoices(rows)} actions={actions} />;
}
