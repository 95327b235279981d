import { useTranslation } from 'react-i18next';
import { StatementDesk, type StatementPeriod, type StatementSend } from '../../../application/ports/StatementDesk';
import { mayMailStatements, sendStatement } from '../../../application/statements/statements';
import { documentMoney } from '../../../domain/documents/printable';
import { dateText } from '../../../domain/time/format';
import { EmailSendPanel } from '../../components/EmailSendPanel';
import { useAppState } from '../../hooks/useAppState';
import { useService } from '../../services/ServicesContext';

/**
 * "Send statement by e-mail" on the Statement tab, and the client's statements sent, each with the
 * period it covered (EmailSendPanel). A send attaches the statement's PDF of the period shown.
 */
export function StatementEmail({ clientId, period, closing }: { clientId: number; period: StatementPeriod; closing: number }) {
  const { t, i18n } = useTranslation(['statements', 'mail']);
  const desk = useService(StatementDesk);
  return (
    <EmailSendPanel<StatementSend>
      headingId={`statement-emails-${clientId}`}
      className="card no-print"
      canSend={mayMailStatements(useAppState('user'))}
      words={{ log: t('actions.log'), none: t('actions.none'), open: t('actions.send'), title: t('actions.title'), queued: (to) => t('actions.queued', { to }) }}
      load={() => desk.sends(clientId)}
      send={(draft) => sendStatement(desk, clientId, period, draft)}
      // The same words the server uses: locales/…/statements.json.
      defaultMessage={(lng) => i18n.getFixedT(lng, 'statements')('email.defaultMessage', { from: dateText(period.from, lng), to: dateText(period.to, lng), amount: documentMoney(closing) })}
      describePrefix={(sent) => (sent.period ? t('actions.periodOf', { from: sent.period.from, to: sent.period.to }) : null)}
    />
  );
}
