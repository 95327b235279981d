import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { statementAddress, type StatementPeriodProblem } from '../../../application/clients/statement';
import { NavigationService } from '../../../application/navigation/NavigationService';
import type { PdfDocument } from '../../../application/ports/DocumentPdfs';
import { StatementDesk } from '../../../application/ports/StatementDesk';
import { statementPrint } from '../../../application/statements/statements';
import type { PrintableDocument } from '../../../domain/documents/printable';
import { AGEING_BUCKETS, type Statement } from '../../../domain/statements/statement';
import { DataTable } from '../../components/DataTable';
import { FormAlert } from '../../components/FormAlert';
import { PdfDownload } from '../../components/PdfDownload';
import { TextField } from '../../components/TextField';
import { formatHKD } from '../../format/money';
import { useProblemWords } from '../../format/problem';
import { useService } from '../../services/ServicesContext';
import { CustomerLinkPanel } from '../sales/CustomerLinkPanel';
import { PrintPreview } from '../sales/PrintPreview';
import { StatementEmail } from './StatementEmail';


/**
 * A client's statement of account: the period (the last three months unless chosen), the opening
 * balance, each invoice, receipt and refund with the balance after it, the closing balance, and
 * what is owed by age. Print leaves out the menu, tabs and the period form. The statement's PDF
 * (Download, or the print view of the same document model, in Chinese, English or both) and its
 * e-mails are beside it, and its customer link (the statement as of the day the customer opens it)
 * with "Send by WhatsApp".
 */
export function ClientStatementPanel({
  clientId,
  clientName,
  statement,
  linked,
}: {
  clientId: number;
  clientName: string;
  statement: Statement;
  /** What the statement's customer link and WhatsApp message name: the client's code, phones and the company it is sent from. */
  linked?: { readonly number: string; readonly phones: readonly string[]; readonly company: { readonly nameEn: string; readonly nameZh: string } | null };
}) {
  const { t, i18n } = useTranslation(['clients', 'statements']);
  const navigation = useService(NavigationService);
  const desk = useService(StatementDesk);
  const problems = useProblemWords();
  const [printed, setPrinted] = useState<PrintableDocument | null>(null);
  const [printProblem, setPrintProblem] = useState<string | null>(null);
  const period = { from: statement.from, to: statement.to };
  const pdf: PdfDocument = { kind: 'statement', clientId, ...period };

  const openPrint = async () => {
    setPrintProblem(null);
    const made = await statementPrint(desk, clientId, period);
    if (made.isOk()) setPrinted(made.value);
    else setPrintProblem(problems.say(made.error));
  };
  const money = (cents: number) => formatHKD(cents, i18n.language);
  const [from, setFrom] = useState<string>(statement.from);
  const [to, setTo] = useState<string>(statement.to);
  const [problem, setProblem] = useState<StatementPeriodProblem | null>(null);

  const show = (event: FormEvent) => {
    event.preventDefault();
    statementAddress(clientId, from, to).match(
      (address) => {
        setProblem(null);
        void navigation.navigate(address);
      },
      setProblem,
    );
  };
  const errorOf = (field: 'from' | 'to') => (problem?.field === field ? [t(problem.key)] : undefined);

  return (
    <section className="stack report-result" aria-labelledby="statement-title">
      <form className="filters no-print" onSubmit={show} noValidate>
        <TextField label={t('statement.from')} type="date" value={from} onChange={(e) => setFrom(e.target.value)} errors={errorOf('from')} required />
        <TextField label={t('statement.to')} type="date" value={to} onChange={(e) => setTo(e.target.value)} errors={errorOf('to')} required />
        <div className="inline-actions">
          <button type="submit" className="button button-primary">
            {t('statement.show')}
          </button>
          <button type="button" className="button button-secondary" onClick={() => window.print()}>
            {t('statement.print')}
          </button>
        </div>
      </form>
      <div className="inline-actions no-print">
        <PdfDownload document={pdf} language={i18n.language === 'en' ? 'en' : 'zh-HK'} label={t('statements:actions.downloadPdf')} />
        <button type="button" className="button button-secondary" onClick={() => void openPrint()}>
          {t('statements:actions.printView')}
        </button>
      </div>
      <FormAlert message={printProblem} />
      {printed && <PrintPreview doc={printed} pdf={pdf} onClose={() => setPrinted(null)} />}
      <h2 id="statement-title">{t('statement.title')}</h2>
      <p>
        {clientName} · {t('statement.period', { from: statement.from, to: statement.to })}
      </p>
      <dl className="figures">
        <dt>{t('statement.opening')}</dt>
        <dd>{money(statement.opening)}</dd>
        <dt>{t('statement.closing')}</dt>
        <dd className="figure-total">{money(statement.closing)}</dd>
      </dl>
      <DataTable
        caption={t('statement.entries')}
        captionShown
        empty={t('statement.noEntries')}
        columns={[
          { label: t('statement.date'), cell: (e) => e.date },
          { label: t('statement.kind'), cell: (e) => t(`statement.kinds.${e.kind}`) },
          { label: t('statement.number'), cell: (e) => (e.kind === 'invoice' ? <Link href={`/orders/order/invoice/${e.id}`}>{e.number}</Link> : e.number) },
          { label: t('statement.invoice'), cell: (e) => e.invoiceNumber ?? '' },
          { label: t('statement.debit'), className: 'number', cell: (e) => (e.debit ? money(e.debit) : '') },
          { label: t('statement.credit'), className: 'number', cell: (e) => (e.credit ? money(e.credit) : '') },
          { label: t('statement.balance'), className: 'number', cell: (e) => money(e.balance) },
        ]}
        rows={statement.entries}
        rowKey={(e) => `${e.kind}-${e.id}`}
      />
      <DataTable
        caption={t('statement.ageing')}
        captionShown
        columns={AGEING_BUCKETS.map((bucket) => ({ label: t(`statement.buckets.${bucket}`), className: 'number', cell: (a: Statement['ageing']) => money(a[bucket]) }))}
        rows={[statement.ageing]}
        rowKey={() => 'ageing'}
      />
      <DataTable
        caption={t('statement.open')}
        captionShown
        empty={t('statement.noOpen')}
        columns={[
          { label: t('statement.number'), cell: (o) => <Link href={`/orders/order/invoice/${o.id}`}>{o.number}</Link> },
          { label: t('statement.date'), cell: (o) => o.date },
          { label: t('statement.dueDate'), cell: (o) => o.dueDate },
          { label: t('statement.daysOverdue'), className: 'number', cell: (o) => (o.daysOverdue > 0 ? String(o.daysOverdue) : t('statement.notDue')) },
          { label: t('statement.total'), className: 'number', cell: (o) => money(o.total) },
          { label: t('statement.outstanding'), className: 'number', cell: (o) => money(o.outstanding) },
        ]}
        rows={statement.open}
        rowKey={(o) => o.id}
      />
      <StatementEmail clientId={clientId} period={period} closing={statement.closing} />
      {linked && (
        <div className="no-print">
          <CustomerLinkPanel
            document={{ kind: 'statement', id: clientId, number: linked.number, phones: linked.phones, companyZh: linked.company?.nameZh ?? '', companyEn: linked.company?.nameEn ?? '' }}
          />
        </div>
      )}
    </section>
  );
}
