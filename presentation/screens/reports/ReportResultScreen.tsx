import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { hundredthsToDecimal } from '../../../domain/money/money';
import { unitAfterQuantity } from '../../../domain/products/units';
import { dateText } from '../../../domain/time/format';
import { ORDER_TYPES, type OrderType } from '../../../domain/orders/order';
import { screenValue } from '../../../application/navigation/screenData';
import { ReportService } from '../../../application/reports/ReportService';
import {
  cellLink,
  exportAddress,
  HEADER_CHOICES,
  methodNames,
  PRINT_ROW_LIMIT,
  printQuery,
  reportCharts,
  reportOfPath,
  rowKey,
  totalsApart,
  totalsCount,
  type Chart,
  type ReportColumn,
  type ReportKey,
  type ReportResult,
  type ReportRow,
} from '../../../application/reports/reports';
import type { ScreenProps } from '../../app/ScreenProps';
import { DataTable, type TableColumn, type TableSorting } from '../../components/DataTable';
import { DownloadLink } from '../../components/DownloadLink';
import { FormAlert } from '../../components/FormAlert';
import { useProblemWords } from '../../format/problem';
import { useService } from '../../services/ServicesContext';
import { Pagination } from '../../components/Pagination';
import { SelectField } from '../../components/SelectField';
import { bilingual } from '../../format/bilingual';
import { formatHKD } from '../../format/money';
import { BarChart } from './BarChart';
import { formatCell, formatCount, formatHours, formatMonth, formatMonthShort, isFigure, type Translate } from './format';
// The print stylesheet (the report rules are at its end): loaded with this screen, not only with a sales print view.
import '../../styles/print.css';

/** What the filters applied say, in words ("Branch: Head Office"). */
function appliedFilters(result: ReportResult, params: URLSearchParams, t: Translate, language: string): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(result.filterNames ?? {})) out.push(`${t(`applied.${key}`)}: ${typeof value === 'string' ? value : bilingual(value, language)}`);
  for (const param of ['type', 'status', 'kind', 'method', 'banked', 'signed', 'tag', 'q']) {
    const value = params.get(param);
    if (!value) continue;
    // A payment method added under Settings → Options has no fixed words: the receipt report's summary by method holds them.
    const names = param === 'method' ? methodNames(result, value) : null;
    const method = names ? bilingual(names, language) : undefined;
    const words = param === 'type' ? (ORDER_TYPES.includes(value as OrderType) ? t(`code.orderType.${value}`) : value) : param === 'tag' || param === 'q' ? value : method || t(`appliedValue.${value}`);
    out.push(`${t(`applied.${param}`)}: ${words}`);
  }
  return out;
}

/**
 * What the totals row leaves out because it does not add up: quantities per unit (different units
 * are never one sum), the invoices and clients in all (one may be on several products), and the
 * all-day visits (they count no hours).
 */
function TotalsApart({ result }: { result: ReportResult }) {
  const { t, i18n } = useTranslation(['reports', 'products']);
  const language = i18n.language;
  const { byUnit, distinct, allDay } = totalsApart(result);
  return (
    <>
      {byUnit.length > 0 && (
        <p className="hint">
          {t('result.quantityByUnit')}: {byUnit.map((u) => `${hundredthsToDecimal(u.quantity)} ${u.unit === 'none' ? t('code.unit.none') : unitAfterQuantity(u.unit, u.quantity, language, (key) => t(`products:${key}`))}`).join(' · ')}
        </p>
      )}
      {distinct && <p className="hint">{t('result.distinct', { invoices: t('result.distinctInvoices', { count: distinct.orders, number: formatCount(distinct.orders, language) }), clients: t('result.distinctClients', { count: distinct.clients, number: formatCount(distinct.clients, language) }) })}</p>}
      {allDay > 0 && <p className="hint">{t('result.allDay', { count: allDay })}</p>}
    </>
  );
}

/** The print view's rows: none yet, being read, read (printed next), or a failure to say. */
type PrintState = { readonly phase: 'idle' } | { readonly phase: 'reading' } | { readonly phase: 'ready'; readonly result: ReportResult } | { readonly phase: 'failed'; readonly message: string };

/**
 * A report's result (spec: the filter path + "-result", its data from the report's API path): what
 * it covers, charts where the report has them, the table with sortable columns and a totals row,
 * pages, downloads as CSV or Excel with headers in Chinese, English or both, and a print view.
 * Print prints every row of the result, not only the page on screen: when there are more rows than
 * the page holds, it reads them all first (up to the export limit) through the report's API path
 * with the same filters and sort, puts them in a table that only the printout shows, and prints.
 */
export default function ReportResultScreen({ route, data }: ScreenProps) {
  const { t, i18n } = useTranslation('reports');
  const problems = useProblemWords();
  const [path] = useLocation();
  const search = useSearch();
  const report = reportOfPath(route.path)!;
  const key: ReportKey = report.key;
  const result = screenValue(data, 'reportResult');
  const params = new URLSearchParams(search);
  const [headers, setHeaders] = useState<string>(i18n.language === 'en' ? 'en' : 'zh-HK');
  const language = i18n.language;
  const money = (n: number) => formatHKD(n, language);
  const download = (format: 'csv' | 'xlsx') => exportAddress(key, search, format, headers);
  const defaultSort = result.sort || '';
  const tr: Translate = (k) => t(k);
  const applied = appliedFilters(result, params, tr, language);
  const reports = useService(ReportService);
  const [printing, setPrinting] = useState<PrintState>({ phase: 'idle' });
  // The address the rows being read belong to: a reply for an address left meanwhile is dropped.
  const address = `${route.path}?${search}`;
  const current = useRef(address);
  useEffect(() => {
    current.current = address;
    setPrinting({ phase: 'idle' });
  }, [address]);

  const print = () => {
    if (printing.phase === 'reading') return;
    if (result.count <= result.rows.length) {
      // Every row is on screen already.
      setPrinting({ phase: 'idle' });
      window.print();
      return;
    }
    const asked = address;
    setPrinting({ phase: 'reading' });
    void reports.allRows(key, printQuery(search)).match(
      (all) => {
        if (current.current === asked) setPrinting({ phase: 'ready', result: all });
      },
      (error) => {
        if (current.current === asked) setPrinting({ phase: 'failed', message: t('result.printFailed', { reason: problems.say(error) }) });
      },
    );
  };

  // Once every row is in the print table, print; the table goes again after the printout.
  useEffect(() => {
    if (printing.phase !== 'ready') return;
    const done = () => setPrinting({ phase: 'idle' });
    window.addEventListener('afterprint', done);
    window.print();
    return () => window.removeEventListener('afterprint', done);
  }, [printing]);

  const printed = printing.phase === 'ready' ? printing.result : null;

  return (
    <div className={`stack report-result${printed ? ' report-print-all' : ''}`}>
      <section className="report-summary" aria-label={t('result.about')}>
        <p>
          <strong>{t('result.range', { from: dateText(result.dateFrom, language), to: dateText(result.dateTo, language) })}</strong>
          {applied.length > 0 && <span className="report-applied"> · {applied.join(' · ')}</span>}
        </p>
        <p className="hint">{t(`note.${key}`)}</p>
        {result.voided && result.voided.count > 0 && <p className="hint">{t('result.voided', { count: result.voided.count, amount: money(result.voided.total) })}</p>}
        <TotalsApart result={result} />
      </section>
      <div className="toolbar report-actions no-print">
        <Link href={`${report.filter}${search ? `?${search}` : ''}`} className="button button-secondary">
          {t('result.changeFilters')}
        </Link>
        <div className="report-export">
          <SelectField label={t('result.headers')} value={headers} options={HEADER_CHOICES.map((h) => ({ value: h, label: t(`headerChoice.${h}`) }))} onChange={(e) => setHeaders(e.target.value)} />
          <DownloadLink className="button button-secondary" href={download('csv')}>
            {t('result.csv')}
          </DownloadLink>
          <DownloadLink className="button button-secondary" href={download('xlsx')}>
            {t('result.xlsx')}
          </DownloadLink>
          <button type="button" className="button button-secondary" aria-disabled={printing.phase === 'reading' || undefined} onClick={print}>
            {t('result.print')}
          </button>
        </div>
      </div>
      <div className="no-print">
        <p className="hint" role="status" aria-live="polite">
          {printing.phase === 'reading' ? t('result.printFetching', { count: Math.min(result.count, PRINT_ROW_LIMIT) }) : ''}
        </p>
        <FormAlert message={printing.phase === 'failed' ? printing.message : null} />
      </div>

      <Charts report={key} result={result} />
      <Breakdowns report={key} result={result} />

      {result.rows.length === 0 ? (
        <p className="notice" role="status">
          {t('result.empty')}
        </p>
      ) : (
        <div className="table-wrap report-screen-table">
          <ResultTable report={key} result={result} caption={t('result.caption', { title: t(`routes:report.${key}`) })} headings={{ path, search, defaultSort }} />
        </div>
      )}
      {printed && (
        <div className="table-wrap report-print-table">
          {printed.count > printed.rows.length && <p>{t('result.printLimited', { shown: formatCount(printed.rows.length, language), total: formatCount(printed.count, language), count: printed.count })}</p>}
          <ResultTable report={key} result={printed} caption={t('result.printCaption', { title: t(`routes:report.${key}`) })} headings={null} />
        </div>
      )}
      <div className="no-print">
        <Pagination path={path} search={search} page={result.page} perPage={result.perPage} total={result.count} />
      </div>
    </div>
  );
}

/**
 * The rows of a result with its totals row. On screen (`headings` given) the headings sort and the
 * cells that name a record link to it; in the print table they are plain text.
 */
function ResultTable({ report, result, caption, headings }: { report: ReportKey; result: ReportResult; caption: string; headings: TableSorting | null }) {
  const { t, i18n } = useTranslation('reports');
  const language = i18n.language;
  const tr: Translate = (k) => t(k);
  const totals = result.totals;
  /** A column's figure in the totals row: the count of rows under the first, a sum under a figure, the last date under a date. */
  const total = (column: ReportColumn, index: number) => {
    if (!totals) return undefined;
    if (index === 0) return <strong>{t('result.total', { count: totalsCount(totals) })}</strong>;
    if (!(column.key in totals)) return '';
    if (isFigure(column)) return <strong>{formatCell(column, totals[column.key], tr, language)}</strong>;
    return column.kind === 'date' ? formatCell(column, totals[column.key], tr, language) : '';
  };
  const columns = result.columns.map(
    (column, index): TableColumn<ReportRow> => ({
      key: column.key,
      label: t(`column.${column.key}`),
      sort: column.sortable ? column.key : undefined,
      className: isFigure(column) ? 'number' : undefined,
      cell: (row) => {
        const text = formatCell(column, row[column.key], tr, language);
        const link = headings ? cellLink(report, column.key, row) : null;
        return link && text !== '—' ? <Link href={link}>{text}</Link> : text;
      },
      total: total(column, index),
    }),
  );
  return <DataTable className="data-table report-table" wrapClassName={null} caption={caption} columns={columns} rows={result.rows} rowKey={rowKey} sorting={headings} />;
}

/** The charts of the order analysis and the commission report. */
function Charts({ report, result }: { report: ReportKey; result: ReportResult }) {
  const { t, i18n } = useTranslation('reports');
  const language = i18n.language;
  const money = (n: number) => formatHKD(n, language);
  const charts = reportCharts(report, result);
  if (!charts) return null;
  const summary = (chart: Chart) => t('chart.summary', { count: chart.points.length, total: money(chart.total) });
  const months = (chart: Chart) => chart.points.map((p, i) => ({ label: formatMonth(p.key, language), short: formatMonthShort(p.key, language, i === 0), values: p.values }));
  const staff = (chart: Chart) => chart.points.map((p) => ({ label: p.label || t('result.noSalesperson'), values: p.values }));
  if (report === 'orderAnalysis') {
    const { byMonth, byType, bySalesperson } = charts as Record<'byMonth' | 'byType' | 'bySalesperson', Chart>;
    return (
      <div className="chart-grid">
        <BarChart title={t('chart.byMonth')} summary={summary(byMonth)} series={[{ label: t('chart.invoiced'), tone: 1 }, { label: t('chart.received'), tone: 2 }]} points={months(byMonth)} format={money} />
        <BarChart title={t('chart.byType')} summary={summary(byType)} series={[{ label: t('chart.invoiced'), tone: 1 }]} points={byType.points.map((p) => ({ label: t(`code.orderType.${p.key}`), values: p.values }))} format={money} />
        <BarChart title={t('chart.bySalesperson')} summary={summary(bySalesperson)} series={[{ label: t('chart.invoiced'), tone: 1 }]} points={staff(bySalesperson)} format={money} />
      </div>
    );
  }
  const { byMonth, bySalesperson } = charts as Record<'byMonth' | 'bySalesperson', Chart>;
  return (
    <div className="chart-grid">
      <BarChart title={t('chart.commissionBySalesperson')} summary={summary(bySalesperson)} series={[{ label: t('column.commission'), tone: 1 }]} points={staff(bySalesperson)} format={money} />
      <BarChart title={t('chart.commissionByMonth')} summary={summary(byMonth)} series={[{ label: t('column.commission'), tone: 2 }]} points={months(byMonth)} format={money} />
    </div>
  );
}

/** A summary table beside a report's rows: its caption shown, each row named by its first cell. */
function Breakdown<Row>({ caption, columns, rows, rowKey }: { caption: string; columns: readonly TableColumn<Row>[]; rows: readonly Row[]; rowKey: (row: Row) => string | number }) {
  return <DataTable className="data-table report-breakdown" wrapClassName={null} caption={caption} captionShown columns={columns} rows={rows} rowKey={rowKey} />;
}

/** The small summaries some reports add: receipts by method, visits by status and by worker, reports by status. */
function Breakdowns({ report, result }: { report: ReportKey; result: ReportResult }) {
  const { t, i18n } = useTranslation('reports');
  const language = i18n.language;
  const money = (n: number) => formatHKD(n, language);
  const count = (n: number) => formatCount(n, language);
  if (report === 'receipt') {
    const rows = result.byMethod ?? [];
    if (rows.length === 0) return null;
    return (
      <Breakdown
        caption={t('breakdown.byMethod')}
        columns={[
          // A method's words from Settings → Options (nameEn/nameZh), else the built-in words of its code.
          { label: t('column.method'), rowHeader: true, cell: (r) => bilingual(r, language) || t(`code.method.${r.method}`) },
          { label: t('breakdown.count'), className: 'number', cell: (r) => count(r.count) },
          { label: t('breakdown.receipts'), className: 'number', cell: (r) => money(r.receipts) },
          { label: t('breakdown.refunds'), className: 'number', cell: (r) => money(r.refunds) },
          { label: t('breakdown.net'), className: 'number', cell: (r) => money(r.net) },
          { label: t('breakdown.awaitingBankIn'), className: 'number', cell: (r) => count(r.awaitingBankIn) },
        ]}
        rows={rows}
        rowKey={(r) => r.method}
      />
    );
  }
  if (report === 'appointment' || report === 'completedReport') {
    const byWorker = result.byWorker ?? [];
    return (
      <div className="report-breakdowns">
        <Breakdown
          caption={t('breakdown.byStatus')}
          columns={[
            { label: t('column.status'), rowHeader: true, cell: (r) => t(`code.appointmentStatus.${r.status}`) },
            { label: t('breakdown.count'), className: 'number', cell: (r) => count(r.count) },
          ]}
          rows={result.byStatus ?? []}
          rowKey={(r) => r.status}
        />
        {byWorker.length > 0 && (
          <Breakdown
            caption={t('breakdown.byWorker')}
            columns={[
              { label: t('column.workers'), rowHeader: true, cell: (r) => r.name },
              { label: t('breakdown.visits'), className: 'number', cell: (r) => count(r.visits) },
              { label: t('column.hours'), className: 'number', cell: (r) => formatHours(r.hours, language) },
              { label: t('breakdown.done'), className: 'number', cell: (r) => count(r.done) },
              { label: t('breakdown.canceled'), className: 'number', cell: (r) => count(r.canceled) },
            ]}
            rows={byWorker}
            rowKey={(r) => r.id}
          />
        )}
        {result.seesAll === false && <p className="hint">{t('breakdown.ownOnly')}</p>}
      </div>
    );
  }
  return null;
}
