import { Suspense, use, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResultAsync } from 'neverthrow';
import type { ApiError } from '../../../application/api/ApiError';
import type { Invalid } from '../../../application/forms/Invalid';
import { DEFAULT_LINK_DAYS } from '../../../application/links/CustomerLinkDesk';
import { SalesDeskLoader } from '../../../application/sales/SalesDesks';
import { whatsAppChoices, type DocumentLink, type LinkedDocument } from '../../../application/links/customerLinks';
import { FormAlert } from '../../components/FormAlert';
import { TextField } from '../../components/TextField';
import { formatDateTime } from '../../format/dateTime';
import { useAppState } from '../../hooks/useAppState';
import { useBothLanguages } from '../../hooks/useBothLanguages';
import { useSubmit } from '../../hooks/useSubmit';
import { useService } from '../../services/ServicesContext';

export interface LinkedDocumentFacts {
  readonly kind: LinkedDocument;
  /** The record the screen names it by (a service report: its appointment, with the visit's `date`; a statement: its client). */
  readonly id: number;
  readonly date?: string;
  /** What the WhatsApp message names it by: its number (a service report: the visit's date; a statement: the client's code). */
  readonly number: string;
  /** The client's phone numbers (its main contact's). */
  readonly phones: readonly string[];
  readonly companyZh: string;
  readonly companyEn: string;
}

/**
 * "Customer link" and "Send by WhatsApp" on a quotation, an invoice, a receipt, a refund, a completed
 * service report or a client's statement: make a link (valid for so many days), copy it, revoke it,
 * see when it was opened; WhatsApp's click-to-chat with the client's mobile and a bilingual message
 * holding the link. Shown to whoever the document's link permission names (domain/links/linkedDocuments.ts).
 */
export function CustomerLinkPanel(props: { document: LinkedDocumentFacts }) {
  return (
    <Suspense fallback={null}>
      <Panel {...props} />
    </Suspense>
  );
}

function Panel({ document }: { document: LinkedDocumentFacts }) {
  const { t, i18n } = useTranslation('customer');
  const user = useAppState('user');
  // The WhatsApp message is in both languages: both languages' words are loaded.
  useBothLanguages();
  const desk = use(useService(SalesDeskLoader).load()).links;
  const [open, setOpen] = useState(false);
  const [links, setLinks] = useState<readonly DocumentLink[] | null>(null);
  const [days, setDays] = useState(DEFAULT_LINK_DAYS);
  const [made, setMade] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [whatsApp, setWhatsApp] = useState(false);
  const choices = whatsAppChoices(document.phones);
  const [phone, setPhone] = useState(choices[0] ?? '');
  const step = useSubmit((run: () => ResultAsync<unknown, Invalid | ApiError>) => run(), { always: true });
  const panelId = useId();
  const phonesId = useId();
  if (!desk.offers(user, document.kind).links) return null;

  const ref = { kind: document.kind, id: document.id, ...(document.date === undefined ? {} : { date: document.date }) };
  const reload = () => desk.list(ref).map(setLinks);
  const toggle = () => {
    const next = !open;
    setOpen(next);
    if (next && links === null) void step.submit(reload);
  };
  const makeLink = () =>
    desk.make(ref, days).andThen((link) => {
      setMade(link.url);
      setCopied(false);
      return reload().map(() => link.url);
    });
  const onMake = (event: FormEvent) => {
    event.preventDefault();
    void step.submit(makeLink);
  };
  const startWhatsApp = () => {
    setWhatsApp(true);
    setOpen(true);
    // One action: a new link (which lists the links again), or the list when a link is already made.
    if (!made) void step.submit(makeLink);
    else if (links === null) void step.submit(reload);
  };
  const copy = () => {
    if (!made) return;
    void globalThis.navigator?.clipboard?.writeText(made).then(
      () => setCopied(true),
      () => undefined,
    );
  };
  const zh = i18n.getFixedT('zh-HK', 'customer');
  const en = i18n.getFixedT('en', 'customer');
  const chat = made ? desk.whatsApp(phone, document, made, (key, values) => zh(key, values ?? {}), (key, values) => en(key, values ?? {})) : null;
  const when = (iso: string) => formatDateTime(iso, i18n.language);

  return (
    <div className="customer-links">
      <p className="inline-actions">
        <button type="button" className="button button-secondary" aria-expanded={open} aria-controls={panelId} onClick={toggle}>
          {t('link.open')}
        </button>
        <button type="button" className="button button-secondary" onClick={startWhatsApp}>
          {t('whatsapp.send')}
        </button>
      </p>
      {open && (
        <section id={panelId} className="card" aria-label={t('link.heading')} aria-busy={step.busy}>
          <h2>{t('link.heading')}</h2>
          <p className="hint">{t('link.intro')}</p>
          <FormAlert message={step.message} />
          <form noValidate className="inline-actions" onSubmit={onMake}>
            <TextField label={t('link.days')} inputMode="numeric" value={days} onChange={(e) => setDays(e.target.value)} errors={step.errors.expiresInDays} />
            <button type="submit" className="button button-primary" disabled={step.busy}>
              {t('link.make')}
            </button>
          </form>
          {made && (
            <div className="stack">
              <div className="inline-actions">
                <TextField label={t('link.address')} value={made} readOnly onFocus={(e) => e.currentTarget.select()} />
                <button type="button" className="button button-secondary" onClick={copy}>
                  {t('link.copy')}
                </button>
              </div>
              {copied && <p role="status">{t('link.copied')}</p>}
              <p className="hint">{t('link.onlyOnce')}</p>
            </div>
          )}
          {whatsApp && (
            <div className="stack">
              <h3>{t('whatsapp.send')}</h3>
              <TextField label={t('whatsapp.phone')} type="tel" inputMode="tel" list={phonesId} value={phone} onChange={(e) => setPhone(e.target.value)} errors={phone && chat?.isErr() ? [t('whatsapp.phoneInvalid')] : undefined} />
              <datalist id={phonesId}>
                {choices.map((p) => (
                  <option key={p} value={p} />
                ))}
              </datalist>
              {chat?.isOk() && (
                <a className="button button-primary" href={chat.value} target="_blank" rel="noopener noreferrer">
                  {t('whatsapp.openChat')}
                </a>
              )}
            </div>
          )}
          <h3>{t('link.list')}</h3>
          {links && links.length === 0 && <p>{t('link.none')}</p>}
          {links && links.length > 0 && (
            <ul className="link-list">
              {links.map((link) => (
                <li key={link.id}>
                  <strong>{t(`link.state.${link.state}`)}</strong> · {t('link.made', { at: when(link.createdAt), by: link.createdBy ?? '—' })} · {t('link.expires', { at: when(link.expiresAt) })} ·{' '}
                  {link.openCount > 0 ? t('link.opens', { count: link.openCount }) : t('link.neverOpened')}
                  {link.state === 'active' && (
                    <button
                      type="button"
                      className="button button-secondary"
                      disabled={step.busy}
                      onClick={() => void step.submit(() => desk.revoke(ref, link.id).andThen(() => reload()))}
                    >
                      {t('link.revoke')}
                    </button>
                  )}
                  {link.opens.length > 0 && (
                    <details>
                      <summary>{t('link.lastOpens')}</summary>
                      <ul>
                        {link.opens.map((o, i) => (
                          <li key={i}>
                            {t('link.open1', { at: when(o.at), ip: o.ip ?? t('link.unknownIp') })} <span className="hint">{o.userAgent}</span>
                          </li>
                        ))}
                      </ul>
                    </details>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
