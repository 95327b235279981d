import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mayMail, sendDocument, sendDraft, type SendDraft } from '../../../application/mail/mail';
import { Mailing, type DocumentSend, type MailedDocument, type MailLanguage } from '../../../application/ports/Mailing';
import { FormDialog } from '../../components/FormDialog';
import { SelectField } from '../../components/SelectField';
import { TextAreaField } from '../../components/TextAreaField';
import { TextField } from '../../components/TextField';
import { formatDateTime } from '../../format/dateTime';
import { useAppState } from '../../hooks/useAppState';
import { useBothLanguages } from '../../hooks/useBothLanguages';
import { useLoaded } from '../../hooks/useLoaded';
import { useSubmit } from '../../hooks/useSubmit';
import { useService } from '../../services/ServicesContext';

const LANGUAGES: readonly MailLanguage[] = ['zh-HK', 'en', 'both'];

/**
 * "Send by e-mail" on a quotation or an invoice, and the document's e-mails: each one queued, sent
 * ("Sent to … at …") or failed with the reason; a send is queued as a background job that attaches
 * the document's PDF.
 */
export function DocumentEmail({ document, id, number }: { document: MailedDocument; id: number; number: string }) {
  const { t, i18n } = useTranslation('mail');
  const mailing = useService(Mailing);
  const canSend = mayMail(useAppState('user'), document);
  const bothReady = useBothLanguages();
  const loaded = useLoaded(() => mailing.sends(document, id));
  const [draft, setDraft] = useState<SendDraft | null>(null);
  const [edited, setEdited] = useState(false);
  const [queuedTo, setQueuedTo] = useState<string | null>(null);
  const send = useSubmit((next: SendDraft) => sendDocument(mailing, document, id, next), { fields: ['to', 'language', 'message'] });
  const interfaceLanguage: MailLanguage = i18n.language === 'en' ? 'en' : 'zh-HK';

  /** The default message in one language or both (the same words the server uses: locales/…/mail.json). */
  const defaultMessage = (language: MailLanguage): string => {
    const one = (lng: 'zh-HK' | 'en') => {
      const fixed = i18n.getFixedT(lng, 'mail');
      return fixed('email.defaultMessage', { document: fixed(`email.documents.${document}`), number });
    };
    return language === 'both' ? `${one('zh-HK')}\n\n—\n\n${one('en')}` : one(language);
  };

  const open = () => {
    send.reset();
    setEdited(false);
    setQueuedTo(null);
    setDraft(sendDraft(loaded.value?.contacts ?? [], interfaceLanguage, defaultMessage(interfaceLanguage)));
  };

  const onSubmit = async () => {
    if (!draft) return;
    const result = await send.submit(draft);
    if (!result?.isOk()) return;
    setQueuedTo(result.value.recipient);
    setDraft(null);
    loaded.reload();
  };

  const describe = (sent: DocumentSend): string => {
    if (sent.status === 'sent') return t('send.state.sent', { to: sent.recipient, at: formatDateTime(sent.sentAt ?? sent.createdAt, i18n.language) });
    if (sent.status === 'failed') return t('send.state.failed', { to: sent.recipient, error: sent.error });
    return t(`send.state.${sent.status}`, { to: sent.recipient });
  };

  const sends = loaded.value?.sends ?? [];
  const contacts = loaded.value?.contacts ?? [];
  const configured = loaded.value?.mailConfigured ?? false;
  return (
    <section className="card" aria-labelledby={`emails-${document}-${id}`}>
      <h2 id={`emails-${document}-${id}`}>{t('send.log')}</h2>
      {loaded.error && <p className="field-errors">{t('send.loadFailed')}</p>}
      {queuedTo && (
        <p className="banner banner-success" role="status">
          {t('send.queued', { to: queuedTo })}
        </p>
      )}
      {loaded.value && !configured && canSend && <p className="notice">{t('send.notConfigured')}</p>}
      {sends.length === 0 ? (
        <p>{t('send.none')}</p>
      ) : (
        <ul className="send-log">
          {sends.map((sent) => (
            <li key={sent.id} data-status={sent.status}>
              {describe(sent)}
              {sent.byName ? ` (${t('send.by', { name: sent.byName })})` : ''}
              {sent.status === 'queued' && sent.error && <span className="hint"> {t('send.retrying', { attempts: sent.attempts, error: sent.error })}</span>}
            </li>
          ))}
        </ul>
      )}
      <div className="form-actions">
        {canSend && configured && (
          <button type="button" className="button button-secondary" disabled={!bothReady} onClick={open}>
            {t('send.open')}
          </button>
        )}
        <button type="button" className="button button-secondary" onClick={loaded.reload}>
          {t('send.reload')}
        </button>
      </div>
      <FormDialog open={draft !== null} title={t('send.title')} submitLabel={t('send.submit')} cancelLabel={t('send.cancel')} busy={send.busy} onSubmit={() => void onSubmit()} onClose={() => setDraft(null)}>
        {draft && (
          <>
            {send.message && <p className="field-errors">{send.message}</p>}
            {contacts.length > 0 && (
              <SelectField
                label={t('send.contacts')}
                value={contacts.some((c) => c.email === draft.to) ? draft.to : ''}
                emptyLabel="—"
                options={contacts.map((c) => ({ value: c.email, label: `${c.name} <${c.email}>` }))}
                onChange={(e) => e.target.value && setDraft({ ...draft, to: e.target.value })}
              />
            )}
            <TextField label={t('send.to')} name="to" type="email" value={draft.to} maxLength={254} onChange={(e) => setDraft({ ...draft, to: e.target.value })} errors={send.errors.to} />
            <SelectField
              label={t('send.language')}
              value={draft.language}
              options={LANGUAGES.map((l) => ({ value: l, label: t(`send.languages.${l}`) }))}
              onChange={(e) => {
                const language = e.target.value as MailLanguage;
                setDraft({ ...draft, language, message: edited ? draft.message : defaultMessage(language) });
              }}
              errors={send.errors.language}
            />
            <TextAreaField
              label={t('send.message')}
              value={draft.message}
              rows={8}
              maxLength={5000}
              onChange={(e) => {
                setEdited(true);
                setDraft({ ...draft, message: e.target.value });
              }}
              errors={send.errors.message}
            />
          </>
        )}
      </FormDialog>
    </section>
  );
}
