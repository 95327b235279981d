import { use, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SalesDeskLoader } from '../../../application/sales/SalesDesks';
import type { CustomerDocumentData } from '../../../application/links/customerLinks';
import { screenValue } from '../../../application/navigation/screenData';
import type { ScreenProps } from '../../app/ScreenProps';
import { FormAlert } from '../../components/FormAlert';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { TextField } from '../../components/TextField';
import { formatDateTime } from '../../format/dateTime';
import { dateText } from '../../../domain/time/format';
import { useBothLanguages } from '../../hooks/useBothLanguages';
import { useSubmit } from '../../hooks/useSubmit';
import { useService } from '../../services/ServicesContext';
import { SignaturePad } from '../calendar/SignaturePad';
import { DocumentSheet, type PrintLanguage } from '../sales/DocumentSheet';
import { customerPrintable } from './customerPrintable';
import { CustomerServiceReport } from './CustomerServiceReport';
import '../../styles/print.css';
import '../calendar/calendar.css';

const PDF_LANGUAGES: readonly PrintLanguage[] = ['zh-HK', 'en', 'both'];

/**
 * /d/{token}: the document a customer opens from its link, with no sign-in (a quotation, an invoice,
 * a receipt, a refund, a completed service report or a statement of account as of today) — the same sheet as the
 * print view, a language switch, its PDF, and for a quotation the customer's answer: accept (name
 * and drawn signature) or decline (a reason). Once answered, the outcome is shown and nothing offered.
 */
export default function CustomerDocumentScreen({ data, params }: ScreenProps) {
  const [view, setView] = useState<CustomerDocumentData>(screenValue(data, 'customerDocument'));
  const token = params.token ?? '';
  const { t, i18n } = useTranslation(['customer', 'sales', 'products', 'calendar', 'statements', 'field']);
  const desk = use(useService(SalesDeskLoader).load()).customer;
  const ready = useBothLanguages();
  const language: PrintLanguage = i18n.language === 'en' ? 'en' : 'zh-HK';
  const [pdfLanguage, setPdfLanguage] = useState<PrintLanguage>(language);
  const pdf = useSubmit(() => desk.downloadPdf(token, pdfLanguage));
  const doc = view.document;
  const company = doc.letterhead ? (language === 'en' ? doc.letterhead.nameEn || doc.letterhead.nameZh : doc.letterhead.nameZh || doc.letterhead.nameEn) : '';
  const pdfGroup = useId();

  return (
    <div className="stack customer-page">
      <header className="customer-header">
        <h1>{t('heading', { kind: t(`kind.${doc.kind}`), number: doc.number })}</h1>
        {company && <p className="hint">{t('from', { company })}</p>}
        <LanguageSwitch />
      </header>
      {view.pdf && (
        <section className="inline-actions" aria-labelledby={pdfGroup}>
          <fieldset className="print-languages">
            <legend id={pdfGroup}>{t('pdfLanguage')}</legend>
            {PDF_LANGUAGES.map((l) => (
              <label key={l} className="checkbox">
                <input type="radio" name="pdf-language" value={l} checked={pdfLanguage === l} onChange={() => setPdfLanguage(l)} /> {t(`pdfLanguages.${l}`)}
              </label>
            ))}
          </fieldset>
          <button type="button" className="button button-primary" disabled={pdf.busy} onClick={() => void pdf.submit()}>
            {t('downloadPdf')}
          </button>
          <FormAlert message={pdf.message} />
        </section>
      )}
      {doc.kind === 'quotation' && <Answer view={view} token={token} onAnswered={setView} />}
      {doc.statement && <p className="notice">{t('statementAsOf', { date: dateText(doc.statement.to, i18n.language) })}</p>}
      <div className="customer-sheet">{ready ? <Sheet view={view} language={language} /> : null}</div>
    </div>
  );
}

/** The document as printed: a service report's own sheet, the others' document sheet. */
function Sheet({ view, language }: { view: CustomerDocumentData; language: PrintLanguage }) {
  const report = view.document.serviceReport;
  if (report) return <CustomerServiceReport report={report} language={language} />;
  const printable = customerPrintable(view);
  return printable ? <DocumentSheet doc={printable} language={language} /> : null;
}

/** The customer's answer to a quotation: the outcome once given, else Accept (name and signature) or Decline (a reason). */
function Answer({ view, token, onAnswered }: { view: CustomerDocumentData; token: string; onAnswered: (next: CustomerDocumentData) => void }) {
  const { t, i18n } = useTranslation(['customer', 'calendar']);
  const desk = use(useService(SalesDeskLoader).load()).customer;
  const [name, setName] = useState('');
  const [signature, setSignature] = useState<Blob | null>(null);
  const [reason, setReason] = useState('');
  const accept = useSubmit(() => desk.accept(token, name, signature).map(onAnswered));
  const decline = useSubmit(() => desk.decline(token, reason).map(onAnswered));
  const headingId = useId();
  const { response } = view;

  if (response || !view.canRespond) {
    const at = response ? formatDateTime(response.at, i18n.language) : '';
    return (
      <section className="card customer-answer" aria-labelledby={headingId}>
        <h2 id={headingId}>{t('answer.heading')}</h2>
        {response?.outcome === 'accepted' && (
          <>
            <p role="status">{t('answer.acceptedBy', { name: response.name, at })}</p>
            {response.signature && <img className="customer-signature" src={response.signature} alt={t('answer.signatureAlt', { name: response.name })} />}
          </>
        )}
        {response?.outcome === 'declined' && (
          <>
            <p role="status">{response.name ? t('answer.declinedBy', { name: response.name, at }) : t('answer.declinedByNoName', { at })}</p>
            {response.reason && <p>{t('answer.reasonGiven', { reason: response.reason })}</p>}
          </>
        )}
        {view.refusal && !(response && (view.refusal === 'quotationAlreadyAccepted' || view.refusal === 'quotationAlreadyDeclined')) && <p className="notice">{t(`refusal.${view.refusal}`)}</p>}
      </section>
    );
  }

  const onAccept = (event: FormEvent) => {
    event.preventDefault();
    void accept.submit();
  };
  const onDecline = (event: FormEvent) => {
    event.preventDefault();
    void decline.submit();
  };
  return (
    <section className="card customer-answer" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('answer.heading')}</h2>
      <p className="hint">{t('answer.intro')}</p>
      <form noValidate onSubmit={onAccept} aria-busy={accept.busy}>
        <FormAlert message={accept.message} />
        <TextField label={t('answer.name')} value={name} maxLength={120} autoComplete="name" onChange={(e) => setName(e.target.value)} errors={accept.errors.name} />
        <SignaturePad
          label={t('answer.signature')}
          image={null}
          disabled={accept.busy}
          onSave={(png) => {
            setSignature(png);
            return Promise.resolve(true);
          }}
          onClear={() => {
            setSignature(null);
            return Promise.resolve(true);
          }}
        />
        {signature && <p role="status">{t('answer.signatureReady')}</p>}
        {accept.errors.signature && (
          <ul className="field-errors">
            {accept.errors.signature.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        )}
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={accept.busy || decline.busy}>
            {t('answer.accept')}
          </button>
        </div>
      </form>
      <form noValidate onSubmit={onDecline} aria-busy={decline.busy}>
        <h3>{t('answer.declineHeading')}</h3>
        <FormAlert message={decline.message} />
        <TextField label={t('answer.reason')} value={reason} maxLength={1000} onChange={(e) => setReason(e.target.value)} errors={decline.errors.reason} />
        <div className="form-actions">
          <button type="submit" className="button button-danger" disabled={accept.busy || decline.busy}>
            {t('answer.decline')}
          </button>
        </div>
      </form>
    </section>
  );
}
