import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendDraft, type SendDraft } from '../../../application/mail/mail';
import type { MailLanguage } from '../../../application/ports/Mailing';
import { StatementDesk, type StatementPeriod, type StatementSend } from '../../../application/ports/StatementDesk';
import { mayMailStatements, sendStatement } from '../../../application/statements/statements';
import { documentMoney } from '../../../domain/documents/printable';
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
 * "Send statement by e-mail" on the Statement tab, and the client's statements sent: each queued,
 * sent ("Sent to … at …") or failed with the reason. A send is a background job that attaches the
 * statement's PDF of the period shown.
 */
export function StatementEmail({ clientId, period, closing }: { clientId: number; period: StatementPeriod; closing: number }) {
  const { t, i18n } = useTranslation(['statements', 'mail']);
  const desk = useService(StatementDesk);
  const canSend = mayMailStatements(useAppState('user'));
  const bothReady = useBothLanguages();
  const loaded = useLoaded(() => desk.sends(clientId));
  const [draft, setDraft] = useState<SendDraft | null>(null);
  const [edited, setEdited] = useState(false);
  const [queuedTo, setQueuedTo] = useState<string | null>(null);
  const send = useSubmit((next: SendDraft) => sendStatement(desk, clientId, period, next), { fields: ['to', 'language', 'message'] });
  const interfaceLanguage: MailLanguage = i18n.language === 'en' ? 'en' : 'zh-HK';

  /** The default message in one language or both (the same words the server uses: locales/…/statements.json). */
  const defaultMessage = (language: MailLanguage): string => {
    const one = (lng: 'zh-HK' | 'en') => i18n.getFixedT(lng, 'statements')('email.defaultMessage', { from: period.from, to: period.to, amount: documentMoney(closing) });
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

  const describe = (sent: StatementSend): string => {
    const state =
      sent.status === 'sent'
        ? t('mail:send.state.sent', { to: sent.recipient, at: formatDateTime(sent.sentAt ?? sent.createdAt, i18n.language) })
        : sent.status === 'failed'
          ? t('mail:send.state.failed', { to: sent.recipient, error: sent.error })
          : t(`mail:send.state.${sent.status}`, { to: sent.recipient });
    return sent.period ? `${t('actions.periodOf', { from: sent.period.from, to: sent.period.to })}: ${state}` : state;
  };

  const sends = loaded.value?.sends ?? [];
  const contacts = loaded.value?.contacts ?? [];
  const configured = loaded.value?.mailConfigured ?? false;
  return (
    <section className="card no-print" aria-labelledby={`statement-emails-${clientId}`}>
      <h2 id={`statement-emails-${clientId}`}>{t('actions.log')}</h2>
      {loaded.error && <p className="field-errors">{t('mail:send.loadFailed')}</p>}
      {queuedTo && (
        <p className="banner banner-success" role="status">
          {t('actions.queued', { to: queuedTo })}
        </p>
      )}
      {loaded.value && !configured && canSend && <p className="notice">{t('mail:send.notConfigured')}</p>}
      {sends.length === 0 ? (
        <p>{t('actions.none')}</p>
      ) : (
        <ul className="send-log">
          {sends.map((sent) => (
            <li key={sent.id} data-status={sent.status}>
              {describe(sent)}
              {sent.byName ? ` (${t('mail:send.by', { name: sent.byName })})` : ''}
              {sent.status === 'queued' && sent.error && <span className="hint"> {t('mail:send.retrying', { attempts: sent.attempts, error: sent.error })}</span>}
            </li>
          ))}
        </ul>
      )}
      <div className="form-actions">
        {canSend && configured && (
          <button type="button" className="button button-secondary" disabled={!bothReady} onClick={open}>
            {t('actions.send')}
          </button>
        )}
        <button type="button" className="button button-secondary" onClick={loaded.reload}>
          {t('mail:send.reload')}
        </button>
      </div>
      <FormDialog open={draft !== null} title={t('actions.title')} submitLabel={t('mail:send.submit')} cancelLabel={t('mail:send.cancel')} busy={send.busy} onSubmit={() => void onSubmit()} onClose={() => setDraft(null)}>
        {draft && (
          <>
            {send.message && <p className="field-errors">{send.message}</p>}
            {contacts.length > 0 && (
              <SelectField
                label={t('mail:send.contacts')}
                value={contacts.some((c) => c.email === draft.to) ? draft.to : ''}
                emptyLabel="—"
                options={contacts.map((c) => ({ value: c.email, label: `${c.name} <${c.email}>` }))}
                onChange={(e) => e.target.value && setDraft({ ...draft, to: e.target.value })}
              />
            )}
            <TextField label={t('mail:send.to')} name="to" type="email" value={draft.to} maxLength={254} onChange={(e) => setDraft({ ...draft, to: e.target.value })} errors={send.errors.to} />
            <SelectField
              label={t('mail:send.language')}
              value={draft.language}
              options={LANGUAGES.map((l) => ({ value: l, label: t(`mail:send.languages.${l}`) }))}
              onChange={(e) => {
                const language = e.target.value as MailLanguage;
                setDraft({ ...draft, language, message: edited ? draft.message : defaultMessage(language) });
              }}
              errors={send.errors.language}
            />
            <TextAreaField
              label={t('mail:send.message')}
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
