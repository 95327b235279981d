import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResultAsync } from 'neverthrow';
import type { ApiError } from '../../application/api/ApiError';
import type { Invalid } from '../../application/forms/Invalid';
import { sendDraft, type SendDraft } from '../../application/mail/mail';
import type { DocumentSend, DocumentSends, MailLanguage } from '../../application/ports/Mailing';
import { formatDateTime } from '../format/dateTime';
import { failureText } from '../format/mailFailure';
import { useBothLanguages } from '../hooks/useBothLanguages';
import { useLoaded } from '../hooks/useLoaded';
import { useSubmit } from '../hooks/useSubmit';
import { FormDialog } from './FormDialog';
import { SelectField } from './SelectField';
import { TextAreaField } from './TextAreaField';
import { TextField } from './TextField';

const LANGUAGES: readonly MailLanguage[] = ['zh-HK', 'en', 'both'];

/** The words of one kind of e-mail that differ from the mail namespace's own (already translated). */
export interface EmailPanelWords {
  /** The list's heading. */
  readonly log: string;
  /** Nothing sent yet. */
  readonly none: string;
  /** The button that opens the dialog. */
  readonly open: string;
  /** The dialog's title. */
  readonly title: string;
  /** Said once a send is queued. */
  readonly queued: (to: string) => string;
}

/**
 * "Send by e-mail" and the e-mails of one thing (a quotation, an invoice, a client's statement):
 * each queued, sent ("Sent to … at …") or failed with the reason; a send is queued as a background
 * job on the server. The dialog offers the client's contacts, the language (Chinese, English or
 * both) and a default message in that language, kept once the user edits it. What is sent and where
 * it is listed come from the caller (`load`, `send`), with the words that differ (`words`).
 */
export function EmailSendPanel<S extends DocumentSend>({
  headingId,
  className = 'card',
  canSend,
  words,
  load,
  send: sendIt,
  defaultMessage: oneLanguage,
  describePrefix,
}: {
  readonly headingId: string;
  readonly className?: string;
  readonly canSend: boolean;
  readonly words: EmailPanelWords;
  readonly load: () => ResultAsync<Omit<DocumentSends, 'sends'> & { readonly sends: readonly S[] }, ApiError>;
  readonly send: (draft: SendDraft) => ResultAsync<DocumentSend, ApiError | Invalid>;
  /** The default message in one language (the same words the server uses). */
  readonly defaultMessage: (language: 'zh-HK' | 'en') => string;
  /** What a listed send is about, before its state (a statement's period), or null. */
  readonly describePrefix?: (sent: S) => string | null;
}) {
  const { t, i18n } = useTranslation('mail');
  const bothReady = useBothLanguages();
  const loaded = useLoaded(load);
  const [draft, setDraft] = useState<SendDraft | null>(null);
  const [edited, setEdited] = useState(false);
  const [queuedTo, setQueuedTo] = useState<string | null>(null);
  const send = useSubmit(sendIt, { fields: ['to', 'language', 'message'] });
  const interfaceLanguage: MailLanguage = i18n.language === 'en' ? 'en' : 'zh-HK';
  const defaultMessage = (language: MailLanguage): string => (language === 'both' ? `${oneLanguage('zh-HK')}\n\n—\n\n${oneLanguage('en')}` : oneLanguage(language));

  const open = () => {
    send.reset();
    setEdited(false);
    setQueuedTo(null);
    // In the client's language of e-mails (Settings of the client), else the interface's.
    const language = loaded.value?.clientLanguage ?? interfaceLanguage;
    setDraft(sendDraft(loaded.value?.contacts ?? [], language, defaultMessage(language)));
  };

  const onSubmit = async () => {
    if (!draft) return;
    const result = await send.submit(draft);
    if (!result?.isOk()) return;
    setQueuedTo(result.value.recipient);
    setDraft(null);
    loaded.reload();
  };

  const describe = (sent: S): string => {
    const state =
      sent.status === 'sent'
        ? t('send.state.sent', { to: sent.recipient, at: formatDateTime(sent.sentAt ?? sent.createdAt, i18n.language) })
        : sent.status === 'failed'
          ? t('send.state.failed', { to: sent.recipient, error: failureText(t, sent.error) })
          : t(`send.state.${sent.status}`, { to: sent.recipient });
    const prefix = describePrefix?.(sent);
    return prefix ? `${prefix}: ${state}` : state;
  };

  const sends = loaded.value?.sends ?? [];
  const contacts = loaded.value?.contacts ?? [];
  const configured = loaded.value?.mailConfigured ?? false;
  return (
    <section className={className} aria-labelledby={headingId}>
      <h2 id={headingId}>{words.log}</h2>
      {loaded.error && <p className="field-errors">{t('send.loadFailed')}</p>}
      {queuedTo && (
        <p className="banner banner-success" role="status">
          {words.queued(queuedTo)}
        </p>
      )}
      {loaded.value && !configured && canSend && <p className="notice">{t('send.notConfigured')}</p>}
      {sends.length === 0 ? (
        <p>{words.none}</p>
      ) : (
        <ul className="send-log">
          {sends.map((sent) => (
            <li key={sent.id} data-status={sent.status}>
              {describe(sent)}
              {sent.byName ? ` (${t('send.by', { name: sent.byName })})` : ''}
              {sent.status === 'queued' && sent.error && <span className="hint"> {t('send.retrying', { attempts: sent.attempts, error: failureText(t, sent.error) })}</span>}
            </li>
          ))}
        </ul>
      )}
      <div className="form-actions">
        {canSend && configured && (
          <button type="button" className="button button-secondary" disabled={!bothReady} onClick={open}>
            {words.open}
          </button>
        )}
        <button type="button" className="button button-secondary" onClick={loaded.reload}>
          {t('send.reload')}
        </button>
      </div>
      <FormDialog open={draft !== null} title={words.title} submitLabel={t('send.submit')} cancelLabel={t('send.cancel')} busy={send.busy} onSubmit={() => void onSubmit()} onClose={() => setDraft(null)}>
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
