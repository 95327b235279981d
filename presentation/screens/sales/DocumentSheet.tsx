import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cellText, documentMoney, documentRate, letterheadContacts, printedLanguages, type DocumentPayment, type DocumentTable, type PrintableDocument, type PrintLanguage, type Translate } from '../../../domain/documents/printable';
import { hundredthsToDecimal } from '../../../domain/money/money';
import { dateText, dateTimeText } from '../../../domain/time/format';
import { unitAfterQuantity } from '../../../domain/products/units';
import { DataTable } from '../../components/DataTable';
import { StoredImage } from '../../components/StoredImage';

export type { PrintableDocument, PrintLanguage, Translate } from '../../../domain/documents/printable';

/**
 * One A4 document in English, Chinese, or both side by side (Chinese first): the company's
 * letterhead, the client's names in both languages, the lines and totals, the terms, and room for
 * the client's signature and the company chop.
 */
export function DocumentSheet({ doc, language }: { doc: PrintableDocument; language: PrintLanguage }) {
  const { i18n } = useTranslation('sales');
  const languages = printedLanguages(language);
  // A statement's own words (statements namespace) stand beside the documents' (sales).
  const ts: Translate[] = languages.map((lng) => i18n.getFixedT(lng, ['sales', 'statements']));
  const units: Translate[] = languages.map((lng) => i18n.getFixedT(lng, 'products'));
  /**
   * A line's unit in each chosen language ("平方呎 / sq ft"); after its quantity, counted ("次 /
   * visits"); nothing for a line without a product.
   */
  const unitWords = (unit: string | null, quantity?: number) =>
    unit ? (
      <span className="print-unit">
        {units.map((t, i) => (
          <span key={i} lang={languages[i]}>
            {quantity === undefined ? t(`unit.${unit}`) : unitAfterQuantity(unit, quantity, languages[i] ?? 'zh-HK', t)}
          </span>
        ))}
      </span>
    ) : null;
  /** A label in each chosen language, side by side. */
  const L = (key: string) => (
    <>
      {ts.map((t, i) => (
        <span key={i} lang={languages[i]} className="print-label">
          {t(`print.${key}`)}
        </span>
      ))}
    </>
  );
  const money = documentMoney;
  const head = doc.letterhead;
  return (
    <article className={`print-sheet print-${language}`} aria-label={ts.map((t) => t(`print.title.${doc.kind}`)).join(' ')}>
      {head && (
        <header className="letterhead">
          {head.logoUrl && <StoredImage path={head.logoUrl} alt="" className="letterhead-logo" />}
          <div>
            {languages.includes('zh-HK') && (
              <p className="letterhead-name" lang="zh-HK">
                {head.nameZh}
              </p>
            )}
            {languages.includes('en') && (
              <p className="letterhead-name" lang="en">
                {head.nameEn}
              </p>
            )}
            <p className="letterhead-line">
              {languages.includes('zh-HK') && head.addressZh && <span lang="zh-HK">{head.addressZh}</span>}
              {languages.includes('en') && head.addressEn && <span lang="en">{head.addressEn}</span>}
            </p>
            <p className="letterhead-line">
              {letterheadContacts(head)}
            </p>
          </div>
        </header>
      )}
      <h2 className="print-title">
        {L(`title.${doc.kind}`)}
        {doc.voided && <span className="print-void">{L('void')}</span>}
      </h2>
      <div className="print-parties">
        <dl className="print-client">
          <dt>{L('client')}</dt>
          <dd>
            {doc.client?.nameZh && <span lang="zh-HK">{doc.client.nameZh}</span>}
            {doc.client?.nameEn && <span lang="en">{doc.client.nameEn}</span>}
            {doc.client?.address && <span>{doc.client.address}</span>}
            {doc.client?.contact && <span>{[doc.client.contact.name, ...doc.client.contact.phones].join(' ')}</span>}
          </dd>
        </dl>
        <dl className="print-facts">
          <dt>{L('number')}</dt>
          <dd>{doc.number}</dd>
          <FactRow label={L('date')} values={languages.map((l) => dateText(doc.date, l))} languages={languages} />
          {doc.facts.map((fact) => (
            <FactRow key={fact.label} label={L(fact.label)} values={ts.map((t, i) => fact.value(t, languages[i] ?? 'zh-HK'))} languages={languages} />
          ))}
        </dl>
      </div>
      {doc.items && (
        <DataTable
          className="print-items"
          wrapClassName={null}
          columns={[
            {
              label: 'description',
              heading: L('description'),
              cell: (item) => (
                <>
                  {languages.includes('zh-HK') && item.descriptionZh && <span lang="zh-HK">{item.descriptionZh}</span>}
                  {languages.includes('en') && item.descriptionEn && <span lang="en">{item.descriptionEn}</span>}
                  {!languages.some((l) => (l === 'en' ? item.descriptionEn : item.descriptionZh)) && <span>{item.descriptionZh || item.descriptionEn}</span>}
                </>
              ),
            },
            {
              label: 'quantity',
              heading: L('quantity'),
              className: 'number',
              cell: (item) => (
                <>
                  {hundredthsToDecimal(item.quantity)} {unitWords(item.unit, item.quantity)}
                </>
              ),
            },
            {
              label: 'unitPrice',
              heading: L('unitPrice'),
              className: 'number',
              cell: (item) => (
                <>
                  {money(item.unitPrice)}
                  {item.unit && <> / {unitWords(item.unit)}</>}
                </>
              ),
            },
            { label: 'amount', heading: L('amount'), className: 'number', cell: (item) => money(item.lineTotal) },
          ]}
          rows={doc.items}
          rowKey={(_, index) => index}
        />
      )}
      {doc.figures && (
        <dl className="print-totals">
          <dt>{L('subtotal')}</dt>
          <dd>{money(doc.figures.subtotal)}</dd>
          {doc.figures.discount > 0 && (
            <>
              <dt>
                {L('discount')} ({documentRate(doc.figures.discountRateBp)})
              </dt>
              <dd>−{money(doc.figures.discount)}</dd>
            </>
          )}
          <dt className="print-total">{L('total')}</dt>
          <dd className="print-total">{money(doc.figures.total)}</dd>
          {doc.figures.paid !== undefined && (
            <>
              <dt>{L('paid')}</dt>
              <dd>{money(doc.figures.paid)}</dd>
              <dt>{L('outstanding')}</dt>
              <dd>{money(doc.figures.outstanding ?? 0)}</dd>
            </>
          )}
        </dl>
      )}
      {doc.amount !== undefined && (
        <dl className="print-totals">
          <dt className="print-total">{L(doc.kind === 'refund' ? 'refunded' : 'received')}</dt>
          <dd className="print-total">{money(doc.amount)}</dd>
        </dl>
      )}
      {doc.balances && (
        <dl className="print-totals">
          {doc.balances.map((b) => (
            <Fragment key={b.label}>
              <dt className={b.strong ? 'print-total' : undefined}>{L(b.label)}</dt>
              <dd className={b.strong ? 'print-total' : undefined}>{money(b.amount)}</dd>
            </Fragment>
          ))}
        </dl>
      )}
      {doc.tables?.map((table) => <SheetTable key={table.title} table={table} label={L} ts={ts} languages={languages} />)}
      {doc.payment && <PaymentBlock payment={doc.payment} label={L} ts={ts} languages={languages} />}
      {doc.notes && <p className="print-notes">{doc.notes}</p>}
      {doc.terms.length > 0 && (
        <section className="print-terms">
          <h3>{L('terms')}</h3>
          <ol>
            {doc.terms.map((term, index) => (
              <li key={index}>
                {languages.includes('zh-HK') && (
                  <p lang="zh-HK">
                    <strong>{term.titleZh}</strong> {term.bodyZh}
                  </p>
                )}
                {languages.includes('en') && (
                  <p lang="en">
                    <strong>{term.titleEn}</strong> {term.bodyEn}
                  </p>
                )}
              </li>
            ))}
          </ol>
        </section>
      )}
      {doc.signed !== false && (
        <footer className="print-signatures">
          <div className="signature-box">
            {doc.acceptance?.signature ? <img src={doc.acceptance.signature} alt={doc.acceptance.name} className="signature-image" /> : <div className="signature-line" />}
            <p>{L(doc.kind === 'quotation' ? 'acceptedBy' : 'clientSignature')}</p>
            {doc.acceptance && (
              <p className="signature-signer">
                {doc.acceptance.name} · {languages.map((l) => dateTimeText(doc.acceptance!.at, l)).join(' ')}
              </p>
            )}
          </div>
          <div className="signature-box">
            {head?.chopUrl ? <StoredImage path={head.chopUrl} alt="" className="chop" /> : <div className="signature-line" />}
            <p>
              {L('forCompany')} {head && languages.map((l) => (l === 'en' ? head.nameEn : head.nameZh)).join(' ')}
            </p>
          </div>
        </footer>
      )}
    </article>
  );
}

/** A table beyond the lines (a statement's entries, ageing, invoices owed): headings and cells in the sheet's languages. */
function SheetTable({ table, label, ts, languages }: { table: DocumentTable; label: (key: string) => ReactNode; ts: readonly Translate[]; languages: readonly ('zh-HK' | 'en')[] }) {
  return (
    <section className="print-table">
      <h3>{label(table.title)}</h3>
      {table.rows.length === 0 && table.empty ? (
        <p>{label(table.empty)}</p>
      ) : (
        <DataTable
          className="print-items"
          wrapClassName={null}
          columns={table.columns.map((column, index) => ({
            label: column.label,
            heading: label(column.label),
            className: column.align === 'right' ? 'number' : undefined,
            cell: (row: readonly DocumentTable['rows'][number][number][]) => {
              const cell = row[index] ?? '';
              if (typeof cell === 'string') return cell;
              return ts.map((t, i) => (
                <span key={i} lang={languages[i]}>
                  {cellText(cell, t, languages[i] ?? 'zh-HK')}
                </span>
              ));
            },
          }))}
          rows={table.rows}
          rowKey={(_, index) => index}
        />
      )}
    </section>
  );
}

/** How to pay: "Pay by FPS" with the QR code and the FPS identifier, and the bank account, in the sheet's languages. */
function PaymentBlock({ payment, label, ts, languages }: { payment: DocumentPayment; label: (key: string) => ReactNode; ts: readonly Translate[]; languages: readonly ('zh-HK' | 'en')[] }) {
  const bank: [string, string][] = (
    [
      ['bankName', payment.bankName],
      ['accountName', payment.accountName],
      ['accountNumber', payment.accountNumber],
    ] as [string, string][]
  ).filter(([, value]) => value !== '');
  return (
    <section className="print-payment" aria-label={ts.map((t) => t('print.payment')).join(' ')}>
      {payment.fps && (
        <div className="print-fps">
          {payment.qrImage && <StoredImage path={payment.qrImage} alt={ts.map((t) => t('print.fpsQr')).join(' ')} className="print-fps-qr" width={150} height={150} />}
          <div>
            <p className="print-fps-title">{label('payByFps')}</p>
            <dl>
              <FactRow label={label(`fpsTypes.${payment.fps.type}`)} values={[payment.fps.value]} languages={languages} />
            </dl>
          </div>
        </div>
      )}
      {bank.length > 0 && (
        <dl className="print-bank">
          {bank.map(([key, value]) => (
            <FactRow key={key} label={label(key)} values={[value]} languages={languages} />
          ))}
        </dl>
      )}
    </section>
  );
}

function FactRow({ label, values, languages }: { label: ReactNode; values: readonly string[]; languages: readonly string[] }) {
  const distinct = values.filter((v, i) => values.indexOf(v) === i);
  return (
    <>
      <dt>{label}</dt>
      <dd>
        {distinct.map((value, i) => (
          <span key={i} lang={distinct.length > 1 ? languages[i] : undefined}>
            {value}
          </span>
        ))}
      </dd>
    </>
  );
}
