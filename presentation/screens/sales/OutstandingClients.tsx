import { useTranslation } from 'react-i18next';
import { CustomerReminders } from '../../../application/ports/CustomerReminders';
import { StatementDesk } from '../../../application/ports/StatementDesk';
import { paymentRemindersTo } from '../../../application/reminders/reminders';
import { clientsOfInvoices, mayMailStatements, sendStatementsTo } from '../../../application/statements/statements';
import { ClientActionPanel, type ClientAction } from '../../components/ClientActionPanel';
import { useAppState } from '../../hooks/useAppState';
import { useService } from '../../services/ServicesContext';

/**
 * The outstanding reminders' clients (those of the invoices listed), to choose and act on at once:
 * "Send statements" sends each chosen client's statement by e-mail, "Send payment reminder" the
 * reminder of their overdue invoices (a job each).
 */
export function OutstandingClients({ rows }: { rows: readonly { readonly client: { readonly id: number; readonly nameEn: string; readonly nameZh: string }; readonly outstanding: number }[] }) {
  const { t } = useTranslation(['statements', 'reminders']);
  const desk = useService(StatementDesk);
  const reminders = useService(CustomerReminders);
  const user = useAppState('user');
  if (!mayMailStatements(user) || rows.length === 0) return null;
  const clients = clientsOfInvoices(rows);
  const actions: ClientAction[] = [
    { key: 'statements', label: t('bulk.send'), run: (ids) => sendStatementsTo(desk, ids), reason: (code) => t(`bulk.reasons.${code}`, { defaultValue: code }) },
    { key: 'reminders', label: t('bulk.sendReminder'), run: (ids) => paymentRemindersTo(reminders, clients, ids), reason: (code) => t(`reminders:reasons.${code}`, { defaultValue: code }) },
  ];
  return <ClientActionPanel title={t('bulk.titleBoth')} intro={`${t('bulk.intro')} ${t('bulk.reminderIntro')}`} clients={clients} actions={actions} />;
}
