import { useTranslation } from 'react-i18next';
import { mayMail, sendDocument } from '../../../application/mail/mail';
import { Mailing, type MailedDocument } from '../../../application/ports/Mailing';
import { EmailSendPanel } from '../../components/EmailSendPanel';
import { useAppState } from '../../hooks/useAppState';
import { useService } from '../../services/ServicesContext';

/**
 * "Send by e-mail" on a quotation or an invoice, and the document's e-mails (EmailSendPanel); a send
 * attaches the document's PDF.
 */
export function DocumentEmail({ document, id, number }: { document: MailedDocument; id: number; number: string }) {
  const { t, i18n } = useTranslation('mail');
  const mailing = useService(Mailing);
  return (
    <EmailSendPanel
      headingId={`emails-${document}-${id}`}
      canSend={mayMail(useAppState('user'), document)}
      words={{ log: t('send.log'), none: t('send.none'), open: t('send.open'), title: t('send.title'), queued: (to) => t('send.queued', { to }) }}
      load={() => mailing.sends(document, id)}
      send={(draft) => sendDocument(mailing, document, id, draft)}
      // The same words the server uses: locales/…/mail.json.
      defaultMessage={(lng) => {
        const fixed = i18n.getFixedT(lng, 'mail');
        return fixed('email.defaultMessage', { document: fixed(`email.documents.${document}`), number });
      }}
    />
  );
}
